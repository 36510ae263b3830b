import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { RedactionHits } from '@paperknife/catalog/redaction';
import { runFromSources } from '../from-sources.js';

/**
 * Redaction leak test over the corpus: `npm run redact --workspace bench` (or `node --import tsx bench/redact/run.ts
 * [--only=name,name] [--pages=N] [--keep]`; `--keep` leaves each file's input and redacted result in the scratch folder
 * it prints).
 *
 * For every text-bearing PDF of the shared corpus (pdf/), up to three words are picked on each of its first pages
 * (letters only, five or more, not already picked), all of them redacted at once through Redact PDF (a regular
 * expression of the whole words, case kept), then the result is read back three ways: pdftotext, MuPDF's text,
 * and qpdf's QDF form of every object (font programs left out, TJ pieces joined: leak-places.ts). Per file: the
 * words picked, how many any reader still finds (a leak), the share of the words pdftotext places wholly outside
 * every box that it still finds on their page (the words around the boxes survive), and the share of boxes with an
 * area whose centre renders black. Prints a
 * table; asserts nothing. With `--verbose`, lists every word still found, by which reader and where: the page for
 * pdftotext (p) and MuPDF (m), the object and its key or stream kind for qpdf's objects (q).
 */

runFromSources(import.meta.url);

const { defaultLimits } = await import('@paperknife/catalog/limits');
const { parseToolOptions } = await import('@paperknife/catalog/tool-options');
const { closeMupdfPool, engineTools } = await import('@paperknife/engine');
const { corpusDir } = await import('@paperknife/engine/testing/corpus');
const { extractedText } = await import('@paperknife/engine/testing/redaction-checks');
const { parsePpm } = await import('@paperknife/engine/testing/ppm');
const mupdf = await import('mupdf');
const { onlyArgument, requirePrograms } = await import('../engine/measure.js');
const { table } = await import('../table.js');
const { pagesFinding, qdfPlaces, readableObjects } = await import('./leak-places.js');

requirePrograms(['pdftotext', 'pdftoppm', 'qpdf']);

const only = onlyArgument();
const maxPages = Number(process.argv.find((arg) => arg.startsWith('--pages='))?.slice('--pages='.length) ?? 10);
const verbose = process.argv.includes('--verbose');
const keep = process.argv.includes('--keep');
const WORDS_PER_PAGE = 3;
const RENDER_DPI = 72;
const limits = { ...defaultLimits, jobTimeoutMs: 600_000 };
const signal = new AbortController().signal;
const scratch = await mkdtemp(join(tmpdir(), 'paperknife-bench-redact-'));

const letters = /^\p{L}{5,}$/u;
const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wholeWord = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'u');

/** Up to WORDS_PER_PAGE new words from each of the first pages, as MuPDF reads them; undefined without text. */
function pickWords(path: string): { picked: string[]; pages: number } | undefined {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    if (doc.needsPassword()) return undefined;
    const pages = Math.min(doc.countPages(), maxPages);
    const picked: string[] = [];
    for (let index = 0; index < pages; index++) {
      const page = doc.loadPage(index);
      const words = wordsOf(page.toStructuredText('preserve-whitespace').asText()).filter(
        (word) => letters.test(word) && !picked.includes(word),
      );
      page.destroy();
      // Spread over the page: first, middle and last candidates.
      const choices = [words[0], words[Math.floor(words.length / 2)], words[words.length - 1]];
      for (const word of choices)
        if (word && !picked.includes(word) && picked.length < (index + 1) * WORDS_PER_PAGE) picked.push(word);
    }
    return picked.length > 0 ? { picked, pages } : undefined;
  } finally {
    doc.destroy();
  }
}

/** MuPDF's text of each page. */
function mupdfPages(path: string): string[] {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    return Array.from({ length: doc.countPages() }, (_, index) => {
      const page = doc.loadPage(index);
      const text = page.toStructuredText('preserve-whitespace').asText();
      page.destroy();
      return text;
    });
  } finally {
    doc.destroy();
  }
}

/** A word as `pdftotext -bbox -cropbox` places it: its page (1-based), its box from the shown page's top left (as the hits), in points. */
interface PlacedWord {
  page: number;
  text: string;
  box: [number, number, number, number];
}

/** pdftotext's words of the first pages with their boxes. */
function placedWords(path: string, pages: number): PlacedWord[] {
  const html = spawnSync('pdftotext', ['-bbox', '-cropbox', '-l', String(pages), path, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  }).stdout;
  const words: PlacedWord[] = [];
  let page = 0;
  const unescape = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  for (const match of html.matchAll(
    /<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (match[0] === '<page ') {
      page++;
      continue;
    }
    const [, x0, y0, x1, y1, text] = match;
    words.push({ page, text: unescape(text!), box: [Number(x0), Number(y0), Number(x1), Number(y1)] });
  }
  return words;
}

/** The share of box `a`'s area that box `b` covers. */
function overlapShare(a: readonly number[], b: readonly number[]): number {
  const width = Math.min(a[2]!, b[2]!) - Math.max(a[0]!, b[0]!);
  const height = Math.min(a[3]!, b[3]!) - Math.max(a[1]!, b[1]!);
  const area = (a[2]! - a[0]!) * (a[3]! - a[1]!);
  return width > 0 && height > 0 && area > 0 ? (width * height) / area : 0;
}

/** Whether two boxes share more than a sliver (half a point each way): a word touching a box's edge is outside. */
const overlaps = (a: readonly number[], b: readonly number[]) =>
  Math.min(a[2]!, b[2]!) - Math.max(a[0]!, b[0]!) > 0.5 && Math.min(a[3]!, b[3]!) - Math.max(a[1]!, b[1]!) > 0.5;

/**
 * A page as the viewer shows it (its crop box, where the hits' rectangles are measured), at RENDER_DPI: a box
 * round a 5 pt superscript is then 5 pixels high, its centre pixel wholly inside it.
 */
function renderShownPage(path: string, page: number) {
  const args = ['-r', String(RENDER_DPI), '-cropbox', '-f', String(page), '-l', String(page), path];
  return parsePpm(spawnSync('pdftoppm', args, { maxBuffer: 256 << 20 }).stdout);
}

const files = readdirSync(join(corpusDir, 'pdf'))
  .filter((name) => name.endsWith('.pdf'))
  .filter((name) => !only || only.some((part) => name.includes(part)))
  .sort();

const rows: string[][] = [];
const places: string[] = [];
let totals = { words: 0, leaks: 0, boxes: 0, black: 0 };
for (const name of files) {
  const source = join(corpusDir, 'pdf', name);
  const words = pickWords(source);
  if (!words) continue;
  const folder = await mkdtemp(join(scratch, 'job-'));
  const input = join(folder, 'input.pdf');
  await copyFile(source, input);
  const file = { path: input, name, size: (await stat(input)).size };
  const context = { workDir: folder, limits, signal };
  const search = `(?<![\\p{L}\\p{N}])(?:${words.picked.map(escape).join('|')})(?![\\p{L}\\p{N}])`;
  const options = { search, regex: 'true', caseSensitive: 'true' };
  const started = performance.now();
  try {
    const found = await engineTools['redact-pdf'](
      [file],
      parseToolOptions('redact-pdf', { ...options, output: 'hits' }),
      context,
    );
    const hits = (JSON.parse(readFileSync(found.path, 'utf8')) as RedactionHits).hits;
    const result = await engineTools['redact-pdf']([file], parseToolOptions('redact-pdf', options), context);
    const seconds = (performance.now() - started) / 1000;
    const text = extractedText(result.path);
    // PDF names (/Contents, /Title) are syntax, not text: left out before searching.
    const readable = readableObjects(text.qpdf);
    const objects = readable.replace(/\/[^\s/<>[\]()]+/g, ' ');
    const readers = { p: text.pdftotext, m: text.mupdf, q: objects };
    const leaks = words.picked.flatMap((word) => {
      const pattern = wholeWord(word);
      const found = Object.entries(readers).filter(([, read]) => pattern.test(read));
      return found.length > 0 ? [`${word} (${found.map(([reader]) => reader).join('')})`] : [];
    });
    const leaked = leaks;
    if (verbose) {
      const pdftotextPages = text.pdftotext.split('\f');
      const mupdfText = leaks.length > 0 ? mupdfPages(result.path) : [];
      for (const word of words.picked) {
        const pattern = wholeWord(word);
        const where = [
          ...pagesFinding(pdftotextPages, pattern).map((page) => `p: page ${page}`),
          ...pagesFinding(mupdfText, pattern).map((page) => `m: page ${page}`),
          ...qdfPlaces(readable, pattern).map((place) => `q: ${place}`),
        ];
        if (where.length > 0) places.push(`${basename(name, '.pdf')}: ${word}: ${where.join('; ')}`);
      }
    }
    // The other words: each word pdftotext places wholly outside every hit's box on the first pages, not holding a
    // picked word: the words around the boxes, which must all survive. Words under a box go with it, whatever
    // pdftotext's word breaks (a word of a broken ToUnicode, a run of CJK text).
    const boxes = hits.flatMap((hit) => hit.rects.map((rect) => ({ page: hit.page, rect })));
    const outside = placedWords(input, words.pages).filter(
      (word) =>
        !words.picked.some((picked) => word.text.includes(picked)) &&
        !boxes.some((box) => box.page === word.page && overlaps(box.rect, word.box)),
    );
    // Kept: a word of the result on the same page over most of its box whose text holds it (pdftotext may join
    // what is left beside a removed word: "language. 7" with "language" gone reads ".7").
    const after = placedWords(result.path, words.pages);
    const kept = outside.filter((word) =>
      after.some(
        (found) =>
          found.page === word.page && found.text.includes(word.text) && overlapShare(word.box, found.box) > 0.5,
      ),
    ).length;
    const others = outside.length;
    // The box of each hit on the first pages renders black at its centre.
    let shown = 0;
    let black = 0;
    const renders = new Map<number, ReturnType<typeof renderShownPage>>();
    for (const hit of hits.filter((candidate) => candidate.page <= words.pages)) {
      if (!renders.has(hit.page)) renders.set(hit.page, renderShownPage(result.path, hit.page));
      const render = renders.get(hit.page)!;
      for (const rect of hit.rects) {
        const x = Math.floor((((rect[0] + rect[2]) / 2) * RENDER_DPI) / 72);
        const y = Math.floor((((rect[1] + rect[3]) / 2) * RENDER_DPI) / 72);
        // A box without area (the ActualText of a figure, found with no glyph of its own) shows nothing to blacken.
        if (x >= render.width || y >= render.height || rect[2] - rect[0] < 1 || rect[3] - rect[1] < 1) continue;
        shown++;
        const i = (y * render.width + x) * 3;
        if (render.pixels[i]! < 40 && render.pixels[i + 1]! < 40 && render.pixels[i + 2]! < 40) black++;
      }
    }
    totals = {
      words: totals.words + words.picked.length,
      leaks: totals.leaks + leaked.length,
      boxes: totals.boxes + shown,
      black: totals.black + black,
    };
    rows.push([
      basename(name, '.pdf'),
      String(words.pages),
      String(words.picked.length),
      String(hits.length),
      String(leaked.length),
      leaked.slice(0, 3).join(' '),
      others === 0 ? '-' : `${((kept / others) * 100).toFixed(1)}%`,
      shown === 0 ? '-' : `${((black / shown) * 100).toFixed(1)}%`,
      seconds.toFixed(1),
    ]);
  } catch (error) {
    rows.push([
      basename(name, '.pdf'),
      String(words.pages),
      String(words.picked.length),
      'error',
      '',
      String((error as Error).message).slice(0, 60),
      '',
      '',
      '',
    ]);
  } finally {
    if (!keep) await rm(folder, { recursive: true, force: true });
  }
}

console.log(
  table(
    ['file', 'pages', 'words', 'hits', 'leaked', 'leaked words (found by)', 'others kept', 'boxes black', 's'],
    rows,
  ),
);
console.log(
  `\n${rows.length} files, ${totals.words} words picked, ${totals.leaks} found again by a reader, ` +
    `${totals.boxes === 0 ? '-' : ((totals.black / totals.boxes) * 100).toFixed(1)}% of ${totals.boxes} box centres black.`,
);
if (verbose && places.length > 0) console.log(`\nWhere the words were found:\n${places.join('\n')}`);
await closeMupdfPool();
if (keep) console.log(`\nKept: ${scratch} (a job- folder per file: input.pdf and the redacted result)`);
else await rm(scratch, { recursive: true, force: true });
