import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RgbImage } from '@paperknife/engine/testing/ppm';

/**
 * Grayscale benchmark: `npm run grayscale --workspace bench` (or `node --import tsx bench/grayscale/run.ts
 * [--runs=N] [--only=name,name]`; 3 runs unless told, and at least 15 for a file Ghostscript converts in under half a
 * second).
 *
 * Every corpus PDF (../shared/corpus/pdf) and the grayscale test fixtures through Grayscale PDF, and through a plain
 * Ghostscript gray conversion of the same file. Per file: pages whose rendering at 50 dpi (pdftoppm, annotations
 * drawn) still has coloured pixels (channels more than 2 apart), and their count, for both; time of ours (the whole
 * tool: preflight, MuPDF step, Ghostscript, qpdf where needed) and of gs, wall and CPU (children included), and the
 * ratios; whether our output passes `qpdf --check`. The targets: 0 coloured pixels on every file Grayscale accepts,
 * time <= 1.2x gs, every output valid. Prints a table; asserts nothing.
 */

// The engine is imported from its TypeScript sources, which the "source" export condition selects.
if (!process.execArgv.some((arg) => arg.includes('conditions=source'))) {
  const self = fileURLToPath(import.meta.url);
  // --expose-gc: garbage left by the renders is collected before each timed run, not during it.
  const run = spawnSync(
    process.execPath,
    ['--conditions=source', '--expose-gc', '--import', 'tsx', self, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(run.status ?? 1);
}

const { ToolError } = await import('@paperknife/catalog/errors');
const { defaultLimits } = await import('@paperknife/catalog/limits');
const { closeMupdfPool, engineTools, grayPdfwriteSettings, warmMupdfPool } = await import('@paperknife/engine');
const { corpusDir, corpusPresent } = await import('@paperknife/engine/testing/corpus');
const { gsPdfwriteCommand, psnr } = await import('../engine/measure.js');
const { annotatedColourPdf, colouredFormPdf, countColouredPixels, grayJpegScanPdf, renderPages, uncolouredPatternPdf } =
  await import('@paperknife/engine/testing/grayscale-fixtures');
const { table } = await import('../table.js');

const CHECK_DPI = 50;
const GS_TIMEOUT_MS = 600_000;
/** The bench measures time, so jobs get the same ten minutes as gs rather than the server's limit. */
const limits = { ...defaultLimits, jobTimeoutMs: GS_TIMEOUT_MS };
const TIME_TARGET = 1.2;
/** Our output is expected to look like Ghostscript's own conversion, page by page, at least this closely. */
const LIKE_GS_DB = 35;

const args = process.argv.slice(2);
const runs = Math.max(1, Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 3));
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

for (const program of ['gs', 'qpdf', 'pdftoppm']) {
  if (spawnSync('which', [program]).status !== 0) {
    console.error(`The benchmark needs ${program}; install it first.`);
    process.exit(2);
  }
}

/** CPU time in ms of a process and of the children it has waited for (utime..cstime of /proc/<pid>/stat). */
function processCpuMs(pid: number | 'self'): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // After "pid (comm) ": state is field 3, so utime..cstime (fields 14-17) sit at 11-14 here; clock ticks of 10 ms.
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    return ticks * 10;
  } catch {
    return 0; // the child has just ended
  }
}

/** A process's command name, '' once it has ended. */
function processName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * CPU of this process (all its threads), of the children it has waited for, and of its live children: the engine
 * starts its programs through a long-lived spawner process, which keeps their time in its own counters. Not
 * counted: the shell below, and tsx's esbuild service, which compiles the sources for each new MuPDF worker here
 * (a server runs built code).
 */
function cpuMs(): number {
  let total = processCpuMs('self');
  for (const task of readdirSync('/proc/self/task')) {
    for (const child of readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ')) {
      const pid = Number(child);
      if (child === '' || pid === plainShell.pid || processName(pid) === 'esbuild') continue;
      total += processCpuMs(pid);
    }
  }
  return total;
}

interface Timing {
  wallMs: number;
  cpuMs: number;
}

async function timed(work: () => Promise<void>): Promise<Timing> {
  (globalThis as { gc?: () => void }).gc?.();
  const cpuBefore = cpuMs();
  const started = performance.now();
  await work();
  return { wallMs: performance.now() - started, cpuMs: cpuMs() - cpuBefore };
}

/**
 * The plain command runs from a long-lived shell, as from a terminal: started by this process, whose MuPDF workers
 * make it large, each run would also pay for copying its page tables. Each run gets a session of its own (setsid),
 * as the engine's programs do: with the kernel's autogroup scheduling a session is a group that gets its share of
 * the CPU, so on a loaded machine a program sharing the benchmark's session ran up to 2x slower than ours by wall
 * clock at the same CPU. The shell answers each run's wall time and the CPU of the children it waited for.
 */
const plainShell = spawn('bash', ['--noprofile', '--norc'], { stdio: ['pipe', 'pipe', 'inherit'] });
const shellAnswers: ((line: string) => void)[] = [];
let shellOutput = '';
plainShell.stdout.setEncoding('utf8').on('data', (chunk: string) => {
  shellOutput += chunk;
  for (let end = shellOutput.indexOf('\n'); end >= 0; end = shellOutput.indexOf('\n')) {
    const line = shellOutput.slice(0, end);
    shellOutput = shellOutput.slice(end + 1);
    shellAnswers.shift()?.(line);
  }
});
const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;
const childTicks = "$(awk '{print $16 + $17}' /proc/$$/stat)";

/** The plain command: the Ghostscript settings Grayscale PDF itself uses, nothing before or after. */
function plainGhostscript(input: string, output: string): Promise<Timing> {
  return new Promise((resolve, reject) => {
    shellAnswers.push((line) => {
      const [status, wallNs, cpuTicks] = line.split(' ').map(Number);
      if (status === 0) resolve({ wallMs: wallNs! / 1e6, cpuMs: cpuTicks! * 10 });
      else reject(new Error(`gs exited with ${status}`));
    });
    const command = gsPdfwriteCommand(grayPdfwriteSettings, input, output).map(quote).join(' ');
    plainShell.stdin.write(
      `c0=${childTicks}; t0=$(date +%s%N); setsid --wait timeout ${GS_TIMEOUT_MS / 1000} ${command} >/dev/null 2>&1; ` +
        `status=$?; t1=$(date +%s%N); echo $status $((t1 - t0)) $((${childTicks} - c0))\n`,
    );
  });
}

const scratch = await mkdtemp(join(tmpdir(), 'paperknife-bench-grayscale-'));
const signal = new AbortController().signal;

/** Grayscale PDF on a copy of `path` in a job folder of its own; only the tool's own work is timed. */
async function runOurs(path: string, output: string): Promise<{ outcome: string; timing: Timing }> {
  const workDir = await mkdtemp(join(scratch, 'job-'));
  try {
    const upload = join(workDir, 'upload');
    await copyFile(path, upload);
    const file = { path: upload, name: basename(path), size: (await stat(upload)).size };
    let resultPath = '';
    let outcome = 'ok';
    const timing = await timed(async () => {
      try {
        resultPath = (await engineTools['grayscale-pdf']([file], {}, { workDir, limits, signal })).path;
      } catch (error) {
        if (!(error instanceof ToolError)) throw error;
        outcome = error.code;
      }
    });
    if (outcome === 'ok') await copyFile(resultPath, output);
    return { outcome, timing };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The median of `timings` by wall time (CPU taken from the same run). */
function median(timings: Timing[]): Timing {
  return [...timings].sort((a, b) => a.wallMs - b.wallMs)[Math.floor((timings.length - 1) / 2)]!;
}

/**
 * A file Ghostscript converts in less than this many ms is run SHORT_FILE_RUNS times at least: the machine's jitter
 * (10-20 ms on a loaded 2-core machine) is a tenth or more of such a run, and moved a median of 3 by as much.
 */
const SHORT_FILE_MS = 500;
const SHORT_FILE_RUNS = 15;

/**
 * The median of each side's timings over `runs` runs (SHORT_FILE_RUNS for a short file), ours and gs taking turns
 * so both see the same load.
 */
async function measure(
  path: string,
  outputs: { ours: string; gs: string },
): Promise<{ outcome: string; ours: Timing; gs?: Timing }> {
  const ours: Timing[] = [];
  const gs: Timing[] = [];
  let outcome = 'ok';
  const more = (run: number) => run < runs || (run < SHORT_FILE_RUNS && median(gs).wallMs < SHORT_FILE_MS);
  for (let run = 0; more(run); run++) {
    const oursRun = await runOurs(path, outputs.ours);
    outcome = oursRun.outcome;
    ours.push(oursRun.timing);
    if (outcome !== 'ok') return { outcome, ours: median(ours) };
    gs.push(await plainGhostscript(path, outputs.gs));
  }
  return { outcome, ours: median(ours), gs: median(gs) };
}

function colourSummary(counts: number[]): string {
  const pages = counts.filter((count) => count > 0).length;
  const pixels = counts.reduce((sum, count) => sum + count, 0);
  return pixels === 0 ? '0' : `${pixels.toLocaleString('en-US')} on ${pages}/${counts.length} p.`;
}

/** `qpdf --check` of an output: 'ok', or the exit code it gave (3: warnings, 2: errors). */
function qpdfCheck(path: string): string {
  const { status } = spawnSync('qpdf', ['--check', path], { stdio: 'ignore' });
  return status === 0 ? 'ok' : `exit ${status}`;
}

const ratio = (ours: number, base: number) => (base > 0 ? (ours / base).toFixed(2) : '-');
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const kilobytes = (bytes: number) => Math.round(bytes / 1024).toLocaleString('en-US');
const decibels = (db: number) => (Number.isNaN(db) ? 'pages differ' : db === Infinity ? 'same' : `${db.toFixed(1)} dB`);

/**
 * An RGB render as its lightness (Rec. 601 weights, rounded), in all three channels: so a page gs left in colour
 * compares with ours by how light it is.
 */
function luma(image: RgbImage): RgbImage {
  const pixels = new Uint8Array(image.pixels.length);
  for (let i = 0; i < pixels.length; i += 3) {
    const value = Math.round(0.299 * image.pixels[i]! + 0.587 * image.pixels[i + 1]! + 0.114 * image.pixels[i + 2]!);
    pixels.fill(value, i, i + 3);
  }
  return { ...image, pixels };
}

/**
 * The lowest PSNR, over lightness, of a page of ours against the same page of gs's output, both rendered at
 * CHECK_DPI: how much our result differs from Ghostscript's own gray conversion where it differs most (where gs
 * leaves colour, its lightness counts). NaN when the page counts or sizes differ.
 */
function lowestPsnr(ours: readonly RgbImage[], gs: readonly RgbImage[]): number {
  if (ours.length !== gs.length) return Number.NaN;
  let lowest = Infinity;
  for (const [index, page] of ours.entries()) {
    const reference = gs[index]!;
    if (page.width !== reference.width || page.height !== reference.height) return Number.NaN;
    lowest = Math.min(lowest, psnr(luma(reference), luma(page)));
  }
  return lowest;
}

try {
  const inputs: string[] = [];
  const fixtures = join(scratch, 'fixtures');
  await mkdir(fixtures);
  for (const [name, build] of [
    ['fixture-annotated.pdf', annotatedColourPdf],
    ['fixture-form.pdf', colouredFormPdf],
    ['fixture-patterns.pdf', uncolouredPatternPdf],
    ['fixture-gray-jpeg-scan.pdf', grayJpegScanPdf],
  ] as const) {
    await writeFile(join(fixtures, name), await build());
    inputs.push(join(fixtures, name));
  }
  if (corpusPresent()) {
    const folder = join(corpusDir, 'pdf');
    inputs.push(...(await readdir(folder)).filter((name) => name.endsWith('.pdf')).map((name) => join(folder, name)));
  } else {
    console.error(`No corpus at ${corpusDir}: only the generated fixtures are measured.`);
  }
  const selected = only ? inputs.filter((path) => only.some((name) => basename(path).includes(name))) : inputs;

  // Warm the MuPDF worker and the tool's modules, as a running server has them.
  await warmMupdfPool();
  await runOurs(inputs[0]!, join(scratch, 'warm-up.pdf'));
  console.log(
    `Grayscale PDF vs plain Ghostscript (pdfwrite, ColorConversionStrategy=Gray), median of ${runs} run(s), ` +
      `at least ${SHORT_FILE_RUNS} for a file gs converts in under ${SHORT_FILE_MS} ms. ` +
      `Coloured: pixels whose channels differ by more than 2 at ${CHECK_DPI} dpi (pdftoppm draws annotations). ` +
      'CPU includes child processes (gs, qpdf) and worker threads.\n',
  );

  const rows: string[][] = [];
  const totals = {
    ...{ oursWall: 0, gsWall: 0, oursCpu: 0, gsCpu: 0, oursBytes: 0, gsBytes: 0 },
    ...{ files: 0, colouredFiles: 0, slowFiles: 0, invalidFiles: 0, unlikeFiles: 0 },
  };
  for (const path of selected) {
    const outputs = { ours: join(scratch, 'ours.pdf'), gs: join(scratch, 'gs.pdf') };
    const { outcome, ours, gs } = await measure(path, outputs);
    const name = basename(path, '.pdf');
    if (outcome !== 'ok' || !gs) {
      rows.push([name, `refused: ${outcome}`, ...Array<string>(12).fill('-')]);
      process.stderr.write(`${name}: ${outcome}\n`);
      continue;
    }
    const oursBytes = (await stat(outputs.ours)).size;
    const gsBytes = (await stat(outputs.gs)).size;
    totals.oursBytes += oursBytes;
    totals.gsBytes += gsBytes;
    const oursPages = renderPages(outputs.ours, CHECK_DPI);
    const gsPages = renderPages(outputs.gs, CHECK_DPI);
    const oursColour = oursPages.map((page) => countColouredPixels(page.pixels));
    const gsColour = gsPages.map((page) => countColouredPixels(page.pixels));
    const likeGs = lowestPsnr(oursPages, gsPages);
    if (!(likeGs >= LIKE_GS_DB)) totals.unlikeFiles += 1;
    const oursColoured = oursColour.some((count) => count > 0);
    const check = qpdfCheck(outputs.ours);
    if (check !== 'ok') totals.invalidFiles += 1;
    totals.files += 1;
    if (oursColoured) totals.colouredFiles += 1;
    if (ours.wallMs > TIME_TARGET * gs.wallMs) totals.slowFiles += 1;
    totals.oursWall += ours.wallMs;
    totals.gsWall += gs.wallMs;
    totals.oursCpu += ours.cpuMs;
    totals.gsCpu += gs.cpuMs;
    rows.push([
      name,
      String(oursColour.length),
      colourSummary(oursColour),
      colourSummary(gsColour),
      decibels(likeGs),
      seconds(ours.wallMs),
      seconds(gs.wallMs),
      ratio(ours.wallMs, gs.wallMs),
      seconds(ours.cpuMs),
      seconds(gs.cpuMs),
      ratio(ours.cpuMs, gs.cpuMs),
      kilobytes(oursBytes),
      kilobytes(gsBytes),
      check,
    ]);
    process.stderr.write(`${name}: ${rows[rows.length - 1]!.slice(1).join(' | ')}\n`);
  }
  rows.push([
    `total (${totals.files} files)`,
    '',
    `${totals.colouredFiles} files coloured`,
    '',
    `${totals.unlikeFiles} below ${LIKE_GS_DB} dB`,
    seconds(totals.oursWall),
    seconds(totals.gsWall),
    ratio(totals.oursWall, totals.gsWall),
    seconds(totals.oursCpu),
    seconds(totals.gsCpu),
    ratio(totals.oursCpu, totals.gsCpu),
    kilobytes(totals.oursBytes),
    kilobytes(totals.gsBytes),
    `${totals.invalidFiles} invalid`,
  ]);
  console.log(
    table(
      [
        'file',
        'pages',
        'coloured: ours',
        'coloured: gs',
        'PSNR vs gs',
        'ours s',
        'gs s',
        'wall ratio',
        'ours CPU s',
        'gs CPU s',
        'CPU ratio',
        'ours KB',
        'gs KB',
        'qpdf --check',
      ],
      rows,
    ),
  );
  console.log(
    `\nTargets: 0 coloured pixels on every accepted file (${totals.colouredFiles} with colour); ` +
      `time <= ${TIME_TARGET}x gs (total wall ${ratio(totals.oursWall, totals.gsWall)}x, CPU ` +
      `${ratio(totals.oursCpu, totals.gsCpu)}x; ${totals.slowFiles} files above ${TIME_TARGET}x by wall time); ` +
      `every output passes qpdf --check (${totals.invalidFiles} do not). Pages as Ghostscript converts them: ` +
      `${totals.unlikeFiles} files have a page below ${LIKE_GS_DB} dB PSNR against gs's output.`,
  );
} finally {
  plainShell.stdin.end();
  await closeMupdfPool();
  await rm(scratch, { recursive: true, force: true });
}
