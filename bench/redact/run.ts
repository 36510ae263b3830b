import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { RedactionHits } from '@paperknife/catalog/redaction';
import { runFromSources } from '../from-sources.js';

/**
 * Redaction leak test over the corpus: `npm run redact --workspace bench` (or `node --import tsx bench/redact/run.ts
 * [--only=name,name] [--pages=N]`).
 *
 * For every text-bearing PDF of the shared corpus (pdf/), up to three words are picked on each of its first pages
 * (letters only, five or more, not already picked), all of them redacted at once through Redact PDF (a regular
 * expression of the whole words, case kept), then the result is read back three ways: pdftotext, MuPDF's text,
 * and qpdf's QDF form of every object (font programs left out, TJ pieces joined: leak-places.ts). Per file: the
 * words picked, how many any reader still finds (a leak), the share of the other words' occurrences pdftotext
 * still finds (the words around the boxes survive), and the share of boxes whose centre renders black. Prints a
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
const WORDS_PER_PAGE = 3;
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

/** Occurrences of each word in pdftotext's text of the first pages. */
function wordCounts(path: string, pages: number): Map<string, number> {
  const text = spawnSync('pdftotext', ['-l', String(pages), path, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  }).stdout;
  const counts = new Map<string, number>();
  for (const word of wordsOf(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** A page as the viewer shows it (its crop box, where the hits' rectangles are measured), at 36 dpi. */
function renderShownPage(path: string, page: number) {
  const args = ['-r', '36', '-cropbox', '-f', String(page), '-l', String(page), path];
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
    // The other words: every occurrence before (first pages), found again after.
    const before = wordCounts(input, words.pages);
    const after = wordCounts(result.path, words.pages);
    let others = 0;
    let kept = 0;
    for (const [word, count] of before) {
      if (words.picked.some((picked) => word.includes(picked))) continue;
      others += count;
      kept += Math.min(count, after.get(word) ?? 0);
    }
    // The box of each hit on the first pages renders black at its centre (36 dpi).
    let boxes = 0;
    let black = 0;
    const renders = new Map<number, ReturnType<typeof renderShownPage>>();
    for (const hit of hits.filter((candidate) => candidate.page <= words.pages)) {
      if (!renders.has(hit.page)) renders.set(hit.page, renderShownPage(result.path, hit.page));
      const render = renders.get(hit.page)!;
      for (const rect of hit.rects) {
        const x = Math.round((((rect[0] + rect[2]) / 2) * 36) / 72);
        const y = Math.round((((rect[1] + rect[3]) / 2) * 36) / 72);
        if (x >= render.width || y >= render.height) continue;
        boxes++;
        const i = (y * render.width + x) * 3;
        if (render.pixels[i]! < 40 && render.pixels[i + 1]! < 40 && render.pixels[i + 2]! < 40) black++;
      }
    }
    totals = {
      words: totals.words + words.picked.length,
      leaks: totals.leaks + leaked.length,
      boxes: totals.boxes + boxes,
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
      boxes === 0 ? '-' : `${((black / boxes) * 100).toFixed(1)}%`,
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
    await rm(folder, { recursive: true, force: true });
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
await rm(scratch, { recursive: true, force: true });
