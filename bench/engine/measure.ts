import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

/** Runs a command under /usr/bin/time -v style accounting (only %e and %M are read). */
export async function runTimed(command: string, args: readonly string[], timeoutMs: number): Promise<Timed> {
  const folder = await mkdtemp(join(tmpdir(), 'paperknife-bench-time-'));
  const report = join(folder, 'time.txt');
  try {
    const started = performance.now();
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn('/usr/bin/time', ['-f', '%M', '-o', report, command, ...args], {
          stdio: ['ignore', 'pipe', 'pipe'],
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

/** One tool job in a process of its own (run-job.ts: the engines warm, only the job timed). */
export async function runEngineJob(
  spec: { tool?: string; files?: string[]; options?: Record<string, unknown>; keep?: string; jobTimeoutMs?: number },
  timeoutMs: number,
): Promise<EngineJobRun> {
  const timed = await runTimed(
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
