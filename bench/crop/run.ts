import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { runFromSources } from '../from-sources.js';

/**
 * Crop benchmark: `npm run crop --workspace bench` (or `node --import tsx bench/crop/run.ts [--only=name,...]`).
 *
 * Every corpus PDF that opens without a password, plus the generated fixture of content around a crop, cropped by
 * 25 mm on each side (its first 20 pages) three ways: Crop PDF setting the crop box alone, Crop PDF removing the
 * content outside, and Ghostscript's pdfwrite of the first with -dUseCropBox, the reference (it makes the crop the
 * page). Each output: its time, its size, the characters of text pdftotext reads from it (all of a page's text, so
 * a hidden crop still gives what lies outside), and, for the removal, the share of pixels that differ from the
 * hidden crop in a gray render of the crop box at 36 dpi (by more than 40 of 255): what shows must not change.
 * Prints a table; asserts nothing.
 */

runFromSources(import.meta.url);

const { defaultLimits } = await import('@paperknife/catalog/limits');
const { parseToolOptions } = await import('@paperknife/catalog/tool-options');
const { closeMupdfPool, engineTools } = await import('@paperknife/engine');
const { corpusDir, corpusPresent } = await import('@paperknife/engine/testing/corpus');
const { AROUND_CROP_MARGINS, contentAroundCropPdf } = await import('@paperknife/engine/testing/page-layout-fixtures');
const { onlyArgument, requirePrograms } = await import('../engine/measure.js');
const { table } = await import('../table.js');

requirePrograms(['qpdf', 'gs', 'pdftotext', 'pdftoppm']);
const TIMEOUT_MS = 120_000;
const PAGES = 20;
const MARGIN_MM = '25';
const only = onlyArgument();

function run(command: string, args: readonly string[]) {
  return spawnSync(command, args, { encoding: 'latin1', timeout: TIMEOUT_MS, maxBuffer: 1024 * 1024 * 1024 });
}

const characters = (path: string) =>
  spawnSync('pdftotext', ['-l', String(PAGES), '-enc', 'UTF-8', path, '-'], {
    encoding: 'utf8',
    timeout: TIMEOUT_MS,
    maxBuffer: 256 * 1024 * 1024,
  }).stdout.replace(/\s+/g, '').length;

/** The crop boxes of the first pages as gray pixels (pdftoppm writes the PGM pages one after another). */
function renders(path: string): Buffer[] {
  const out = spawnSync('pdftoppm', ['-cropbox', '-gray', '-r', '36', '-l', String(PAGES), path], {
    timeout: TIMEOUT_MS,
    maxBuffer: 1024 * 1024 * 1024,
  }).stdout;
  const pages: Buffer[] = [];
  let at = 0;
  while (at < out.length) {
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(out.subarray(at, at + 64).toString('latin1'));
    if (!header) break;
    const size = Number(header[1]) * Number(header[2]);
    const start = at + header[0].length;
    pages.push(out.subarray(start, start + size));
    at = start + size;
  }
  return pages;
}

/** Share of pixels that differ by more than 40 of 255, over pages of the same size; '-' when the sizes differ. */
function changed(reference: string, test: string): string {
  const [one, two] = [renders(reference), renders(test)];
  if (one.length !== two.length || one.some((page, i) => page.length !== two[i]!.length)) return 'sizes differ';
  let total = 0;
  let differing = 0;
  one.forEach((page, index) => {
    const other = two[index]!;
    for (let i = 0; i < page.length; i++) if (Math.abs(page[i]! - other[i]!) > 40) differing++;
    total += page.length;
  });
  return `${((100 * differing) / Math.max(1, total)).toFixed(3)} %`;
}

function pdfFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return pdfFiles(path);
    return name.toLowerCase().endsWith('.pdf') ? [path] : [];
  });
}

const work = await mkdtemp(join(tmpdir(), 'paperknife-bench-crop-'));
const generated = join(work, 'generated.pdf');
writeFileSync(generated, contentAroundCropPdf());
const files: [string, string, Record<string, string>][] = [
  [
    'generated: content around a crop',
    generated,
    Object.fromEntries(Object.entries(AROUND_CROP_MARGINS).map(([side, mm]) => [side, String(mm)])),
  ],
];
const sides = { top: MARGIN_MM, right: MARGIN_MM, bottom: MARGIN_MM, left: MARGIN_MM };
if (corpusPresent()) {
  for (const path of pdfFiles(corpusDir)) {
    if (run('qpdf', ['--requires-password', path]).status === 0) continue;
    files.push([relative(corpusDir, path), path, sides]);
  }
} else {
  console.warn(`No corpus at ${corpusDir}: the generated file only.`);
}

interface Output {
  path?: string;
  ms: number;
  failure?: string;
}

async function crop(path: string, margins: Record<string, string>, removeOutside: boolean): Promise<Output> {
  const jobDir = await mkdtemp(join(work, 'job-'));
  const context = {
    workDir: jobDir,
    limits: { ...defaultLimits, jobTimeoutMs: TIMEOUT_MS },
    signal: new AbortController().signal,
  };
  const pageCount = Number(run('qpdf', ['--show-npages', path]).stdout.trim());
  const options = parseToolOptions('crop-pdf', {
    mode: 'margins',
    ...margins,
    // Every page of a short file; the page list refuses numbers past the end.
    pages: pageCount > PAGES ? `1-${PAGES}` : '',
    removeOutside: String(removeOutside),
  });
  const started = performance.now();
  try {
    const result = await engineTools['crop-pdf']([{ path, name: 'input.pdf', size: 0 }], options, context);
    return { path: result.path, ms: performance.now() - started };
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    return { ms: performance.now() - started, failure: code };
  }
}

const size = (path: string) => `${Math.round(statSync(path).size / 1024).toLocaleString('en-US')} KB`;
const rows: string[][] = [];
const ratios: number[] = [];
for (const [name, path, margins] of files) {
  if (only && !only.some((part) => name.includes(part))) continue;
  const hidden = await crop(path, margins, false);
  const removed = await crop(path, margins, true);
  if (!hidden.path || !removed.path) {
    rows.push([name, hidden.failure ?? removed.failure ?? 'failed', '', '', '', '', '', '', '', '']);
    continue;
  }
  const reference = join(work, 'gs.pdf');
  const started = performance.now();
  const gs = run('gs', [
    '-q',
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-dUseCropBox',
    '-sDEVICE=pdfwrite',
    `-dLastPage=${PAGES}`,
    `-sOutputFile=${reference}`,
    hidden.path,
  ]);
  const gsMs = performance.now() - started;
  const valid = run('qpdf', ['--check', removed.path]).status === 0 ? 'yes' : 'NO';
  ratios.push(removed.ms / hidden.ms);
  rows.push([
    name,
    `${Math.round(hidden.ms)} ms`,
    `${Math.round(removed.ms)} ms`,
    gs.status === 0 ? `${Math.round(gsMs)} ms` : 'failed',
    `${characters(hidden.path)}`,
    `${characters(removed.path)}`,
    gs.status === 0 ? `${characters(reference)}` : '-',
    `${size(hidden.path)} / ${size(removed.path)}`,
    changed(hidden.path, removed.path),
    valid,
  ]);
}
await closeMupdfPool();
await rm(work, { recursive: true, force: true });

console.log(
  table(
    [
      'file',
      'hide',
      'remove',
      'gs',
      'chars hidden',
      'chars removed',
      'chars gs',
      'size hide / remove',
      'render changed',
      'valid',
    ],
    rows,
  ),
);
const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] ?? Number.NaN;
console.log(`\n${rows.length} files; removing takes ${median.toFixed(1)}× the time of hiding (median).`);
console.log('Characters: all pdftotext reads from the first pages; render changed: removal against the hidden crop.');
