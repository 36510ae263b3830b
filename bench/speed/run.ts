import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { FUNCTIONS_PREFIX } from '@paperknife/catalog/http-api';
import { type ToolId, tools } from '@paperknife/catalog/tools';
import { deviceToolIds } from '@paperknife/qpdf-jobs/qpdf-jobs';
import { requireBuild, startBuiltServer, stopBuiltServer } from '../built-server.js';
import { median } from '../engine/measure.js';
import {
  corpusDir,
  corpusPasswords,
  corpusPdfFiles,
  corpusPresent,
  manifestPageCounts,
} from '@paperknife/engine/testing/corpus';
import { inParallel } from '@paperknife/engine/testing/in-parallel';
import { table } from '../table.js';

/**
 * Every structural tool and PDF to JPG through the real HTTP server against the bare program doing the same work on
 * the same file, over the corpus PDFs (damaged and warning-laden ones too), taking turns; then the structural
 * tools' throughput at 1, 2 and 8 clients. Targets (issue 27): API median <= 1.3x bare + 40 ms on every file;
 * 8 clients >= 1.8x one client.
 *
 *   npm run speed --workspace bench -- [--tools=rotate-pdf,merge-pdf] [--files=tracemonkey,geotopo] [--runs=N]
 *     [--clients=1,2,8] [--jobs=N]
 *
 * Runs per file default to 7 under 1 MB, 5 under 5 MB, 3 above. Encrypted files go only to Unlock, with the
 * corpus README's password; a file the API refuses (damaged_pdf, 4xx) or the bare command fails on is counted
 * apart, not timed.
 *
 * Like for like: the bare command reads the same corpus file from disk (Merge: three copies, see mergeParts) (in the page cache, as the server's upload
 * is once written) and writes a fresh output file; the API's time runs from the request to the answer's last byte,
 * the upload read into memory before, so it holds sending the upload over loopback, writing it to the job folder,
 * and streaming the result back. Merge's API also carries the files' bookmarks, which the bare `--empty --pages`
 * drops (one more qpdf run when a file has some). Load from other work slows both sides alike only on average:
 * with the machine busy, compare ratios over several runs.
 */

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const list = (name: string) => arg(name)?.split(',').filter(Boolean);

/** The structural tools: the page tools whose work is qpdf's alone (the same list the device way runs). */
const STRUCTURAL = deviceToolIds;
const ALL = [...STRUCTURAL, 'pdf-to-jpg'] as const satisfies readonly ToolId[];
type BenchTool = (typeof ALL)[number];

const JPG_DPI = tools['pdf-to-jpg'].sampleOptions.dpi;
const JPG_QUALITY = tools['pdf-to-jpg'].sampleOptions.quality;
/** PDF to JPG renders every page: long documents would take the run's whole time. */
const JPG_MAX_PAGES = 20;

interface Case {
  /** Upload(s) and form fields for the API. */
  files: string[];
  fields: Record<string, string>;
  /** The bare command, `{out}` standing for a fresh output path. */
  bare: string[];
}

/**
 * Three copies of `file` under names of their own, for the bare merge: qpdf reads a file named twice in `--pages`
 * once and writes its shared objects once (three copies of a page drawing a 9000 x 9000 scan cost it 1.2 s named
 * alike and 3.5 s named apart), where the API is sent three uploads, as a user sends three files.
 */
function mergeParts(file: string): string[] {
  return [1, 2, 3].map((part) => {
    const copy = join(partsFolder, `${part}-${basename(file)}`);
    if (!existsSync(copy)) copyFileSync(file, copy);
    return copy;
  });
}
const partsFolder = mkdtempSync(join(tmpdir(), 'paperknife-speed-parts-'));

/** What each tool is asked, and the bare qpdf or pdftoppm command doing the same. */
function caseFor(tool: BenchTool, file: string, pages: number): Case | undefined {
  const password = corpusPasswords[basename(file)];
  if (password !== undefined && tool !== 'unlock-pdf') return undefined;
  const one = { files: [file] };
  switch (tool) {
    case 'merge-pdf':
      return {
        files: [file, file, file],
        fields: {},
        bare: ['qpdf', '--empty', '--pages', ...mergeParts(file), '--', '{out}'],
      };
    case 'split-pdf': {
      const ranges = pages >= 9 ? '2-9' : pages >= 2 ? `2-${pages}` : '1';
      return {
        ...one,
        fields: { mode: 'ranges', ranges },
        bare: ['qpdf', file, '--pages', file, ranges, '--', '{out}'],
      };
    }
    case 'extract-pages': {
      const range = pages >= 9 ? '2-9' : pages >= 2 ? `2-${pages}` : '1';
      return { ...one, fields: { pages: range }, bare: ['qpdf', file, '--pages', file, range, '--', '{out}'] };
    }
    case 'rotate-pdf':
      return { ...one, fields: { angle: '90' }, bare: ['qpdf', '--rotate=+90', file, '{out}'] };
    case 'delete-pages':
      if (pages < 2) return undefined;
      return { ...one, fields: { pages: String(pages) }, bare: ['qpdf', file, '--pages', file, '1-r2', '--', '{out}'] };
    case 'organize-pdf':
      if (pages < 2) return undefined;
      return { ...one, fields: { order: '2-,1' }, bare: ['qpdf', '--empty', '--pages', file, '2-z,1', '--', '{out}'] };
    case 'protect-pdf':
      return {
        ...one,
        fields: { userPassword: 'bench-password' },
        bare: ['qpdf', '--encrypt', 'bench-password', 'bench-owner', '256', '--', file, '{out}'],
      };
    case 'unlock-pdf':
      return {
        ...one,
        fields: password === undefined ? {} : { password },
        bare: ['qpdf', '--decrypt', ...(password === undefined ? [] : [`--password=${password}`]), file, '{out}'],
      };
    case 'pdf-to-jpg':
      if (pages > JPG_MAX_PAGES) return undefined;
      return {
        ...one,
        fields: { dpi: String(JPG_DPI), quality: String(JPG_QUALITY) },
        bare: ['pdftoppm', '-jpeg', '-jpegopt', `quality=${JPG_QUALITY}`, '-r', String(JPG_DPI), file, '{out}'],
      };
  }
}

interface Timing {
  ms: number;
  ok: boolean;
  status?: number;
}

async function callApi(origin: string, tool: BenchTool, test: Case): Promise<Timing> {
  const form = new FormData();
  for (const file of test.files) form.append('file', new Blob([readFileSync(file)]), basename(file));
  for (const [name, value] of Object.entries(test.fields)) form.append(name, value);
  const started = performance.now();
  const response = await fetch(`${origin}${FUNCTIONS_PREFIX}/${tools[tool].functionName}`, {
    method: 'POST',
    body: form,
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, ok: response.ok, status: response.status };
}

async function runBare(command: readonly string[], folder: string): Promise<Timing> {
  const out = join(folder, `bare-${Math.random().toString(36).slice(2)}`);
  const [program, ...args] = command.map((part) => (part === '{out}' ? out : part));
  const started = performance.now();
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(program!, args, { stdio: 'ignore' });
    // A decompression bomb can keep pdftoppm busy for minutes: the bare side gets the API's time limit.
    const timer = setTimeout(() => child.kill('SIGKILL'), BARE_LIMIT_MS);
    child.on('error', reject);
    child.on('close', (exit) => {
      clearTimeout(timer);
      resolve(exit ?? -1);
    });
  });
  const ms = performance.now() - started;
  await rm(out, { force: true, recursive: true });
  // qpdf: 0 done, 3 done with warnings. pdftoppm writes `{out}-N.jpg` files, removed below.
  for (const name of readdirSync(folder)) if (name.startsWith(basename(out))) await rm(join(folder, name));
  return { ms, ok: code === 0 || code === 3 };
}

/** The bare command's time limit, the API's default job limit. */
const BARE_LIMIT_MS = 120_000;

const withinTarget = (api: number, bare: number) => api <= 1.3 * bare + 40;

function runsFor(file: string): number {
  const fixed = Number(arg('runs'));
  if (fixed > 0) return fixed;
  const size = statSync(file).size;
  return size < 1e6 ? 7 : size < 5e6 ? 5 : 3;
}

interface FileResult {
  file: string;
  api: number;
  bare: number;
}

async function measureTool(origin: string, tool: BenchTool, files: readonly string[], folder: string) {
  const pages = manifestPageCounts();
  const results: FileResult[] = [];
  const refused = new Map<string, string[]>();
  for (const file of files) {
    const test = caseFor(tool, file, pages.get(basename(file)) ?? 1);
    if (!test) continue;
    const api: number[] = [];
    const bare: number[] = [];
    let status: number | undefined;
    let bareFailed = false;
    for (let run = 0; run < runsFor(file); run++) {
      // Taking turns, each side first every other run.
      const order = run % 2 === 0 ? ['api', 'bare'] : ['bare', 'api'];
      for (const side of order) {
        if (side === 'api') {
          const timed = await callApi(origin, tool, test);
          if (timed.ok) api.push(timed.ms);
          else status = timed.status;
        } else {
          const timed = await runBare(test.bare, folder);
          if (timed.ok) bare.push(timed.ms);
          else bareFailed = true;
        }
      }
      if (status !== undefined || bareFailed) break;
    }
    // A file the API refuses, or the bare command fails on, has no pair of times to compare.
    const apart = status !== undefined ? String(status) : bareFailed ? 'bare failed' : undefined;
    if (apart !== undefined) {
      refused.set(apart, [...(refused.get(apart) ?? []), basename(file)]);
      continue;
    }
    results.push({ file: basename(file), api: median(api), bare: median(bare) });
  }
  return { results, refused };
}

/** The machine's CPU time so far, busy and idle, summed over its cores (ms). */
function cpuTimes() {
  let busy = 0;
  let idle = 0;
  for (const { times } of cpus()) {
    busy += times.user + times.nice + times.sys + times.irq;
    idle += times.idle;
  }
  return { busy, idle };
}

/**
 * Jobs a second with `clients` sending at once, and how busy the machine's cores were meanwhile (server, its
 * programs and this client together): a level whose single client already keeps the cores busy leaves more clients
 * little to gain.
 */
async function throughput(origin: string, clients: number, jobs: readonly [BenchTool, Case][], total: number) {
  const sent = Array.from({ length: total }, (_, index) => jobs[index % jobs.length]!);
  const before = cpuTimes();
  const started = performance.now();
  await inParallel(sent, clients, async ([tool, test]) => {
    const timed = await callApi(origin, tool, test);
    if (!timed.ok) throw new Error(`${tool} answered ${timed.status} under load`);
  });
  const seconds = (performance.now() - started) / 1000;
  const after = cpuTimes();
  const busy = after.busy - before.busy;
  return { rate: total / seconds, busyShare: busy / (busy + after.idle - before.idle), cpuPerJob: busy / total };
}

async function main(): Promise<void> {
  if (!corpusPresent()) {
    console.error(`No corpus at ${corpusDir}: nothing to measure.`);
    process.exit(1);
  }
  requireBuild();
  const chosen = (list('tools') ?? ALL) as BenchTool[];
  const filters = list('files');
  const corpusPdfs = corpusPdfFiles(filters).map((file) => file.path);

  const folder = await mkdtemp(join(tmpdir(), 'paperknife-speed-'));
  const port = 18_000 + Math.floor(Math.random() * 1000);
  // Many requests from one address: the rate limit is for the public, not this benchmark.
  const server = await startBuiltServer(port, folder, { PAPERKNIFE_RATE_LIMIT: '1000000' });
  const origin = `http://127.0.0.1:${port}`;
  try {
    const rows: string[][] = [];
    const details: string[] = [];
    for (const tool of chosen) {
      const { results, refused } = await measureTool(origin, tool, corpusPdfs, folder);
      if (results.length === 0) continue;
      const over = results.filter((result) => !withinTarget(result.api, result.bare));
      const worst = results.reduce((a, b) => (b.api - 1.3 * b.bare > a.api - 1.3 * a.bare ? b : a));
      rows.push([
        tool,
        String(results.length),
        `${median(results.map((r) => r.api)).toFixed(0)} ms`,
        `${median(results.map((r) => r.bare)).toFixed(0)} ms`,
        median(results.map((r) => r.api / r.bare)).toFixed(2),
        `${worst.file} ${worst.api.toFixed(0)}/${worst.bare.toFixed(0)} ms`,
        String(over.length),
        [...refused].map(([status, names]) => `${status}: ${names.length}`).join(', '),
      ]);
      for (const result of over) {
        details.push(
          `  ${tool} over target: ${result.file} ${result.api.toFixed(0)} ms vs ${result.bare.toFixed(0)} ms`,
        );
      }
      for (const [why, names] of refused) details.push(`  ${tool} apart (${why}): ${names.join(', ')}`);
    }
    console.log('\nAPI against the bare program (medians per file; over: files past 1.3x bare + 40 ms)');
    const header = ['tool', 'files', 'API', 'bare', 'ratio', 'worst file (API/bare)', 'over', 'apart'];
    console.log(table(header, rows));
    if (details.length > 0) console.log(details.join('\n'));

    // Throughput: every structural tool on the corpus's ordinary files up to 1 MB, taking turns.
    const pages = manifestPageCounts();
    const small = corpusPdfs.filter((path) => path.includes('/pdf/') && statSync(path).size <= 1e6);
    const jobs = STRUCTURAL.filter((tool) => chosen.includes(tool)).flatMap((tool) =>
      small.flatMap((file) => {
        const test = caseFor(tool, file, pages.get(basename(file)) ?? 1);
        return test ? [[tool, test] as [BenchTool, Case]] : [];
      }),
    );
    if (jobs.length > 0) {
      const total = Number(arg('jobs')) || Math.min(jobs.length, 160);
      const levels = (list('clients') ?? ['1', '2', '8']).map(Number);
      const rates = new Map<number, Awaited<ReturnType<typeof throughput>>>();
      for (const clients of levels) rates.set(clients, await throughput(origin, clients, jobs, total));
      const single = rates.get(1)?.rate;
      console.log(`\nThroughput, structural tools, ${total} jobs per level over ${small.length} files up to 1 MB`);
      console.log(
        table(
          ['clients', 'jobs/s', 'vs 1 client', 'cores busy', 'CPU per job'],
          [...rates].map(([clients, { rate, busyShare, cpuPerJob }]) => [
            String(clients),
            rate.toFixed(1),
            single ? `${(rate / single).toFixed(2)}x` : '',
            `${(busyShare * 100).toFixed(0)} % of ${cpus().length}`,
            `${cpuPerJob.toFixed(1)} ms`,
          ]),
        ),
      );
    }
  } finally {
    await stopBuiltServer(server);
    await rm(folder, { recursive: true, force: true });
    rmSync(partsFolder, { recursive: true, force: true });
  }
}

await main();
