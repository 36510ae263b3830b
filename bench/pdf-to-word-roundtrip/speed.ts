import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFromSources } from '../from-sources.js';

/**
 * PDF to Word on long text documents: time and peak RSS of our tool next to LibreOffice's PDF import of the same
 * file. `npm run pdf-to-word-speed --workspace bench` (or `node --import tsx bench/pdf-to-word-roundtrip/speed.ts
 * [--runs=3] [--reference-runs=1] [--only=book,generated] [--baseline=/path/to/another/checkout] [--source]`).
 *
 * Files: the corpus's 352-page book (when /work/shared is there) and a long text book written here of the same
 * shape (long-document.ts). Ours: the engine's PDF to Word tool (OCR off) in a process of its own with the MuPDF
 * pool warmed first, as a running server has it (bench/engine/run-job.ts); the time is the job's, the peak RSS the
 * whole process's, worker threads included. Built as the server runs it (bench/engine/measure.ts `buildEngine`:
 * a warm idle process is about 85 MB smaller than under tsx), unless --source or --baseline ask for the TypeScript
 * sources under tsx (another checkout is measured from its sources, and this one then too, so they compare). LibreOffice: `soffice --infilter=writer_pdf_import --convert-to docx`,
 * wall time and peak RSS of the whole run (its start included: it is how the import is used), once by default (it
 * takes minutes on the book). Median of `--runs`, the sides interleaved, as the machine is shared. `--baseline` runs another checkout's engine the same way in
 * the same rounds (before/after tables). Target (issue 14): <= 3 s and <= 300 MB for a 350-page text book.
 */

runFromSources(import.meta.url);

const { corpusDir, corpusPresent } = await import('@paperknife/engine/testing/corpus');
// The pool runs this worker instead of its own folder's (packages/engine/src/mupdf/pool.ts).
const BUILT_WORKER_VARIABLE = 'PAPERKNIFE_MUPDF_WORKER';
const { longTextBookPdf } = await import('./long-document.js');
const { buildEngine, formatMb, median, onlyArgument, requirePrograms, runEngineJob, runTimed } =
  await import('../engine/measure.js');
const { table } = await import('../table.js');

requirePrograms(['soffice', '/usr/bin/time']);

const argument = (name: string) =>
  process.argv
    .slice(2)
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.slice(name.length + 3);
const runs = Math.max(1, Number(argument('runs') ?? 3));
// LibreOffice takes minutes on a long book: one run is the reference unless asked for more (0: left out).
const referenceRuns = Math.max(0, Number(argument('reference-runs') ?? 1));
const baseline = argument('baseline');
const fromSource = baseline !== undefined || process.argv.includes('--source');
const only = onlyArgument();
const JOB_TIMEOUT_MS = 300_000;

const here = fileURLToPath(new URL('.', import.meta.url));
const checkouts: { label: string; root: string }[] = [
  ...(baseline ? [{ label: 'before', root: resolve(baseline) }] : []),
  { label: baseline ? 'after' : 'ours', root: resolve(here, '../..') },
];
for (const checkout of checkouts) {
  if (!existsSync(join(checkout.root, 'bench/engine/run-job.ts')))
    throw new Error(`No bench/engine/run-job.ts in ${checkout.root}`);
}

const scratch = await mkdtemp(join(tmpdir(), 'paperknife-bench-pdf-to-word-speed-'));
const files: { name: string; path: string; pages: number }[] = [];
if (corpusPresent()) files.push({ name: 'book', path: join(corpusDir, 'pdf', 'pdfjs-freeculture.pdf'), pages: 352 });
else console.warn(`No corpus at ${corpusDir}: only the generated book.`);
const generated = join(scratch, 'generated-book.pdf');
await writeFile(generated, longTextBookPdf(352));
files.push({ name: 'generated', path: generated, pages: 352 });

/** This checkout's engine built (run-job.ts bundled and the MuPDF worker), as the server runs it. */
const engine = fromSource ? undefined : await buildEngine();
/** From the sources: each checkout's MuPDF worker built once (no TypeScript compiled in the threads). */
const workers = new Map<string, { worker: string; folder: string }>();
for (const checkout of fromSource ? checkouts : []) {
  const builder = (await import(join(checkout.root, 'packages/engine/src/testing/mupdf-worker-build.ts'))) as {
    buildMupdfWorker: () => Promise<{ worker: string; folder: string }>;
  };
  workers.set(checkout.label, await builder.buildMupdfWorker());
}

interface Sample {
  seconds: number;
  peakMb: number;
}

async function ours(checkout: { label: string; root: string }, path: string): Promise<Sample> {
  const spec = { tool: 'pdf-to-word', files: [path], options: { ocr: 'never' }, jobTimeoutMs: JOB_TIMEOUT_MS };
  if (engine) {
    const job = await runEngineJob(spec, JOB_TIMEOUT_MS, engine);
    if (job.outcome !== 'ok') console.error(`${checkout.label} ${path}: ${job.outcome}`);
    return { seconds: job.outcome === 'ok' ? job.ms / 1000 : Number.NaN, peakMb: job.peakMb };
  }
  process.env[BUILT_WORKER_VARIABLE] = workers.get(checkout.label)!.worker;
  const timed = await runTimed(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', join(checkout.root, 'bench/engine/run-job.ts'), JSON.stringify(spec)],
    JOB_TIMEOUT_MS,
  );
  const line = timed.stdout
    .trim()
    .split('\n')
    .reverse()
    .find((text) => text.startsWith('{'));
  const report = line ? (JSON.parse(line) as { outcome: string; ms: number }) : undefined;
  if (timed.code !== 0 || report?.outcome !== 'ok') {
    console.error(`${checkout.label} ${path}: ${report?.outcome ?? timed.stderr.trim().split('\n').pop()}`);
    return { seconds: Number.NaN, peakMb: timed.peakMb };
  }
  return { seconds: report.ms / 1000, peakMb: timed.peakMb };
}

const profile = `-env:UserInstallation=file://${join(scratch, 'lo-profile')}`;
async function libreoffice(path: string): Promise<Sample> {
  const outdir = join(scratch, 'libreoffice');
  await mkdir(outdir, { recursive: true });
  const timed = await runTimed(
    'soffice',
    [profile, '--headless', '--infilter=writer_pdf_import', '--convert-to', 'docx', '--outdir', outdir, path],
    JOB_TIMEOUT_MS,
  );
  if (timed.code !== 0) console.error(`LibreOffice ${path}: ${timed.stderr.trim().split('\n').pop()}`);
  return { seconds: timed.code === 0 ? timed.ms / 1000 : Number.NaN, peakMb: timed.peakMb };
}

const rows: string[][] = [];
try {
  // LibreOffice's first start writes its profile: not a conversion's cost.
  if (referenceRuns > 0) {
    const warmUp = join(scratch, 'one-page.pdf');
    await writeFile(warmUp, longTextBookPdf(1));
    await libreoffice(warmUp);
  }
  for (const file of files.filter((each) => !only || only.includes(each.name))) {
    const samples = new Map<string, Sample[]>();
    const add = (label: string, sample: Sample) => samples.set(label, [...(samples.get(label) ?? []), sample]);
    for (let round = 0; round < runs; round++) {
      for (const checkout of checkouts) add(checkout.label, await ours(checkout, file.path));
      if (round < referenceRuns) add('LibreOffice', await libreoffice(file.path));
    }
    const seconds = (label: string) => median(samples.get(label)?.map((sample) => sample.seconds) ?? []);
    const peak = (label: string) => median(samples.get(label)?.map((sample) => sample.peakMb) ?? []);
    const ratio = (value: number, reference: number) =>
      Number.isFinite(value / reference) ? (value / reference).toFixed(2) : '-';
    for (const label of [...checkouts.map((checkout) => checkout.label), 'LibreOffice']) {
      if (!samples.has(label)) continue;
      rows.push([
        file.name,
        String(file.pages),
        label,
        seconds(label).toFixed(2),
        formatMb(peak(label)),
        ratio(seconds(label), seconds('LibreOffice')),
        ratio(peak(label), peak('LibreOffice')),
        samples
          .get(label)!
          .map((sample) => sample.seconds.toFixed(2))
          .join(' '),
      ]);
    }
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
  for (const { folder } of workers.values()) await rm(folder, { recursive: true, force: true });
  if (engine) await rm(engine.folder, { recursive: true, force: true });
}

console.log(
  table(['file', 'pages', 'converter', 's (median)', 'peak RSS', 'time / LO', 'RSS / LO', 's (each run)'], rows),
);
console.log(
  `\nMedian of ${runs} runs (LibreOffice: ${referenceRuns}), interleaved. Ours: the PDF to Word job (OCR off) in a process with a warm MuPDF pool; ` +
    `peak RSS of the whole process, ${fromSource ? 'from the TypeScript sources under tsx' : 'built, as the server runs it'}. ` +
    'LibreOffice: a whole soffice --convert-to run. Target: <= 3 s, <= 300 MB.',
);
