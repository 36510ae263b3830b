import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QpdfRunner } from '@paperknife/qpdf-jobs/qpdf-runner';
import { runFromSources } from '../from-sources.js';

/**
 * Merge on the device: `npm run device-merge --workspace bench` (or `node --import tsx bench/device/merge-speed.ts`).
 *
 * The target: three 5 MB PDFs merged on the device in at most 300 ms warm, and at most 700 ms with the wasm
 * cached but not yet started. Measured here in Node with the WebAssembly runner (the browser's figures come from its
 * own benchmark in a real worker), beside the same job on the server's qpdf and the server's whole Merge (preflight
 * and checks included). Two sets: three generated 5 MB PDFs of 20 photo-like pages each, and the three largest
 * corpus PDFs (bookmarks, links). Each qpdf run starts an instance of its own (decision 204), the wasm read and
 * compiled from disk where a browser takes it from its caches: `wasm job` is the job as the device runs it with the
 * wasm cached but not started, `job less starts` what it would take with instances already started (the issue's
 * "warm"). Medians of several runs; prints a table, asserts nothing.
 */

runFromSources(import.meta.url);

const sharp = (await import('sharp')).default;
const { defaultLimits } = await import('@paperknife/catalog/limits');
const { parseToolOptions } = await import('@paperknife/catalog/tool-options');
const { engineTools } = await import('@paperknife/engine');
const { corpusDir, corpusPresent } = await import('@paperknife/engine/testing/corpus');
const { makePdf } = await import('@paperknife/engine/testing/make-pdf');
const { runQpdfJob } = await import('@paperknife/qpdf-jobs/qpdf-jobs');
const { median } = await import('../engine/measure.js');
const { table } = await import('../table.js');
const { nativeRunner, wasmRunner } = await import('./runners.js');

const RUNS = 5;
const options = parseToolOptions('merge-pdf', {});

/** A PDF of `pages` pages, each a 700 x 900 JPEG of noise (photo-like: about 250 KB a page). */
async function photoPdf(pages: number): Promise<Uint8Array> {
  const list = [];
  for (let page = 0; page < pages; page++) {
    const jpeg = await sharp({
      create: {
        width: 700,
        height: 900,
        channels: 3,
        background: { r: 90 + page, g: 120, b: 160 },
        noise: { type: 'gaussian', mean: 120 + (page % 40), sigma: 28 },
      },
    })
      .jpeg({ quality: 82 })
      .toBuffer();
    list.push({ image: { jpeg, pixelWidth: 700, pixelHeight: 900, x: 36, y: 36, width: 540, height: 694 } });
  }
  return new Uint8Array(makePdf({ pages: list }));
}

interface Set {
  name: string;
  files: { name: string; bytes: Uint8Array }[];
}

const sets: Set[] = [];
const generated = await Promise.all([20, 20, 20].map((pages) => photoPdf(pages)));
sets.push({ name: 'generated', files: generated.map((bytes, i) => ({ name: `photos-${i + 1}.pdf`, bytes })) });
if (corpusPresent()) {
  const names = ['pdfcpu-waldenfull.pdf', 'pdfcpu-gobook.pdf', 'pdfjs-freeculture.pdf'];
  const files = await Promise.all(
    names.map(async (name) => ({ name, bytes: new Uint8Array(await readFile(join(corpusDir, 'pdf', name))) })),
  );
  sets.push({ name: 'corpus', files });
} else {
  console.error(`No corpus at ${corpusDir}: the generated set only.`);
}

const folder = await mkdtemp(join(tmpdir(), 'paperknife-device-merge-'));

const ms = (value: number) => `${Math.round(value)} ms`;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function medianOf(runs: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timed(run));
  return median(times);
}

const rows: string[][] = [];
for (const set of sets) {
  const megabytes = set.files.map((file) => (file.bytes.length / 1024 / 1024).toFixed(1)).join(' + ');
  const inMemory = set.files.map((file) => ({ name: file.name, file: { bytes: file.bytes } }));
  const paths = await Promise.all(
    set.files.map(async (file) => {
      const path = join(folder, `${set.name}-${file.name}`);
      await writeFile(path, file.bytes);
      return { name: file.name, path, size: file.bytes.length };
    }),
  );
  const merge = (runner: QpdfRunner, inputs: Parameters<typeof runQpdfJob>[1]) =>
    runQpdfJob('merge-pdf', inputs, options, runner);

  // Every run starts an instance of its own (decision 204): count them, and time one start with a trivial run.
  const wasm = wasmRunner();
  let runs = 0;
  const counted: QpdfRunner = { ...wasm, run: (run, signal) => (runs++, wasm.run(run, signal)) };
  await merge(counted, inMemory);
  const runsPerJob = runs;
  const wasmMs = await medianOf(RUNS, () => merge(wasm, inMemory));
  const startMs = await medianOf(RUNS, () => wasm.run({ args: ['--version'], inputs: new Map(), outputs: [] }));

  const native = await nativeRunner();
  const onDisk = paths.map((file) => ({ name: file.name, file: { path: file.path } }));
  const nativeMs = await medianOf(RUNS, () => merge(native.runner, onDisk));
  await native.done();

  const serverMs = await medianOf(RUNS, async () => {
    const workDir = await mkdtemp(join(folder, 'job-'));
    const context = { workDir, limits: defaultLimits, signal: new AbortController().signal };
    await engineTools['merge-pdf'](paths, options, context);
    await rm(workDir, { recursive: true, force: true });
  });

  const withoutStarts = wasmMs - runsPerJob * startMs;
  rows.push([
    set.name,
    `${megabytes} MB`,
    ms(wasmMs),
    String(runsPerJob),
    ms(startMs),
    ms(withoutStarts),
    ms(nativeMs),
    ms(serverMs),
    withoutStarts <= 300 ? 'yes' : 'no',
    wasmMs <= 700 ? 'yes' : 'no',
  ]);
}
await rm(folder, { recursive: true, force: true });

console.log(
  table(
    [
      'set',
      'inputs',
      'wasm job',
      'runs',
      'one start',
      'job less starts',
      'native job',
      'server merge',
      'warm <= 300',
      'not started <= 700',
    ],
    rows,
  ),
);
// Wall times on a shared machine: the load says how far they are from an idle one's.
console.log(
  `\nLoad average (1, 5, 15 min): ${loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')}`,
);
