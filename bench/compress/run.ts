import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { lumaFidelity, windowGrid } from '@paperknife/engine';
import { runFromSources } from '../from-sources.js';

/**
 * Compress benchmark: `npm run compress --workspace bench` (or `node --import tsx bench/compress/run.ts
 * [--only=name,name] [--source]`).
 *
 * The corpus's image-heavy and scanned files (../shared/corpus) and PDFs made here (a 6-page 300 ppi colour JPEG
 * scan whose pages all name their image /Im0, a 1-bit scan, a CMYK JPEG scan, the same as PDF/X with a CMYK
 * output intent, a form; and the corpus's largest form) through Compress PDF at
 * low, medium and high, Ghostscript's pdfwrite /ebook and /screen, and qpdf's lossless command. Per file and in
 * total: bytes, time, peak RSS, and the mean PSNR and SSIM of every page rendered at 100 dpi against the original.
 * Each run is a process of its own (ours: the engine warm, only the job timed; see ../engine/run-job.ts), ours
 * built as the server runs it unless --source asks for the TypeScript sources under tsx. Prints tables and the
 * issue's targets; asserts nothing.
 */

// The engine is imported from its TypeScript sources, which the "source" export condition selects.
runFromSources(import.meta.url);

const { corpusDir, corpusPresent, imageHeavyPdfs, pdf } = await import('../engine/corpus.js');
const { iccProfile } = await import('@paperknife/engine/testing/compress-fixtures');
const {
  buildEngine,
  formatDb,
  formatKb,
  formatMb,
  gsPdfwriteCommand,
  onlyArgument,
  requirePrograms,
  runEngineJob,
  runTimed,
} = await import('../engine/measure.js');
const { parsePpm } = await import('@paperknife/engine/testing/ppm');
const { makeScanPdf } = await import('@paperknife/engine/testing/scan-fixtures');
const { colouredFormPdf } = await import('@paperknife/engine/testing/grayscale-fixtures');
const { photoBookPdf } = await import('./photo-book.js');
const { table } = await import('../table.js');

const JOB_TIMEOUT_MS = 600_000;
/** The generated 100 MB input of the memory target (peak RSS <= 300 MB at every level). */
const PHOTO_BOOK = 'fixture-photos-100mb';
const RENDER_DPI = 100;

requirePrograms(['/usr/bin/time', 'qpdf', 'gs', 'pdftoppm', 'pdfinfo']);

const only = onlyArgument();
// The engine as the server runs it (built JavaScript); --source measures the TypeScript sources under tsx, whose
// idle process alone is about 85 MB larger (docs/decisions/105).
const fromSource = process.argv.includes('--source');
const engine = fromSource ? undefined : await buildEngine();

type Variant = 'low' | 'medium' | 'high' | 'gs /ebook' | 'gs /screen' | 'qpdf';
const variants: Variant[] = ['low', 'medium', 'high', 'gs /ebook', 'gs /screen', 'qpdf'];

interface Run {
  ok: boolean;
  bytes: number;
  ms: number;
  peakMb: number;
  /** Mean over pages; NaN when not measured (failed run). */
  psnr: number;
  ssim: number;
}

/** The reference commands, as plain CLI runs. */
function baselineCommand(variant: Variant, input: string, output: string): [string, ...string[]] {
  if (variant === 'qpdf') {
    return [
      'qpdf',
      '--warning-exit-0',
      '--object-streams=generate',
      '--recompress-flate',
      '--compression-level=9',
      input,
      output,
    ];
  }
  const settings = variant === 'gs /ebook' ? '/ebook' : '/screen';
  return gsPdfwriteCommand([`-dPDFSETTINGS=${settings}`], input, output);
}

async function runVariant(variant: Variant, input: string, output: string): Promise<Omit<Run, 'psnr' | 'ssim'>> {
  if (variant === 'low' || variant === 'medium' || variant === 'high') {
    const spec = {
      tool: 'compress-pdf',
      files: [input],
      options: { level: variant },
      keep: output,
      jobTimeoutMs: JOB_TIMEOUT_MS,
    };
    const job = await runEngineJob(spec, JOB_TIMEOUT_MS, engine);
    const ok = job.outcome === 'ok';
    return { ok, bytes: ok ? job.bytes : 0, ms: job.ms, peakMb: job.peakMb };
  }
  const [command, ...args] = baselineCommand(variant, input, output);
  const timed = await runTimed(command, args, JOB_TIMEOUT_MS);
  const ok = timed.code === 0 && existsSync(output);
  return { ok, bytes: ok ? (await stat(output)).size : 0, ms: timed.ms, peakMb: timed.peakMb };
}

function pageCount(path: string): number {
  const info = spawnSync('pdfinfo', [path], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info.stdout)?.[1] ?? 0);
}

type Render = ReturnType<typeof parsePpm>;

/** One page at 100 dpi, or scaled to exactly `size` so renders of two files line up pixel for pixel. */
function renderPage(path: string, page: number, size?: { width: number; height: number }): Render | undefined {
  const scale = size ? ['-scale-to-x', String(size.width), '-scale-to-y', String(size.height)] : ['-r', '100'];
  const args = [...scale, '-f', String(page), '-l', String(page), path];
  const result = spawnSync('pdftoppm', args, { maxBuffer: 1024 * 1024 * 1024 });
  if (result.status !== 0 || result.stdout.length === 0) return undefined;
  return parsePpm(result.stdout);
}

function psnr(reference: Render, test: Render): number {
  let sum = 0;
  for (let i = 0; i < reference.pixels.length; i++) sum += (reference.pixels[i]! - test.pixels[i]!) ** 2;
  // Identical pages count as 60 dB, so a mean over pages stays finite.
  if (sum === 0) return 60;
  return Math.min(60, 10 * Math.log10((255 * 255) / (sum / reference.pixels.length)));
}

/** SSIM of the luma, by the same measure Compress PDF picks its JPEG qualities with. */
function ssim(reference: Render, test: Render): number {
  const luma = (image: Render) =>
    Float32Array.from(
      { length: image.width * image.height },
      (_, index) =>
        0.299 * image.pixels[index * 3]! + 0.587 * image.pixels[index * 3 + 1]! + 0.114 * image.pixels[index * 3 + 2]!,
    );
  return lumaFidelity(luma(reference), luma(test), reference.width, windowGrid(reference.width, reference.height)).ssim;
}

/** Mean PSNR and SSIM over every page of `test` against the original's renders. */
/** A page of the original, rendered at `size` (asked for: a turned page comes out with its sides swapped). */
interface Reference {
  render: Render;
  size: { width: number; height: number };
}

function quality(references: (Reference | undefined)[], test: string): { psnr: number; ssim: number } {
  let psnrSum = 0;
  let ssimSum = 0;
  let pages = 0;
  for (const [index, reference] of references.entries()) {
    if (!reference) continue;
    const render = renderPage(test, index + 1, reference.size);
    if (!render || render.pixels.length !== reference.render.pixels.length)
      return { psnr: Number.NaN, ssim: Number.NaN };
    psnrSum += psnr(reference.render, render);
    ssimSum += ssim(reference.render, render);
    pages++;
  }
  return pages > 0 ? { psnr: psnrSum / pages, ssim: ssimSum / pages } : { psnr: Number.NaN, ssim: Number.NaN };
}

const scratch = await mkdtemp(join(tmpdir(), 'paperknife-bench-compress-'));
try {
  const fixtures = join(scratch, 'fixtures');
  await mkdir(fixtures);
  const inputs: string[] = [];
  const generated: [string, () => Promise<Uint8Array> | Uint8Array][] = [
    ['fixture-scan-rgb-6p', () => makeScanPdf({ pages: 6, width: 2550, height: 3509, ppi: 300, kind: 'rgb-jpeg' })],
    ['fixture-scan-1bit', () => makeScanPdf({ pages: 2, width: 2550, height: 3509, ppi: 600, kind: 'bilevel' })],
    ['fixture-scan-cmyk', () => makeScanPdf({ pages: 2, width: 2550, height: 3509, ppi: 300, kind: 'cmyk-jpeg' })],
    [
      'fixture-scan-pdfx',
      async () =>
        makeScanPdf({
          ...{ pages: 2, width: 2550, height: 3509, ppi: 300, kind: 'cmyk-jpeg' },
          pdfxProfile: await iccProfile('cmyk'),
        }),
    ],
    ['fixture-form', () => colouredFormPdf()],
    // The memory target's input: 42 pages of 6-megapixel photographs at 300 ppi, about 100 MB.
    [PHOTO_BOOK, () => photoBookPdf({ pages: 42, width: 3000, height: 2000, ppi: 300, quality: 90 })],
  ];
  for (const [name, build] of generated) {
    const path = join(fixtures, `${name}.pdf`);
    await writeFile(path, await build());
    inputs.push(path);
  }
  // The generated form is small; the corpus's largest form shows what forms cost.
  if (corpusPresent()) inputs.push(...imageHeavyPdfs, pdf('pdfjs-issue6127-cerfa-form'));
  else console.error(`No corpus at ${corpusDir}: only the generated fixtures are measured.`);
  const selected = only ? inputs.filter((path) => only.some((name) => basename(path).includes(name))) : inputs;

  const results = new Map<string, Record<Variant, Run>>();
  for (const input of selected) {
    const name = basename(input, '.pdf');
    const pages = pageCount(input);
    // Every render, the original's too, is scaled to the same pixel size: -r and -scale-to sample differently
    // (by up to 5 dB on 1-bit scans), so the original rendered with -r would not be a fair reference.
    const references = Array.from({ length: pages }, (_, index): Reference | undefined => {
      const first = renderPage(input, index + 1);
      if (!first) return undefined;
      const size = { width: first.width, height: first.height };
      const render = renderPage(input, index + 1, size);
      return render && { render, size };
    });
    const runs = {} as Record<Variant, Run>;
    for (const variant of variants) {
      const output = join(scratch, `${name}-${variant.replace(/[ /]/g, '')}.pdf`);
      const run = await runVariant(variant, input, output);
      const measured = run.ok ? quality(references, output) : { psnr: Number.NaN, ssim: Number.NaN };
      runs[variant] = { ...run, ...measured };
      await rm(output, { force: true });
    }
    results.set(name, runs);
    const line = variants.map((variant) => `${variant} ${formatKb(runs[variant].bytes)}`).join(', ');
    process.stderr.write(`${name} (${formatKb((await stat(input)).size)}, ${pages} p.): ${line}\n`);
  }

  const originals = new Map<string, number>();
  for (const input of selected) originals.set(basename(input, '.pdf'), (await stat(input)).size);
  printTables(results, originals);
} finally {
  await rm(scratch, { recursive: true, force: true });
  if (engine) await rm(engine.folder, { recursive: true, force: true });
}

function printTables(results: Map<string, Record<Variant, Run>>, originals: Map<string, number>): void {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)}`;
  const ssimText = (value: number) => (Number.isFinite(value) ? value.toFixed(3) : '-');
  const bytesText = (run: Run) => (run.ok ? formatKb(run.bytes) : 'failed');
  const totals = Object.fromEntries(variants.map((variant) => [variant, { bytes: 0, ms: 0, peakMb: 0 }])) as Record<
    Variant,
    { bytes: number; ms: number; peakMb: number }
  >;
  const meanQuality = Object.fromEntries(
    variants.map((variant) => [variant, { psnr: 0, ssim: 0, files: 0 }]),
  ) as Record<Variant, { psnr: number; ssim: number; files: number }>;
  let originalTotal = 0;

  const sizeRows: string[][] = [];
  const qualityRows: string[][] = [];
  const costRows: string[][] = [];
  const overEbook: string[] = [];
  for (const [name, runs] of results) {
    const original = originals.get(name) ?? 0;
    originalTotal += original;
    for (const variant of variants) {
      const run = runs[variant];
      // A failed run counts as the original: what the user would have kept.
      totals[variant].bytes += run.ok ? run.bytes : original;
      totals[variant].ms += run.ms;
      totals[variant].peakMb = Math.max(totals[variant].peakMb, run.peakMb);
      if (Number.isFinite(run.psnr)) {
        meanQuality[variant].psnr += run.psnr;
        meanQuality[variant].ssim += run.ssim;
        meanQuality[variant].files++;
      }
    }
    if (runs.medium.bytes > runs['gs /ebook'].bytes * 1.1) overEbook.push(name);
    sizeRows.push([
      name,
      formatKb(original),
      ...variants.map((variant) => bytesText(runs[variant])),
      ratio(runs.medium.bytes, runs['gs /ebook'].bytes),
      ratio(runs.high.bytes, runs['gs /screen'].bytes),
      ratio(runs.low.bytes, runs.qpdf.bytes),
    ]);
    qualityRows.push([
      name,
      ...(['medium', 'high', 'gs /ebook', 'gs /screen'] as const).flatMap((variant) => [
        formatDb(runs[variant].psnr),
        ssimText(runs[variant].ssim),
      ]),
    ]);
    costRows.push([
      name,
      ...variants.flatMap((variant) => [seconds(runs[variant].ms), formatMb(runs[variant].peakMb)]),
    ]);
  }
  sizeRows.push([
    `total (${results.size} files)`,
    formatKb(originalTotal),
    ...variants.map((variant) => formatKb(totals[variant].bytes)),
    ratio(totals.medium.bytes, totals['gs /ebook'].bytes),
    ratio(totals.high.bytes, totals['gs /screen'].bytes),
    ratio(totals.low.bytes, totals.qpdf.bytes),
  ]);
  const mean = (variant: Variant, key: 'psnr' | 'ssim') =>
    meanQuality[variant].files ? meanQuality[variant][key] / meanQuality[variant].files : Number.NaN;
  qualityRows.push([
    'mean',
    ...(['medium', 'high', 'gs /ebook', 'gs /screen'] as const).flatMap((variant) => [
      formatDb(mean(variant, 'psnr')),
      ssimText(mean(variant, 'ssim')),
    ]),
  ]);
  costRows.push([
    'total / peak',
    ...variants.flatMap((variant) => [seconds(totals[variant].ms), formatMb(totals[variant].peakMb)]),
  ]);

  console.log('Compress PDF vs Ghostscript pdfwrite (/ebook, /screen) and qpdf (lossless), bytes');
  console.log(table(['file', 'original', ...variants, 'medium/ebook', 'high/screen', 'low/qpdf'], sizeRows));
  console.log(
    `\nQuality: mean over every page rendered at ${RENDER_DPI} dpi against the original (PSNR capped at 60 dB)`,
  );
  console.log(
    table(
      ['file', 'medium PSNR', 'SSIM', 'high PSNR', 'SSIM', 'ebook PSNR', 'SSIM', 'screen PSNR', 'SSIM'],
      qualityRows,
    ),
  );
  console.log(
    `\nTime (s; ours: the job in a warm process) and peak RSS (the largest process; ours ` +
      `${fromSource ? 'from the TypeScript sources under tsx' : 'built, as the server runs it'})`,
  );
  console.log(table(['file', ...variants.flatMap((variant) => [variant, 'RSS'])], costRows));

  const ebook = totals['gs /ebook'];
  const screen = totals['gs /screen'];
  const photoBook = results.get(PHOTO_BOOK);
  console.log(
    [
      '',
      'Targets:',
      `- medium bytes <= 0.8x gs /ebook: ${ratio(totals.medium.bytes, ebook.bytes)}x; mean PSNR ` +
        `${formatDb(mean('medium', 'psnr'))} vs gs ${formatDb(mean('gs /ebook', 'psnr'))}; files above 1.1x gs: ` +
        `${overEbook.length ? overEbook.join(', ') : 'none'}; time ${ratio(totals.medium.ms, ebook.ms)}x gs.`,
      `- high bytes <= gs /screen: ${ratio(totals.high.bytes, screen.bytes)}x; mean PSNR ` +
        `${formatDb(mean('high', 'psnr'))} vs gs ${formatDb(mean('gs /screen', 'psnr'))}.`,
      `- low bytes <= qpdf lossless: ${ratio(totals.low.bytes, totals.qpdf.bytes)}x.`,
      `- peak RSS: low ${formatMb(totals.low.peakMb)}, medium ${formatMb(totals.medium.peakMb)}, high ` +
        `${formatMb(totals.high.peakMb)}` +
        (photoBook
          ? `; on the ${formatKb(originals.get(PHOTO_BOOK) ?? 0)} photo book (<= 300 MB): low ` +
            `${formatMb(photoBook.low.peakMb)}, medium ${formatMb(photoBook.medium.peakMb)}, high ` +
            `${formatMb(photoBook.high.peakMb)}.`
          : '.'),
    ].join('\n'),
  );
}

function ratio(ours: number, base: number): string {
  return base > 0 ? (ours / base).toFixed(2) : '-';
}
