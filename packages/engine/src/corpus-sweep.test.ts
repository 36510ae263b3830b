import { statSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToolError } from '@paperknife/catalog/errors';
import { defaultLimits } from '@paperknife/catalog/limits';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import type { ToolEntry } from '@paperknife/catalog/tool-entry';
import { type Tool, type ToolId, toolIds, tools } from '@paperknife/catalog/tools';
import { concurrencyLimit } from './jobs/concurrency-limit.js';
import { closeLibreOffice } from './programs/libreoffice.js';
import { engineTools } from './registry.js';
import type * as RunProcessExports from './programs/run-process.js';
import { ProcessFailure, runProcess } from './programs/run-process.js';
import {
  CONTENT_MAX_PAGES,
  corpusDir,
  corpusPasswords,
  corpusPresent,
  manifestPageCounts,
  ownerOnlyPdfs,
} from './testing/corpus.js';
import type { InputFile, ToolContext, ToolResult } from './jobs/tool-runner.js';

/**
 * Every corpus file through every tool in the registry: each run must end in a valid output (qpdf --check for
 * PDFs, also inside ZIPs) or a coded ToolError, within the time limit, with no crash and nothing left in the temp
 * folder. Prints a table of outcomes per tool.
 *
 * Jobs run SWEEP_CONCURRENCY at a time inside this one process, across tools, on the engines it keeps warm (one
 * LibreOffice, one MuPDF pool), as the server runs its queue. Sampling, to keep `npm test` short on 2 cores
 * (docs/decisions/064), every skipped run counted as "sampled out":
 * - every tool gets every damaged (broken/), encrypted and owner-only file;
 * - of the other files of its input's folder, a tool gets one in SAMPLE_STRIDE: one in 3 for the structural tools,
 *   one in 6 for the tools that read page content (rendering, conversion, stamping) and for the structural tools
 *   given a long document (more than CONTENT_MAX_PAGES pages: a 352-page book is seconds of every tool's work and
 *   proves what a 30-page one does), each tool a different share (inSample), so every file still goes through
 *   several tools of each kind;
 * - the content tools skip PDFs of more than CONTENT_MAX_PAGES pages, and a tool whose catalogue entry has
 *   sampleLimits (OCR, seconds per page) gets one in 3 of the small documents within them.
 * `PAPERKNIFE_SWEEP=full` gives every tool every file (up to CONTENT_MAX_PAGES), for a release check or the
 * whole table: `PAPERKNIFE_SWEEP=full npx vitest run packages/engine/src/corpus-sweep.test.ts`. `npm test` runs
 * this file in its own process beside the browser tests (scripts/setup.mjs). Skips with a message when
 * ../shared/corpus is absent.
 *
 * The tools' many `qpdf --check` runs of one upload (each tool's preflight checks it) are answered from the first
 * (answeringRepeatedChecks): a check reads its file and writes none, so the bytes decide its answer.
 */

vi.mock('./programs/run-process.js', async (importOriginal) => {
  const actual = await importOriginal<typeof RunProcessExports>();
  const { answeringRepeatedChecks } = await import('./testing/repeated-checks.js');
  return { ...actual, runProcess: answeringRepeatedChecks(actual) };
});

const present = corpusPresent();
if (!present) console.warn(`Corpus sweep skipped: no corpus at ${corpusDir}`);

const JOB_LIMIT_MS = 60_000;
/** A single output check's limit: qpdf reads a large output whole (decision 062: 2 s on the largest input). */
const CHECK_LIMIT_MS = 120_000;
/**
 * Jobs at once: one per core. Other suites run meanwhile (in `npm test`, the browser tests), and some tests time
 * their work: 3 here pushed one past its bound on a loaded machine. Each job keeps its own time limit, counted from
 * its start, as before.
 */
const SWEEP_CONCURRENCY = 2;

/** `PAPERKNIFE_SWEEP=full`: the content tools get every corpus file rather than a share. */
const FULL_SWEEP = process.env['PAPERKNIFE_SWEEP'] === 'full';
if (present && FULL_SWEEP) console.warn('Corpus sweep: full (PAPERKNIFE_SWEEP=full)');

/** Page counts of the corpus files, from its manifest (none for Word files and unreadable PDFs). */
const pages = manifestPageCounts();

/** A tool gets one plain file of its folder in this many (and every damaged or encrypted one), by kind of work. */
const SAMPLE_STRIDE = { structural: 3, content: 6 } as const;

/**
 * Whether a tool runs a corpus file: every damaged, encrypted or owner-only one; of the others, those whose place in
 * the sorted folder, plus the tool's place in the catalogue, is a multiple of the tool's stride. The shares shift by
 * one from tool to tool, so each file goes through a share of the tools of each kind and each tool sees files from
 * every source (the names are grouped by source); the same files each run, so a failure repeats.
 */
function inSample(id: ToolId, path: string, folderFiles: readonly string[]): boolean {
  const entry: ToolEntry = tools[id];
  if (FULL_SWEEP || dirname(path) === join(corpusDir, 'broken')) return true;
  const file = basename(path);
  if (corpusPasswords[file] || ownerOnlyPdfs.has(file)) return true;
  // A tool with sampleLimits (OCR) gets only small documents already: the structural stride.
  const long = (pages.get(file) ?? 0) > CONTENT_MAX_PAGES;
  const content = entry.readsPageContent && !entry.sampleLimits;
  const stride = content || long ? SAMPLE_STRIDE.content : SAMPLE_STRIDE.structural;
  return (folderFiles.indexOf(path) + toolIds.indexOf(id)) % stride === 0;
}

/** The password protect-pdf's sample options set, to check its outputs with. */
const PROTECT_PASSWORD = tools['protect-pdf'].sampleOptions.userPassword;

/** The catalogue's sample options; unlock gets each encrypted corpus file's own password. */
function sweepOptions(id: ToolId, file: string): Record<string, unknown> {
  const password = corpusPasswords[file];
  if (id === 'unlock-pdf' && password) return { ...tools[id].sampleOptions, password };
  return { ...tools[id].sampleOptions };
}

async function listFolder(folder: string): Promise<string[]> {
  const names = await readdir(join(corpusDir, folder)).catch(() => []);
  return names
    .filter((name) => !name.startsWith('.'))
    .sort()
    .map((name) => join(corpusDir, folder, name));
}

/**
 * The corpus files each kind of input is given, besides every damaged file: a new kind in the catalogue fails to
 * compile here until it has its folder. The office folder holds spreadsheets and presentations alike: each office
 * tool is handed the other's files too, which it must refuse by content. A web page is a folder with its style
 * sheets, images and fonts, handed over as the ZIP a visitor would upload.
 */
const corpusInputs: Record<Tool['input']['label'], () => Promise<string[]>> = {
  PDF: () => listFolder('pdf'),
  Word: () => listFolder('word'),
  JPG: () => listFolder('images'),
  Excel: () => listFolder('office'),
  PowerPoint: () => listFolder('office'),
  HTML: zippedSites,
};

/** Where the corpus's web pages are zipped for HTML to PDF: made once, removed after the sweep. */
let sitesDir: Promise<string> | undefined;

async function zippedSites(): Promise<string[]> {
  sitesDir ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'paperknife-sweep-sites-'));
    for (const site of await listFolder('html')) {
      const entries: Record<string, Uint8Array> = {};
      const add = async (folder: string, prefix: string) => {
        for (const entry of await readdir(folder, { withFileTypes: true })) {
          const path = join(folder, entry.name);
          if (entry.isDirectory()) await add(path, `${prefix}${entry.name}/`);
          else if (entry.isFile()) entries[`${prefix}${entry.name}`] = await readFile(path);
        }
      };
      await add(site, '');
      await writeFile(join(dir, `${basename(site)}.zip`), zipSync(entries));
    }
    return dir;
  })();
  const dir = await sitesDir;
  return (await readdir(dir)).sort().map((name) => join(dir, name));
}

/** Output checks at once: a split document's hundreds of parts are checked this many at a time. */
const checkInTurn = concurrencyLimit(SWEEP_CONCURRENCY);

/**
 * Exit code of `qpdf --check` on each file, one qpdf run per file, started through runProcess's spawner
 * (decision 063) rather than forked from this process, which holds the MuPDF pool.
 */
async function qpdfCheck(paths: readonly string[], password?: string): Promise<number[]> {
  return Promise.all(
    paths.map((path) =>
      checkInTurn(async () => {
        const args = ['--check', ...(password ? [`--password=${password}`] : []), path];
        try {
          const options = { cwd: dirname(path), signal: new AbortController().signal, timeoutMs: CHECK_LIMIT_MS };
          return (await runProcess('qpdf', args, options)).code;
        } catch (error) {
          if (error instanceof ProcessFailure) return error.code;
          // A check that cannot run or end is the sweep's failure, not an outcome of the tool.
          throw new Error(`qpdf --check ${path} did not finish: ${String(error)}`);
        }
      }),
    ),
  );
}

/**
 * The PDFs of a ZIP the sweep checks with qpdf: all of a short one; of a long one (a split of a 249-page book into
 * pages), MAX_CHECKED_PARTS spread evenly, the first and last included. The parts come from one run of the same
 * code on the same document, and every entry is still checked for being non-empty. Checking every part of every
 * split was a sixth of the sweep's time.
 */
const MAX_CHECKED_PARTS = 16;

function checkedParts(names: readonly string[]): Set<string> {
  if (names.length <= MAX_CHECKED_PARTS) return new Set(names);
  const step = (names.length - 1) / (MAX_CHECKED_PARTS - 1);
  return new Set(Array.from({ length: MAX_CHECKED_PARTS }, (_, index) => names[Math.round(index * step)]!));
}

/** Returns a problem description, or undefined when the output is valid. */
async function checkOutput(id: ToolId, result: ToolResult, workDir: string): Promise<string | undefined> {
  if (!result.path.startsWith(`${workDir}/`)) return 'result outside the job folder';
  const info = await stat(result.path).catch(() => undefined);
  if (!info?.isFile() || info.size === 0) return 'empty or missing result';
  const password = id === 'protect-pdf' ? PROTECT_PASSWORD : undefined;
  if (result.download.contentType === 'application/pdf') {
    const [code] = await qpdfCheck([result.path], password);
    return code === 0 ? undefined : `qpdf --check exit ${code}`;
  }
  if (result.download.contentType === 'application/zip') {
    const entries = unzipSync(await readFile(result.path));
    if (Object.keys(entries).length === 0) return 'empty zip';
    const parts: { name: string; path: string }[] = [];
    const pdfNames = Object.keys(entries).filter((name) => name.endsWith('.pdf'));
    const checked = checkedParts(pdfNames);
    for (const [name, data] of Object.entries(entries)) {
      if (data.length === 0) return `empty zip entry ${name}`;
      if (checked.has(name)) {
        const part = join(workDir, `sweep-check-${basename(name)}`);
        await writeFile(part, data);
        parts.push({ name, path: part });
      }
    }
    const codes = await qpdfCheck(parts.map((part) => part.path));
    const failed = codes.findIndex((code) => code !== 0);
    if (failed >= 0) return `qpdf --check exit ${codes[failed]} on ${parts[failed]!.name}`;
  }
  return undefined;
}

interface Run {
  file: string;
  outcome: string;
  /** The whole job: copying the upload in, the tool, the output check. */
  ms: number;
  /** Of which the output check. */
  checkMs: number;
  problem?: string;
}

const results = new Map<ToolId, Run[]>();
let sweepTmp: string;
let previousTmp: string | undefined;
const socketsBefore = new Set<string>();

describe.skipIf(!present)('corpus sweep', () => {
  beforeAll(async () => {
    // A private temp folder for this file's process: whatever any engine leaves in os.tmpdir() shows up here,
    // untouched by other test files running at the same time.
    sweepTmp = await mkdtemp(join(tmpdir(), 'paperknife-sweep-tmp-'));
    previousTmp = process.env['TMPDIR'];
    process.env['TMPDIR'] = sweepTmp;
    for (const name of await readdir('/tmp')) if (name.startsWith('OSL_PIPE_')) socketsBefore.add(name);
  });

  afterAll(async () => {
    await closeLibreOffice();
    if (sitesDir) await rm(await sitesDir, { recursive: true, force: true });
    // tsx's compile cache, made by MuPDF worker threads started from the TypeScript sources, is not a job's file.
    const left = (await readdir(sweepTmp)).filter((name) => !/^tsx-\d+$/.test(name));
    const sockets = (await readdir('/tmp')).filter(
      (name) => name.startsWith('OSL_PIPE_') && !socketsBefore.has(name) && name.includes(`paperknife-${process.pid}-`),
    );
    if (previousTmp === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = previousTmp;
    await rm(sweepTmp, { recursive: true, force: true });
    printSummary();
    expect(left, 'files left in the temp folder').toEqual([]);
    expect(sockets, 'LibreOffice sockets left in /tmp').toEqual([]);
  });

  const inTurn = concurrencyLimit(SWEEP_CONCURRENCY);
  // The table lists the tools in the catalogue's order, whichever finishes first.
  for (const id of toolIds) results.set(id, []);

  for (const id of toolIds) {
    // Concurrent, so every tool's jobs share the one queue; `expect` from the context, as concurrent tests need.
    it.concurrent(
      `${id}: every corpus file ends in a valid output or a coded error`,
      async ({ expect }) => {
        const inputs = await corpusInputs[tools[id].input.label]();
        const files = [...inputs, ...(await listFolder('broken'))];
        const runs = await Promise.all(
          files.map((path): Run | Promise<Run> => {
            const file = basename(path);
            if (tools[id].readsPageContent && (pages.get(file) ?? 0) > CONTENT_MAX_PAGES) {
              return { file, outcome: 'sampled out', ms: 0, checkMs: 0 };
            }
            if (!inSample(id, path, inputs)) return { file, outcome: 'sampled out', ms: 0, checkMs: 0 };
            const entry: ToolEntry = tools[id];
            const bounds = entry.sampleLimits;
            if (bounds && ((pages.get(file) ?? 0) > bounds.maxPages || statSync(path).size > bounds.maxBytes)) {
              return { file, outcome: 'sampled out', ms: 0, checkMs: 0 };
            }
            return inTurn(() => runOne(id, path));
          }),
        );
        results.set(id, runs);
        const problems = runs.filter((run) => run.problem).map((run) => `${run.file}: ${run.problem}`);
        expect(problems).toEqual([]);
      },
      30 * 60_000,
    );
  }
});

async function runOne(id: ToolId, path: string): Promise<Run> {
  const file = basename(path);
  const workDir = await mkdtemp(join(tmpdir(), 'paperknife-sweep-job-'));
  const controller = new AbortController();
  const watchdog = setTimeout(() => controller.abort(new ToolError('processing_timeout')), JOB_LIMIT_MS);
  const context: ToolContext = {
    workDir,
    limits: { ...defaultLimits, jobTimeoutMs: JOB_LIMIT_MS },
    signal: controller.signal,
  };
  const started = Date.now();
  let checkMs = 0;
  let run: Run;
  try {
    await mkdir(join(workDir, 'uploads'));
    const upload = join(workDir, 'uploads', 'upload-1');
    await copyFile(path, upload);
    const input: InputFile = { path: upload, name: file, size: (await stat(upload)).size };
    const options = parseToolOptions(id, sweepOptions(id, file));
    const runner = engineTools[id] as (
      files: readonly InputFile[],
      options: unknown,
      context: ToolContext,
    ) => Promise<ToolResult>;
    // As many copies of the file as the tool needs (Merge two).
    const result = await runner(Array<InputFile>(Math.max(1, tools[id].files.min)).fill(input), options, context);
    const checkStarted = Date.now();
    const problem = await checkOutput(id, result, workDir);
    checkMs = Date.now() - checkStarted;
    run = {
      file,
      outcome: problem ? 'invalid output' : 'ok',
      ms: Date.now() - started,
      checkMs,
      ...(problem ? { problem } : {}),
    };
  } catch (error) {
    const ms = Date.now() - started;
    if (error instanceof ToolError) {
      run = { file, outcome: error.code, ms, checkMs };
    } else {
      run = { file, outcome: 'crash', ms, checkMs, problem: `uncoded error: ${String(error).slice(0, 200)}` };
    }
  } finally {
    clearTimeout(watchdog);
  }
  if (run.ms > JOB_LIMIT_MS + 5000) run.problem = `took ${run.ms} ms`;
  run.problem ??= expectationProblem(id, file, run.outcome);
  await rm(workDir, { recursive: true, force: true });
  return run;
}

/** Outcomes the corpus README lets us predict. */
function expectationProblem(id: ToolId, file: string, outcome: string): string | undefined {
  // A coded error must be one that tells the person what to do, not the engine's catch-all.
  if (outcome === 'internal_error') return 'internal error';
  const pdfTool = tools[id].input.label === 'PDF';
  if (pdfTool && file.endsWith('.docx') && outcome !== 'unsupported_file_type') {
    return `a Word file given to a PDF tool gave ${outcome}`;
  }
  if (!pdfTool && file.endsWith('.pdf') && outcome !== 'unsupported_file_type') {
    return `a PDF given to ${tools[id].title} gave ${outcome}`;
  }
  if (id === 'word-to-pdf' && file.startsWith('poi-encrypted') && outcome !== 'encrypted_document') {
    return `encrypted Word file gave ${outcome}`;
  }
  if (pdfTool && corpusPasswords[file]) {
    const expected = id === 'unlock-pdf' ? 'ok' : 'encrypted_pdf';
    if (outcome !== expected) return `password-protected PDF gave ${outcome}, expected ${expected}`;
  }
  if (id === 'unlock-pdf' && ownerOnlyPdfs.has(file) && outcome !== 'ok') return `owner-only PDF gave ${outcome}`;
  return undefined;
}

function printSummary(): void {
  const outcomes = [...new Set([...results.values()].flatMap((runs) => runs.map((run) => run.outcome)))].sort((a, b) =>
    a === 'ok' ? -1 : b === 'ok' ? 1 : a.localeCompare(b),
  );
  const rows = [...results.entries()].map(([id, runs]) => {
    const counts = outcomes.map((outcome) => String(runs.filter((run) => run.outcome === outcome).length || ''));
    const seconds = (runs.reduce((sum, run) => sum + run.ms, 0) / 1000).toFixed(1);
    const checkSeconds = (runs.reduce((sum, run) => sum + run.checkMs, 0) / 1000).toFixed(1);
    const slowest = runs.reduce<Run | undefined>((max, run) => (!max || run.ms > max.ms ? run : max), undefined);
    return [id, ...counts, seconds, checkSeconds, slowest && slowest.ms > 0 ? `${slowest.file} ${slowest.ms} ms` : ''];
  });
  const header = ['tool', ...outcomes, 'total s', 'check s', 'slowest'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
  const details = [...results.entries()].flatMap(([id, runs]) => {
    const byOutcome = new Map<string, string[]>();
    for (const run of runs) {
      if (['ok', 'sampled out'].includes(run.outcome)) continue;
      byOutcome.set(run.outcome, [...(byOutcome.get(run.outcome) ?? []), run.file]);
    }
    return [...byOutcome].map(([outcome, files]) => `  ${id} ${outcome}: ${files.join(', ')}`);
  });
  // The files whose runs cost the most, summed over the tools that ran them: where sampling saves time.
  const byFile = new Map<string, { ms: number; runs: number }>();
  for (const run of [...results.values()].flat()) {
    if (run.outcome === 'sampled out') continue;
    const total = byFile.get(run.file) ?? { ms: 0, runs: 0 };
    byFile.set(run.file, { ms: total.ms + run.ms, runs: total.runs + 1 });
  }
  const costliest = [...byFile]
    .sort(([, a], [, b]) => b.ms - a.ms)
    .slice(0, 10)
    .map(
      ([file, { ms, runs }]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${String(runs).padStart(2)} runs  ${file}`,
    );
  console.log(
    [
      'Corpus sweep',
      line(header),
      line(widths.map((w) => '-'.repeat(w))),
      ...rows.map(line),
      '',
      ...details,
      '',
      'Costliest files (all their runs):',
      ...costliest,
    ].join('\n'),
  );
}
