import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { runFromSources } from '../from-sources.js';

/**
 * Repair benchmark: `npm run repair --workspace bench` (or `node --import tsx bench/repair/run.ts [--only=name,...]`).
 *
 * The damaged PDFs of the corpus, chosen by `qpdf --check` (any file under ../shared/corpus whose check does not
 * pass cleanly and that opens without a password), plus generated damaged files whose answer is known. Each goes
 * through qpdf alone (`qpdf --decrypt`), MuPDF alone (open and save with garbage collection and sanitize, as the
 * library's own repair does), Ghostscript alone (pdfwrite) and Repair PDF. Every output is measured the same way:
 * valid when `qpdf --check` passes and its page tree holds the pages it declares, then those pages and its characters
 * of text (pdftotext, white space left out). The target: Repair PDF recovers at least the pages and text of the
 * best single engine on every file. Prints a table; asserts nothing.
 */

runFromSources(import.meta.url);

const mupdf = await import('mupdf');
const { defaultLimits } = await import('@paperknife/catalog/limits');
const { repairReportHeader } = await import('@paperknife/catalog/http-api');
const { parseRepairReport } = await import('@paperknife/catalog/repair-report');
const { closeMupdfPool, engineTools } = await import('@paperknife/engine');
const { corpusDir, corpusPresent } = await import('@paperknife/engine/testing/corpus');
const { truncatedXrefPdf, wrongStreamLengthPdf } = await import('@paperknife/engine/testing/document-data-fixtures');
const { makePdf } = await import('@paperknife/engine/testing/make-pdf');
const { onlyArgument, requirePrograms } = await import('../engine/measure.js');
const { table } = await import('../table.js');

requirePrograms(['qpdf', 'gs', 'pdftotext']);
const TIMEOUT_MS = 120_000;
const only = onlyArgument();

interface Measured {
  valid: boolean;
  pages: number;
  characters: number;
}

function run(command: string, args: readonly string[]) {
  return spawnSync(command, args, { encoding: 'latin1', timeout: TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024 });
}

/**
 * Valid when `qpdf --check` passes and the page tree holds the pages its /Count says (a viewer shows blank or no
 * pages for the others); then those pages and the text pdftotext reads.
 */
function measure(path: string): Measured {
  const invalid = { valid: false, pages: 0, characters: 0 };
  if (run('qpdf', ['--check', path]).status !== 0) return invalid;
  const listing = run('qpdf', ['--show-npages', '--show-pages', path]).stdout;
  const declared = Number(/^(\d+)$/m.exec(listing)?.[1] ?? -1);
  const pages = listing.match(/^page \d+: /gm)?.length ?? 0;
  if (pages !== declared) return invalid;
  const text = spawnSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8', timeout: TIMEOUT_MS });
  return { valid: true, pages, characters: (text.stdout ?? '').replace(/\s+/g, '').length };
}

const engines: Record<string, (input: string, output: string) => void> = {
  qpdf: (input, output) => void run('qpdf', ['--decrypt', input, output]),
  mupdf: (input, output) => {
    try {
      const doc = mupdf.Document.openDocument(readFileSync(input), 'application/pdf').asPDF()!;
      writeFileSync(output, doc.saveToBuffer('garbage=compact,sanitize,compress').asUint8Array());
      doc.destroy();
    } catch {
      // No output: the engine could not read the file.
    }
  },
  ghostscript: (input, output) =>
    void run('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=pdfwrite', `-sOutputFile=${output}`, input]),
};

function pdfFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return pdfFiles(path);
    return name.toLowerCase().endsWith('.pdf') ? [path] : [];
  });
}

const work = await mkdtemp(join(tmpdir(), 'paperknife-bench-repair-'));
const generated: [string, Uint8Array][] = [
  ['generated: truncated xref', truncatedXrefPdf()],
  ['generated: wrong stream length', wrongStreamLengthPdf()],
  ['generated: page count misstated', makePdf({ pageCount: 3, declaredPageCount: 7 })],
];
const files: [string, string][] = generated.map(([name, bytes], index) => {
  const path = join(work, `generated-${index}.pdf`);
  writeFileSync(path, bytes);
  return [name, path];
});
if (corpusPresent()) {
  for (const path of pdfFiles(corpusDir)) {
    // Damaged by the check, and readable without a password (Repair PDF refuses those: encrypted_pdf).
    if (run('qpdf', ['--check', path]).status === 0) continue;
    if (run('qpdf', ['--requires-password', path]).status === 0) continue;
    files.push([relative(corpusDir, path), path]);
  }
} else {
  console.warn(`No corpus at ${corpusDir}: generated files only.`);
}

const cell = ({ valid, pages, characters }: Measured) => (valid ? `${pages} p, ${characters}` : 'invalid');
const rows: string[][] = [];
let behind = 0;
for (const [name, path] of files) {
  if (only && !only.some((part) => name.includes(part))) continue;
  const alone = Object.entries(engines).map(([engine, write]) => {
    const output = join(work, `${engine}.pdf`);
    rm(output, { force: true });
    write(path, output);
    try {
      return measure(output);
    } finally {
      void rm(output, { force: true });
    }
  });
  const jobDir = await mkdtemp(join(work, 'job-'));
  const context = {
    workDir: jobDir,
    limits: { ...defaultLimits, jobTimeoutMs: TIMEOUT_MS },
    signal: new AbortController().signal,
  };
  let ours: Measured = { valid: false, pages: 0, characters: 0 };
  let kept = '-';
  try {
    const result = await engineTools['repair-pdf']([{ path, name: 'damaged.pdf', size: 0 }], {}, context);
    ours = measure(result.path);
    kept = parseRepairReport(result.headers?.[repairReportHeader.name])?.engine ?? '-';
  } catch (error) {
    kept = error instanceof Error && 'code' in error ? String(error.code) : 'error';
  }
  await rm(jobDir, { recursive: true, force: true });
  const best = alone.reduce(
    (top, next) =>
      next.valid && (next.pages > top.pages || (next.pages === top.pages && next.characters > top.characters))
        ? next
        : top,
    { valid: false, pages: 0, characters: 0 },
  );
  const atLeast = ours.pages > best.pages || (ours.pages === best.pages && ours.characters >= best.characters);
  if (!atLeast) behind++;
  rows.push([name, ...alone.map(cell), cell(ours), kept, atLeast ? 'yes' : 'NO']);
}
await closeMupdfPool();
await rm(work, { recursive: true, force: true });

console.log(table(['file', 'qpdf alone', 'MuPDF alone', 'Ghostscript alone', 'Repair PDF', 'kept', '>= best'], rows));
console.log(`\n${rows.length} files; Repair PDF behind the best single engine on ${behind}.`);
console.log(
  'Cells: pages, characters of text (white space left out); invalid: no output, or one that fails qpdf --check or misstates its pages.',
);
