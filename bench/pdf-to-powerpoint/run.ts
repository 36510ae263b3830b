import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { runFromSources } from '../from-sources.js';
import { wordSimilarity } from '../measures.js';

/**
 * PDF to PowerPoint round trip: `npm run pdf-to-powerpoint --workspace bench` (or `node --import tsx
 * bench/pdf-to-powerpoint/run.ts [--only=name,name] [--keep] [--verbose]`).
 *
 * The shared corpus's presentations (office/*.pptx, .odp, .ppt; a .ppt is read through a .pptx LibreOffice saves
 * first) go to PDF through our PowerPoint to PDF, then back to .pptx through our PDF to PowerPoint and through
 * LibreOffice's own PDF import (`soffice --infilter=impress_pdf_import --convert-to pptx`) as the baseline. Per file
 * and side: slides (against the original's shown slides), the mean per-slide similarity of the slide's word
 * sequence with the original's (1 - word edit distance / the longer length; a missing slide scores 0), the same
 * as bags of words (order left aside: text boxes may be listed in another order than the original's shapes), and
 * pictures in the package. Targets (issue 29): equal slide counts, similarity >= 0.95 and >= LibreOffice's.
 * Prints a table; asserts nothing.
 */

runFromSources(import.meta.url);

const { defaultLimits } = await import('@paperknife/catalog/limits');
const { parseToolOptions } = await import('@paperknife/catalog/tool-options');
const { closeLibreOffice, closeMupdfPool, engineTools } = await import('@paperknife/engine');
const { corpusDir } = await import('@paperknife/engine/testing/corpus');
const { onlyArgument, requirePrograms } = await import('../engine/measure.js');
const { table } = await import('../table.js');

requirePrograms(['soffice']);

const only = onlyArgument();
const keep = process.argv.includes('--keep');
/** `--verbose`: each slide under 0.95 or under LibreOffice's, with the three word sequences. */
const verbose = process.argv.includes('--verbose');
const limits = { ...defaultLimits, jobTimeoutMs: 600_000 };
const signal = new AbortController().signal;
const scratch = await mkdtemp(join(tmpdir(), 'paperknife-bench-pdf-to-powerpoint-'));

/** Words of each shown slide in order, and the pictures the package holds. */
interface DeckFacts {
  slides: string[][];
  pictures: number;
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
/** Words, and each Chinese, Japanese or Korean character on its own: their lines break anywhere. */
const wordsOf = (text: string): string[] =>
  decode(text)
    .toLowerCase()
    .match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]+/gu) ?? [];
const isPicture = (name: string) => /\.(png|jpe?g|gif|bmp|tiff?|emf|wmf|svg)$/i.test(name);

/** A .pptx's shown slides in presentation order (presentation.xml's list, hidden ones left out). */
function pptxFacts(bytes: Uint8Array): DeckFacts {
  const files = unzipSync(bytes);
  const part = (name: string) => (files[name] ? strFromU8(files[name]) : '');
  const targets = new Map(
    [...part('ppt/_rels/presentation.xml.rels').matchAll(/<Relationship\b[^>]*>/g)].map((tag) => [
      /Id="([^"]+)"/.exec(tag[0])?.[1] ?? '',
      /Target="([^"]+)"/.exec(tag[0])?.[1] ?? '',
    ]),
  );
  const ids = [...part('ppt/presentation.xml').matchAll(/<p:sldId\b[^>]*r:id="([^"]+)"/g)].map((match) => match[1]!);
  const slides: string[][] = [];
  for (const id of ids) {
    const target = (targets.get(id) ?? '').replace(/^\/?ppt\//, '').replace(/^\//, '');
    const xml = part(`ppt/${target}`);
    if (/<p:sld\b[^>]*\bshow="0"/.test(xml)) continue;
    slides.push([...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].flatMap((match) => wordsOf(match[1]!)));
  }
  return {
    slides,
    pictures: Object.keys(files).filter((name) => name.startsWith('ppt/media/') && isPicture(name)).length,
  };
}

/** The text of an XML fragment: its paragraphs, headings, breaks and tabs as spaces. */
const odfText = (xml: string) => xml.replace(/<text:(p|h|line-break|tab|s)\b[^>]*\/?>/g, ' ').replace(/<[^>]+>/g, '');

/**
 * What an embedded object (`./Object 3`) shows on its slide: a text document's text; a chart's titles and the
 * header row and column of its table (series names in the legend, category names on the axis), not its values,
 * which a chart draws as bars. Empty for anything else or a missing part.
 */
function embeddedText(files: Record<string, Uint8Array>, href: string): string {
  const folder = href.replace(/^\.\//, '').replace(/\/$/, '');
  const part = files[`${folder}/content.xml`];
  if (!part) return '';
  const xml = strFromU8(part);
  const body = /<office:body>([\s\S]*)<\/office:body>/.exec(xml)?.[1] ?? '';
  if (body.startsWith('<office:text')) return odfText(body);
  if (!body.startsWith('<office:chart')) return '';
  const titles = [...body.matchAll(/<chart:(title|subtitle)\b[^>]*>([\s\S]*?)<\/chart:\1>/g)].map((match) => match[2]!);
  const table = /<table:table\b[\s\S]*<\/table:table>/.exec(body)?.[0] ?? '';
  const rows = [...table.matchAll(/<table:table-row\b[^>]*>([\s\S]*?)<\/table:table-row>/g)].map((row) =>
    [...row[1]!.matchAll(/<table:table-cell\b[^>]*?(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].map(
      (cell) => cell[1] ?? '',
    ),
  );
  const series = rows[0]?.slice(1) ?? [];
  const categories = rows.slice(1).map((row) => row[0] ?? '');
  return [...titles, ...series, ...categories].map(odfText).join(' ');
}

/**
 * An .odp's shown pages in order, their notes left out, each embedded object's text where it stands (the PDF shows
 * it, and our copy keeps it as text).
 */
function odpFacts(bytes: Uint8Array): DeckFacts {
  const files = unzipSync(bytes);
  const content = strFromU8(files['content.xml']!);
  const slides: string[][] = [];
  for (const page of content.matchAll(/<draw:page\b([^>]*)>([\s\S]*?)<\/draw:page>/g)) {
    const style = /draw:style-name="([^"]+)"/.exec(page[1]!)?.[1];
    const hidden =
      style &&
      new RegExp(
        `style:name="${style}"[^>]*>\\s*<style:drawing-page-properties[^>]*presentation:visibility="hidden"`,
      ).test(content);
    if (hidden) continue;
    const body = page[2]!
      .replace(/<presentation:notes\b[\s\S]*?<\/presentation:notes>/g, '')
      .replace(/<draw:object\b[^>]*xlink:href="([^"]+)"[^>]*>/g, (_, href: string) => ` ${embeddedText(files, href)} `);
    slides.push(wordsOf(odfText(body)));
  }
  const pictures = Object.keys(files).filter((name) => name.startsWith('Pictures/') && isPicture(name)).length;
  return { slides, pictures };
}

/** Words in common (as multisets) over the larger count. */
function bagSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const word of a) counts.set(word, (counts.get(word) ?? 0) + 1);
  let common = 0;
  for (const word of b) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      common++;
      counts.set(word, left - 1);
    }
  }
  return common / Math.max(a.length, b.length);
}

/** Mean over the original's slides (and any extra slides of the copy, which score 0). */
function meanPerSlide(original: DeckFacts, copy: DeckFacts, score: typeof wordSimilarity): number {
  const count = Math.max(original.slides.length, copy.slides.length);
  let total = 0;
  for (let index = 0; index < count; index++) {
    const a = original.slides[index];
    const b = copy.slides[index];
    total += a && b ? score(a, b) : 0;
  }
  return count === 0 ? 1 : total / count;
}

function soffice(args: string[], outdir: string): void {
  const profile = `file://${join(scratch, 'soffice-profile')}`;
  spawnSync('soffice', [`-env:UserInstallation=${profile}`, '--headless', ...args, '--outdir', outdir], {
    stdio: 'ignore',
    timeout: 300_000,
  });
}

const office = join(corpusDir, 'office');
if (!existsSync(office)) {
  console.error(`No corpus at ${office}: nothing to measure.`);
  process.exit(2);
}
const decks = readdirSync(office)
  .filter((name) => /\.(pptx|odp|ppt)$/i.test(name))
  .filter((name) => !only || only.some((part) => name.includes(part)))
  .sort();

const rows: string[][] = [];
const totals = { ours: 0, oursBag: 0, lo: 0, loBag: 0, equalOurs: 0, equalLo: 0, files: 0 };
let libreOfficeImports = 0;
for (const name of decks) {
  const stem = basename(name, extname(name));
  const folder = join(scratch, stem);
  await mkdir(folder, { recursive: true });
  const source = join(folder, name);
  await copyFile(join(office, name), source);
  let original: DeckFacts;
  if (/\.odp$/i.test(name)) original = odpFacts(readFileSync(source));
  else if (/\.pptx$/i.test(name)) original = pptxFacts(readFileSync(source));
  else {
    const saved = join(folder, 'original');
    soffice(['--convert-to', 'pptx', source], saved);
    original = pptxFacts(readFileSync(join(saved, `${stem}.pptx`)));
  }
  const context = { workDir: folder, limits, signal };
  const file = { path: source, name, size: (await stat(source)).size };
  const pdf = await engineTools['powerpoint-to-pdf']([file], parseToolOptions('powerpoint-to-pdf', {}), context);
  const pdfFile = { path: pdf.path, name: `${stem}.pdf`, size: (await stat(pdf.path)).size };
  const started = Date.now();
  const ours = await engineTools['pdf-to-powerpoint'](
    [pdfFile],
    parseToolOptions('pdf-to-powerpoint', { ocr: 'never' }),
    context,
  );
  const oursMs = Date.now() - started;
  const oursFacts = pptxFacts(readFileSync(ours.path));
  const loFolder = join(folder, 'libreoffice');
  await copyFile(pdf.path, join(folder, `${stem}.pdf`));
  soffice(['--infilter=impress_pdf_import', '--convert-to', 'pptx', join(folder, `${stem}.pdf`)], loFolder);
  const loPath = join(loFolder, `${stem}.pptx`);
  const lo = existsSync(loPath) ? pptxFacts(readFileSync(loPath)) : undefined;
  if (lo) libreOfficeImports++;
  const score = meanPerSlide(original, oursFacts, wordSimilarity);
  const bag = meanPerSlide(original, oursFacts, bagSimilarity);
  const loScore = lo ? meanPerSlide(original, lo, wordSimilarity) : 0;
  const loBag = lo ? meanPerSlide(original, lo, bagSimilarity) : 0;
  totals.files++;
  totals.ours += score;
  totals.oursBag += bag;
  totals.lo += loScore;
  totals.loBag += loBag;
  if (oursFacts.slides.length === original.slides.length) totals.equalOurs++;
  if (lo?.slides.length === original.slides.length) totals.equalLo++;
  rows.push([
    name,
    String(original.slides.length),
    String(oursFacts.slides.length),
    lo ? String(lo.slides.length) : '-',
    score.toFixed(3),
    lo ? loScore.toFixed(3) : '-',
    bag.toFixed(3),
    lo ? loBag.toFixed(3) : '-',
    String(original.pictures),
    String(oursFacts.pictures),
    lo ? String(lo.pictures) : '-',
    `${oursMs} ms`,
  ]);
  if (verbose) {
    for (let index = 0; index < original.slides.length; index++) {
      const [a, b, c] = [original.slides[index] ?? [], oursFacts.slides[index] ?? [], lo?.slides[index] ?? []];
      const [ourScore, loSlide] = [wordSimilarity(a, b), lo ? wordSimilarity(a, c) : NaN];
      if (ourScore >= 0.95 && !(loSlide > ourScore)) continue;
      console.log(`${stem} slide ${index + 1}: ours ${ourScore.toFixed(3)}, LibreOffice ${loSlide.toFixed(3)}`);
      console.log(`  original: ${a.join(' ')}\n  ours:     ${b.join(' ')}\n  LibreOffice: ${c.join(' ')}`);
    }
  }
  if (!keep) await rm(folder, { recursive: true, force: true });
}

const mean = (value: number) => (totals.files ? (value / totals.files).toFixed(3) : '-');
rows.push([
  `mean (${totals.files} files)`,
  '',
  `${totals.equalOurs} equal`,
  `${totals.equalLo} equal`,
  mean(totals.ours),
  mean(totals.lo),
  mean(totals.oursBag),
  mean(totals.loBag),
  '',
  '',
  '',
  '',
]);
console.log(
  table(
    [
      'file',
      'slides',
      'ours',
      'LO',
      'text ours',
      'text LO',
      'words ours',
      'words LO',
      'pics',
      'pics ours',
      'pics LO',
      'time',
    ],
    rows,
  ),
);
if (libreOfficeImports === 0) console.log('LibreOffice imported none of the PDFs as a presentation.');
await Promise.all([closeMupdfPool(), closeLibreOffice()]);
if (keep) console.log(`Files kept in ${scratch}`);
else await rm(scratch, { recursive: true, force: true });
