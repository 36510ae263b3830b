import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { EngineJobRun } from './measure.js';
import { runFromSources } from '../from-sources.js';

/**
 * Engine benchmark: `npm run bench` (or `node --import tsx bench/engine/run.ts [--tools=a,b] [--compress-only]`).
 *
 * 1. Every tool of the engine registry on a sample of corpus files (../shared/corpus), each job in a child
 *    process of its own, beside the plain CLI doing the same job: median time and peak RSS per tool.
 * 2. The compress target: the corpus's image-heavy files through Compress PDF (low, medium, high) and
 *    Ghostscript's pdfwrite /ebook, with bytes and the PSNR of page 1 rendered at 100 dpi against the original.
 *
 * Prints tables; asserts nothing.
 */

// The engine is imported from its TypeScript sources, which the "source" export condition selects.
runFromSources(import.meta.url);

const { toolIds } = await import('@paperknife/catalog/tools');
const { baselines, corpusDir, corpusPresent, filesFor, imageHeavyPdfs, optionsFor, pageCounts } =
  await import('./corpus.js');
const { formatDb, formatKb, formatMb, formatMs, median, psnr, renderFirstPage, runEngineJob, runTimed } =
  await import('./measure.js');
const { table } = await import('../table.js');
type ToolId = (typeof toolIds)[number];

const JOB_TIMEOUT_MS = 180_000;
const RENDER_DPI = 100;

if (!corpusPresent()) {
  console.error(`No corpus at ${corpusDir}: the benchmark runs on ../shared/corpus (pdf/, word/ and MANIFEST.tsv).`);
  process.exit(2);
}
for (const program of ['/usr/bin/time', 'qpdf', 'gs', 'pdftoppm']) {
  const found = program.startsWith('/') ? existsSync(program) : spawnSync('which', [program]).status === 0;
  if (!found) {
    console.error(`The benchmark needs ${program}; install it first.`);
    process.exit(2);
  }
}

const args = process.argv.slice(2);
const onlyTools = args
  .find((arg) => arg.startsWith('--tools='))
  ?.slice('--tools='.length)
  .split(',');
const compressOnly = args.includes('--compress-only');

type JobRun = EngineJobRun;

const engineJob = (spec: { tool?: ToolId; files?: string[]; options?: Record<string, unknown>; keep?: string }) =>
  runEngineJob(spec, JOB_TIMEOUT_MS);

async function baselineJob(command: [string, ...string[]]): Promise<JobRun & { code: number }> {
  const timed = await runTimed(command[0], command.slice(1), JOB_TIMEOUT_MS);
  return {
    outcome: timed.code === 0 ? 'ok' : `exit ${timed.code}`,
    ms: timed.ms,
    bytes: 0,
    peakMb: timed.peakMb,
    code: timed.code,
  };
}

const scratch = await mkdtemp(join(tmpdir(), 'paperknife-bench-'));
try {
  const idle = await engineJob({});
  console.log(`Corpus: ${corpusDir}`);
  console.log(
    `Each job runs in its own Node process with the engines warm (one MuPDF worker; LibreOffice for Word to PDF). ` +
      `Ours: time of the job inside that process; peak RSS of the whole process, of which ${formatMb(idle.peakMb)} ` +
      `is Node, the TypeScript loader and an idle MuPDF worker. Baselines: wall time and peak RSS of the CLI.\n`,
  );
  if (!compressOnly) await toolTable();
  await compressTable();
} finally {
  await rm(scratch, { recursive: true, force: true });
}

async function toolTable(): Promise<void> {
  const counts = pageCounts();
  const rows: string[][] = [];
  for (const id of toolIds) {
    if (onlyTools && !onlyTools.includes(id)) continue;
    const files = filesFor(id, counts);
    const ours: JobRun[] = [];
    const base: JobRun[] = [];
    const baseline = baselines[id];
    for (const path of files) {
      const inputs = id === 'merge-pdf' ? [path, path] : [path];
      const run = await engineJob({ tool: id, files: inputs, options: optionsFor(id, path) });
      ours.push(run);
      process.stderr.write(`${id} ${basename(path)}: ${run.outcome} ${formatMs(run.ms)} ${formatMb(run.peakMb)}\n`);
      if (baseline) {
        const out = await mkdtemp(join(scratch, 'baseline-'));
        base.push(await baselineJob(baseline.command(path, out)));
        await rm(out, { recursive: true, force: true });
      }
    }
    const ok = ours.filter((run) => run.outcome === 'ok');
    const failures = ours.filter((run) => run.outcome !== 'ok').map((run) => run.outcome);
    rows.push([
      id,
      `${ok.length}/${ours.length} ok${failures.length ? ` (${[...new Set(failures)].join(', ')})` : ''}`,
      formatMs(median(ok.map((run) => run.ms))),
      formatMb(Math.max(...ours.map((run) => run.peakMb))),
      baseline?.label ?? '-',
      baseline ? formatMs(median(base.filter((run) => run.outcome === 'ok').map((run) => run.ms))) : '-',
      baseline ? formatMb(Math.max(...base.map((run) => run.peakMb))) : '-',
    ]);
  }
  console.log('Engine tools on corpus samples (content tools skip documents over 20 pages, as the corpus sweep does)');
  console.log(
    table(
      ['tool', 'runs', 'ours: median', 'ours: peak RSS', 'baseline', 'baseline: median', 'baseline: peak RSS'],
      rows,
    ),
  );
  console.log('');
}

async function compressTable(): Promise<void> {
  const rows: string[][] = [];
  const totals = { original: 0, low: 0, medium: 0, high: 0, gs: 0 };
  const quality: { medium: number[]; high: number[]; gs: number[] } = { medium: [], high: [], gs: [] };
  for (const path of imageHeavyPdfs) {
    const name = basename(path, '.pdf');
    const original = (await stat(path)).size;
    // Every render, the original's too, is scaled to the same pixel size: -r and -scale-to sample differently.
    const first = renderFirstPage(path, RENDER_DPI);
    const size = { width: first.width, height: first.height };
    const reference = renderFirstPage(path, RENDER_DPI, size);
    const ours: Record<'low' | 'medium' | 'high', { bytes: number; ms: number; db: number }> = {
      low: { bytes: 0, ms: 0, db: Number.NaN },
      medium: { bytes: 0, ms: 0, db: Number.NaN },
      high: { bytes: 0, ms: 0, db: Number.NaN },
    };
    for (const level of ['low', 'medium', 'high'] as const) {
      const keep = join(scratch, `${name}-${level}.pdf`);
      const run = await engineJob({ tool: 'compress-pdf', files: [path], options: { level }, keep });
      if (run.outcome !== 'ok') continue;
      const db = level === 'low' ? Number.NaN : psnr(reference, renderFirstPage(keep, RENDER_DPI, size));
      ours[level] = { bytes: run.bytes, ms: run.ms, db };
    }
    const out = await mkdtemp(join(scratch, 'gs-'));
    const gsRun = await baselineJob(baselines['compress-pdf']!.command(path, out));
    const gsPath = join(out, 'out.pdf');
    const gsBytes = gsRun.code === 0 ? (await stat(gsPath)).size : original;
    const gsDb = gsRun.code === 0 ? psnr(reference, renderFirstPage(gsPath, RENDER_DPI, size)) : Number.NaN;
    await rm(out, { recursive: true, force: true });
    process.stderr.write(
      `compress ${name}: medium ${ours.medium.bytes} (${formatDb(ours.medium.db)}), gs ${gsBytes} (${formatDb(gsDb)})\n`,
    );

    totals.original += original;
    totals.low += ours.low.bytes;
    totals.medium += ours.medium.bytes;
    totals.high += ours.high.bytes;
    totals.gs += gsBytes;
    quality.medium.push(ours.medium.db);
    quality.high.push(ours.high.db);
    quality.gs.push(gsDb);
    rows.push([
      name,
      formatKb(original),
      formatKb(ours.low.bytes),
      formatKb(ours.medium.bytes),
      formatDb(ours.medium.db),
      formatMs(ours.medium.ms),
      formatKb(ours.high.bytes),
      formatDb(ours.high.db),
      formatKb(gsBytes),
      formatDb(gsDb),
      gsRun.code === 0 ? formatMs(gsRun.ms) : `gs exit ${gsRun.code}`,
    ]);
  }
  console.log(`Compress target: image-heavy corpus files; PSNR of page 1 at ${RENDER_DPI} dpi against the original`);
  rows.push([
    'total',
    formatKb(totals.original),
    formatKb(totals.low),
    formatKb(totals.medium),
    '',
    '',
    formatKb(totals.high),
    '',
    formatKb(totals.gs),
    '',
    '',
  ]);
  console.log(
    table(
      [
        'file',
        'original',
        'low',
        'medium',
        'medium PSNR',
        'medium time',
        'high',
        'high PSNR',
        'gs /ebook',
        'gs PSNR',
        'gs time',
      ],
      rows,
    ),
  );
  const files = imageHeavyPdfs.map((path, i) => ({
    name: basename(path, '.pdf'),
    medium: quality.medium[i]!,
    high: quality.high[i]!,
    gs: quality.gs[i]!,
  }));
  // Within 0.05 dB counts as equal: renders of untouched pages can differ in the last bit of a few pixels.
  const worse = files.filter((file) => file.medium < file.gs - 0.05).map((file) => file.name);
  const highBetter = files.filter((file) => file.high >= file.gs - 0.05).length;
  const bytes = totals.medium <= totals.gs ? 'met' : 'missed';
  console.log(
    `\nTarget (medium: total bytes no more than gs /ebook, at equal or better PSNR): bytes ${bytes} ` +
      `(${formatKb(totals.medium)} against ${formatKb(totals.gs)}); medium PSNR equal or better on ` +
      `${files.length - worse.length} of ${files.length} files${worse.length ? ` (below on ${worse.join(', ')})` : ''}. ` +
      `High: ${formatKb(totals.high)}, PSNR equal or better than gs on ${highBetter} of ${files.length}.\n`,
  );
}
