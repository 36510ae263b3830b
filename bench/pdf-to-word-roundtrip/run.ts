import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { runFromSources } from '../from-sources.js';
import { type TimedRun, timedRun, wordSimilarity } from '../measures.js';

/**
 * PDF to Word round trip: `npm run pdf-to-word-roundtrip --workspace bench` (or `node --import tsx
 * bench/pdf-to-word-roundtrip/run.ts [--only=name,name] [--keep] [--corpus=folder]`; `--keep` leaves the PDFs and Word
 * files in the scratch folder it prints, to look into a score; `--corpus` names the shared corpus where it is not
 * beside the repository; `--ours-only` leaves LibreOffice out, for quicker runs while working on a score).
 *
 * Word files (the shared corpus's .docx and documents written here with the `docx` package: two columns, a table
 * with merged cells, a header and footer, lists, a picture) go to PDF through our Word to PDF, then back to Word
 * through our PDF to Word, and through LibreOffice's own PDF import (`soffice --infilter=writer_pdf_import`) as
 * the baseline. Per file and per side: similarity of the body's word sequence with the original's (1 - word edit
 * distance / longer length), tables found with the original's row and column counts, columns read in order (for
 * documents that have columns), pictures kept, time and peak RSS of the conversion process. Targets (issue 14):
 * similarity >= 0.95 and >= LibreOffice's on every file, every table found with its shape, columns in order.
 * Prints a table; asserts nothing.
 */

runFromSources(import.meta.url);

const { ToolError } = await import('@paperknife/catalog/errors');
const { defaultLimits } = await import('@paperknife/catalog/limits');
const { closeLibreOffice, closeMupdfPool, engineTools } = await import('@paperknife/engine');
const { corpusDir, corpusPresent } = await import('@paperknife/engine/testing/corpus');
const { roundTripDocuments } = await import('./documents.js');
const { onlyArgument, requirePrograms } = await import('../engine/measure.js');
const { table } = await import('../table.js');

requirePrograms(['soffice', '/usr/bin/time']);

const only = onlyArgument();
const keep = process.argv.includes('--keep');
const skipLibreOffice = process.argv.includes('--ours-only');
const corpus =
  process.argv.find((arg) => arg.startsWith('--corpus='))?.slice('--corpus='.length) ??
  (corpusPresent() ? corpusDir : undefined);
const limits = { ...defaultLimits, jobTimeoutMs: 600_000 };
const signal = new AbortController().signal;
const scratch = await mkdtemp(join(tmpdir(), 'paperknife-bench-pdf-to-word-'));
const convertScript = fileURLToPath(new URL('./convert.ts', import.meta.url));

interface Shape {
  rows: number;
  columns: number;
}

interface DocxFacts {
  words: string[];
  tables: Shape[];
  images: number;
}

/** The text of a part's XML as Word shows it: paragraphs, tabs and breaks as spaces, entities decoded. */
function partText(xml: string): string {
  // Deleted text of tracked changes (w:delText) is shown struck through, as Word shows it by default and our Word
  // to PDF prints it: a PDF to Word cannot tell it from other text. Ruby text (w:rt) sits above its base, a word of
  // its own, not joined to the base as the XML's run order would have it.
  return [...xml.matchAll(/<w:(t|delText)(?:\s[^>]*)?>([^<]*)<\/w:\1>|<w:(?:p|tab|br|rt|rubyBase)[\s/>]/g)]
    .map((match) => (match[2] === undefined ? ' ' : match[2]))
    .join('')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}

/**
 * The footnotes' text as a page shows it, after the body: each reference mark is its number (Word numbers notes
 * 1, 2, 3 in the order they are referenced) written where it is, and each note starts with its number. A PDF has
 * the notes at the foot of the page, where a PDF to Word without Word footnotes writes them as text; with Word
 * footnotes they are in footnotes.xml, which is read the same way, so both score alike.
 */
function withFootnotes(body: string, notesXml: string | undefined): string {
  if (!notesXml) return body;
  const numbers = new Map<string, number>();
  const marked = body.replace(/<w:footnoteReference\s[^>]*?w:id="(-?\d+)"[^>]*\/>/g, (_, id: string) => {
    if (!numbers.has(id)) numbers.set(id, numbers.size + 1);
    return `<w:t>${numbers.get(id)}</w:t>`;
  });
  const notes = [...notesXml.matchAll(/<w:footnote\s[^>]*?w:id="(-?\d+)"[^>]*>(.*?)<\/w:footnote>/gs)];
  const referenced = notes
    .filter((note) => numbers.has(note[1]!))
    .sort((a, b) => numbers.get(a[1]!)! - numbers.get(b[1]!)!)
    .map((note) => note[2]!.replace(/<w:footnoteRef\s*\/>/g, `<w:t>${numbers.get(note[1]!)}</w:t>`));
  return `${marked}<w:p/>${referenced.join('<w:p/>')}`;
}

/**
 * The words of the body and its footnotes (headers and footers are parts of their own, and the running ones are
 * taken out of the body), its top-level tables, its pictures.
 */
function docxFacts(bytes: Uint8Array): DocxFacts {
  const files = unzipSync(bytes);
  const part = (name: string) => (files[name] ? strFromU8(files[name]) : undefined);
  // A text box's text is written twice, as the drawing and as its fallback for older readers: counted once.
  const xml = (part('word/document.xml') ?? '').replace(/<mc:Fallback>.*?<\/mc:Fallback>/gs, '');
  const text = partText(withFootnotes(xml, part('word/footnotes.xml')));
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) as string[];
  const tables: Shape[] = [];
  // Top-level tables only: a nested table's rows are counted in its parent's.
  let depth = 0;
  let current: { rows: number; columns: number } | undefined;
  for (const match of xml.matchAll(/<w:tbl>|<\/w:tbl>|<w:tr[\s>]|<w:gridCol\s/g)) {
    if (match[0] === '<w:tbl>') {
      depth++;
      if (depth === 1) current = { rows: 0, columns: 0 };
    } else if (match[0] === '</w:tbl>') {
      if (depth === 1 && current) tables.push(current);
      depth--;
    } else if (depth === 1 && current) {
      if (match[0].startsWith('<w:tr')) current.rows++;
      else current.columns++;
    }
  }
  const images = Object.keys(files).filter((name) => name.startsWith('word/media/')).length;
  return { words, tables, images };
}

/** Tables of the original found with the same shape, in order. */
function tablesFound(expected: readonly Shape[], found: readonly Shape[]): number {
  let at = 0;
  let count = 0;
  for (const shape of expected) {
    const index = found.findIndex((each, i) => i >= at && each.rows === shape.rows && each.columns === shape.columns);
    if (index >= 0) {
      count++;
      at = index + 1;
    }
  }
  return count;
}

/** Whether each column's opening words appear in the output, in the order given. */
function inOrder(words: readonly string[], starts: readonly string[]): boolean {
  const text = ` ${words.join(' ')} `;
  let at = 0;
  for (const start of starts) {
    const key = ` ${(start.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 5).join(' ')} `;
    const index = text.indexOf(key, at);
    if (index < 0) return false;
    at = index + key.length - 1;
  }
  return true;
}

interface Document {
  name: string;
  docx: Buffer;
  columnStarts: string[];
}

const documents: Document[] = (await roundTripDocuments()).map(({ name, docx, columnStarts }) => ({
  name,
  docx,
  columnStarts,
}));
if (corpus) {
  const folder = join(corpus, 'word');
  for (const name of readdirSync(folder).sort()) {
    // .doc originals have no document.xml to compare with; encrypted ones do not convert.
    if (extname(name) !== '.docx' || name.includes('encrypted')) continue;
    documents.push({ name: basename(name, '.docx'), docx: readFileSync(join(folder, name)), columnStarts: [] });
  }
} else console.warn(`No corpus at ${corpusDir}: only the generated documents.`);

const rows: string[][] = [];
const summary = { ours: [] as number[], libreoffice: [] as number[] };
try {
  for (const document of documents.filter((each) => !only || only.includes(each.name))) {
    const folder = join(scratch, document.name);
    await mkdir(folder, { recursive: true });
    const original = docxFacts(document.docx);
    const upload = join(folder, 'original.docx');
    await writeFile(upload, document.docx);
    let pdf: string;
    try {
      const file = { path: upload, name: 'original.docx', size: (await stat(upload)).size };
      const result = await engineTools['word-to-pdf']([file], {}, { workDir: folder, limits, signal });
      pdf = join(folder, 'round-trip.pdf');
      await copyFile(result.path, pdf);
    } catch (error) {
      if (!(error instanceof ToolError)) throw error;
      rows.push([document.name, String(original.words.length), `word-to-pdf: ${error.code}`]);
      continue;
    }

    const oursDocx = join(folder, 'ours.docx');
    const work = join(folder, 'ours-work');
    await mkdir(work);
    const ours = await timedRun(process.execPath, [
      '--conditions=source',
      '--import',
      'tsx',
      convertScript,
      pdf,
      oursDocx,
      work,
    ]);
    const libreofficeFolder = join(folder, 'libreoffice');
    const libreoffice: TimedRun = skipLibreOffice
      ? { ok: false, output: '', seconds: NaN, peakMb: NaN }
      : await timedRun('soffice', [
          `-env:UserInstallation=file://${join(scratch, 'lo-profile')}`,
          '--headless',
          '--infilter=writer_pdf_import',
          '--convert-to',
          'docx',
          '--outdir',
          libreofficeFolder,
          pdf,
        ]);
    const libreofficeDocx = join(libreofficeFolder, 'round-trip.docx');
    const facts = (ok: boolean, path: string) => (ok && existsSync(path) ? docxFacts(readFileSync(path)) : undefined);
    const oursFacts = facts(ours.ok, oursDocx);
    const libreofficeFacts = facts(libreoffice.ok, libreofficeDocx);
    const score = (found: DocxFacts | undefined) => (found ? wordSimilarity(original.words, found.words) : NaN);
    const oursScore = score(oursFacts);
    const libreofficeScore = score(libreofficeFacts);
    summary.ours.push(oursScore);
    summary.libreoffice.push(libreofficeScore);
    const tables = (found: DocxFacts | undefined) =>
      found ? `${tablesFound(original.tables, found.tables)}/${original.tables.length} (${found.tables.length})` : '-';
    const columns = (found: DocxFacts | undefined) =>
      document.columnStarts.length === 0 || !found ? '-' : inOrder(found.words, document.columnStarts) ? 'yes' : 'no';
    rows.push([
      document.name,
      String(original.words.length),
      oursScore.toFixed(3),
      libreofficeScore.toFixed(3),
      tables(oursFacts),
      tables(libreofficeFacts),
      `${columns(oursFacts)}/${columns(libreofficeFacts)}`,
      `${original.images}/${oursFacts?.images ?? '-'}/${libreofficeFacts?.images ?? '-'}`,
      ours.seconds.toFixed(2),
      libreoffice.seconds.toFixed(2),
      ours.peakMb.toFixed(0),
      libreoffice.peakMb.toFixed(0),
    ]);
    if (!ours.ok) console.error(`${document.name}: ours failed\n${ours.output.slice(-2000)}`);
    if (!libreoffice.ok && !skipLibreOffice)
      console.error(`${document.name}: LibreOffice failed\n${libreoffice.output.slice(-2000)}`);
  }
} finally {
  await Promise.all([closeMupdfPool(), closeLibreOffice()]);
  if (keep) console.log(`Files kept in ${scratch}`);
  else await rm(scratch, { recursive: true, force: true });
}

console.log(
  table(
    [
      'file',
      'words',
      'sim ours',
      'sim LO',
      'tables ours',
      'tables LO',
      'columns ours/LO',
      'pictures orig/ours/LO',
      's ours',
      's LO',
      'MB ours',
      'MB LO',
    ],
    rows,
  ),
);
const count = (scores: number[], test: (score: number, index: number) => boolean) =>
  scores.filter((score, index) => test(score, index)).length;
console.log(
  `\nsimilarity >= 0.95: ours ${count(summary.ours, (score) => score >= 0.95)}/${summary.ours.length}, ` +
    `LibreOffice ${count(summary.libreoffice, (score) => score >= 0.95)}/${summary.libreoffice.length}; ` +
    `ours >= LibreOffice: ${count(summary.ours, (score, index) => !(score < summary.libreoffice[index]!))}/${summary.ours.length}`,
);
console.log(
  'tables: found with the right rows x columns / in the original (tables in the output). ' +
    'columns: the two-column document read column by column. MB: peak RSS of the converting process.',
);
