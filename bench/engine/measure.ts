import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RgbImage, parsePpm } from '@paperknife/engine/testing/ppm';

/** Running measured processes, rendering pages and printing tables. */

export interface Timed {
  code: number;
  /** Wall time of the whole process, in ms. */
  ms: number;
  /** Peak resident set size in MB (GNU time's %M: the largest of the process and the children it waited for). */
  peakMb: number;
  stdout: string;
  stderr: string;
}

/** Runs a command under /usr/bin/time -v style accounting (only %e and %M are read), with `env` added to ours. */
export async function runTimed(
  command: string,
  args: readonly string[],
  timeoutMs: number,
  env: Record<string, string> = {},
): Promise<Timed> {
  const folder = await mkdtemp(join(tmpdir(), 'paperknife-bench-time-'));
  const report = join(folder, 'time.txt');
  try {
    const started = performance.now();
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn('/usr/bin/time', ['-f', '%M', '-o', report, command, ...args], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, ...env },
        });
        let out = '';
        let err = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err = (err + chunk).slice(-4000)));
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.on('error', reject);
        child.on('close', (exit) => {
          clearTimeout(timer);
          resolve({ code: exit ?? -1, stdout: out, stderr: err });
        });
      },
    );
    const ms = performance.now() - started;
    const kb = Number((await readFile(report, 'utf8').catch(() => '')).trim().split('\n').pop());
    return { code, ms, peakMb: Number.isFinite(kb) ? kb / 1024 : Number.NaN, stdout, stderr };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Stops the benchmark with a clear message unless every program is installed (a path, or a name on PATH). */
export function requirePrograms(programs: readonly string[]): void {
  for (const program of programs) {
    const found = program.startsWith('/') ? existsSync(program) : spawnSync('which', [program]).status === 0;
    if (!found) {
      console.error(`The benchmark needs ${program}; install it first.`);
      process.exit(2);
    }
  }
}

/** The names given as `--only=a,b` on the command line, or undefined for everything. */
export function onlyArgument(): string[] | undefined {
  return process.argv
    .slice(2)
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
}

/** Ghostscript's pdfwrite with these settings, as one plain command line. */
export function gsPdfwriteCommand(settings: readonly string[], input: string, output: string): [string, ...string[]] {
  return [
    'gs',
    '-q',
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-sDEVICE=pdfwrite',
    ...settings,
    `-sOutputFile=${output}`,
    input,
  ];
}

const runJob = fileURLToPath(new URL('./run-job.ts', import.meta.url));

/** What one engine job reported, with its process's peak RSS. */
export interface EngineJobRun {
  /** `ok`, a ToolError code, or why the process failed. */
  outcome: string;
  /** In-process job time (engines already warm), ms. */
  ms: number;
  bytes: number;
  peakMb: number;
}

/**
 * The engine as the server runs it: run-job.ts and the workspace packages bundled into plain JavaScript, and the
 * MuPDF worker built (BUILT_WORKER_VARIABLE), so no TypeScript is compiled at run time. Under tsx a warm idle
 * process is about 207 MB, built about 121 MB (docs/decisions/105). The caller removes `folder`.
 */
/** The engine's BUILT_WORKER_VARIABLE (mupdf/pool.ts), without loading the engine in the benchmark's process. */
const BUILT_WORKER_VARIABLE = 'PAPERKNIFE_MUPDF_WORKER';

export interface BuiltEngine {
  script: string;
  worker: string;
  folder: string;
}

export async function buildEngine(): Promise<BuiltEngine> {
  const { buildMupdfWorker } = await import('@paperknife/engine/testing/mupdf-worker-build');
  const { build } = await import('esbuild');
  // Beside the worker, inside node_modules, so the installed packages the bundle imports resolve.
  const { worker, folder } = await buildMupdfWorker();
  const installed = ['packages/engine/package.json', 'packages/catalog/package.json'].flatMap((manifest) => {
    const { dependencies = {} } = JSON.parse(readFileSync(new URL(`../../${manifest}`, import.meta.url), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    return Object.keys(dependencies).flatMap((name) => [name, `${name}/*`]);
  });
  const script = join(folder, 'run-job.mjs');
  await build({
    ...{ entryPoints: [runJob], outfile: script, bundle: true, format: 'esm', platform: 'node', target: 'node20' },
    ...{ conditions: ['source'], external: installed, logLevel: 'error' },
  });
  return { script, worker, folder };
}

/**
 * One tool job in a process of its own (run-job.ts: the engines warm, only the job timed): from the TypeScript
 * sources under tsx, or `built` (see buildEngine).
 */
export async function runEngineJob(
  spec: { tool?: string; files?: string[]; options?: Record<string, unknown>; keep?: string; jobTimeoutMs?: number },
  timeoutMs: number,
  built?: BuiltEngine,
): Promise<EngineJobRun> {
  const timed = built
    ? await runTimed(process.execPath, [built.script, JSON.stringify(spec)], timeoutMs, {
        [BUILT_WORKER_VARIABLE]: built.worker,
      })
    : await runTimed(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', runJob, JSON.stringify(spec)],
        timeoutMs,
      );
  const line = timed.stdout
    .trim()
    .split('\n')
    .reverse()
    .find((text) => text.startsWith('{'));
  if (timed.code !== 0 || !line) {
    const reason =
      timed.code === 137 || timed.code === -1
        ? 'killed (time limit)'
        : `crash: ${timed.stderr.trim().split('\n').pop()}`;
    return { outcome: reason, ms: timed.ms, bytes: 0, peakMb: timed.peakMb };
  }
  const report = JSON.parse(line) as { outcome: string; ms: number; bytes: number };
  return { ...report, peakMb: timed.peakMb };
}

export type Render = RgbImage;

/** Page 1 rendered by pdftoppm at `dpi`, or scaled to exactly `size` so renders of two files line up. */
export function renderFirstPage(path: string, dpi: number, size?: { width: number; height: number }): Render {
  const scale = size ? ['-scale-to-x', String(size.width), '-scale-to-y', String(size.height)] : ['-r', String(dpi)];
  const result = spawnSync('pdftoppm', [...scale, '-f', '1', '-l', '1', path], { maxBuffer: 1024 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`pdftoppm failed on ${path}: ${result.stderr.toString()}`);
  return parsePpm(result.stdout);
}

/** PSNR in dB of `test` against `reference` (same size), over RGB. */
export function psnr(reference: Render, test: Render): number {
  let sum = 0;
  for (let i = 0; i < reference.pixels.length; i++) sum += (reference.pixels[i]! - test.pixels[i]!) ** 2;
  if (sum === 0) return Infinity;
  return 10 * Math.log10((255 * 255) / (sum / reference.pixels.length));
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const formatMs = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : '-');
export const formatMb = (mb: number) => (Number.isFinite(mb) ? `${Math.round(mb)} MB` : '-');
export const formatKb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;
export const formatDb = (db: number) =>
  db === Infinity ? 'identical' : Number.isFinite(db) ? `${db.toFixed(1)} dB` : '-';
