import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { runFromSources } from '../from-sources.js';

/**
 * MuPDF device jobs beside the server: `npm run device-mupdf --workspace bench` (or
 * `node --import tsx bench/device/mupdf-equivalence.ts [--only=name,...] [--dpi=N] [--server-encoder]`).
 *
 * Every corpus PDF (../shared/corpus/pdf and broken/) through PDF to JPG (catalogue defaults: 150 dpi, quality 85,
 * unless --dpi) and Extract Text (OCR off) twice: on the server's runner (preflight, MuPDF worker pool, sharp, ZIP)
 * and on the portable job `runMupdfJob` with mupdf.js in this process, as a browser's worker runs it (bytes in,
 * bytes out, no ZIP). Extract Text is `same` when the text's bytes are identical. PDF to JPG's encoders differ
 * (server: sharp's mozjpeg; device: MuPDF's libjpeg), so it is `same` when the names, sizes and resolution agree and
 * every page decodes to within a mean of 1.5 levels of the server's pixels; the worst page's mean and the device's
 * bytes over the server's are shown. With --server-encoder the device is handed sharp's encoder (`encodeJpeg`) and
 * PDF to JPG is `same` only when every file's bytes are the server's. Refusals must carry the same code; a file the
 * server repairs and the device refuses as `damaged_pdf` is counted apart (`repair`): the device leaves repairs to
 * the server, on purpose. Prints one row per file and tool, then a summary; asserts nothing.
 */

runFromSources(import.meta.url);

const BUILT_WORKER_VARIABLE = 'PAPERKNIFE_MUPDF_WORKER';
const { buildMupdfWorker } = await import('@paperknife/engine/testing/mupdf-worker-build');
const built = await buildMupdfWorker();
process.env[BUILT_WORKER_VARIABLE] = built.worker;

const { ToolError } = await import('@paperknife/catalog/errors');
const { parseToolOptions } = await import('@paperknife/catalog/tool-options');
const { closeMupdfPool, runTool } = await import('@paperknife/engine');
const { corpusDir, corpusPdfFiles, corpusPresent } = await import('@paperknife/engine/testing/corpus');
const { makeTestJob } = await import('@paperknife/engine/testing/test-job');
const { runMupdfJob } = await import('@paperknife/mupdf-jobs/mupdf-jobs');
const { unzipSync } = await import('fflate');
const mupdf = await import('mupdf');
const sharp = (await import('sharp')).default;
const { onlyArgument } = await import('../engine/measure.js');
const { table } = await import('../table.js');

if (!corpusPresent()) {
  console.error(`No corpus at ${corpusDir}: nothing to compare.`);
  process.exit(2);
}

type Tool = 'pdf-to-jpg' | 'extract-text';
type Outcome = { error: string } | { files: { name: string; bytes: Uint8Array }[] };

const dpi = process.argv.find((arg) => arg.startsWith('--dpi='))?.slice('--dpi='.length);
const serverEncoder = process.argv.includes('--server-encoder');

/** The server's JPEG encoding (tools/pdf-to-jpg.ts), for --server-encoder. */
const encodeJpeg = async (page: { data: Uint8Array; width: number; height: number }, quality: number, at: number) =>
  sharp(page.data, { raw: { width: page.width, height: page.height, channels: 3 }, limitInputPixels: false })
    .withMetadata({ density: at })
    .jpeg({ quality, mozjpeg: true })
    .toBuffer();
const rawOptions: Record<Tool, Record<string, string>> = {
  'pdf-to-jpg': dpi ? { dpi } : {},
  'extract-text': { ocr: 'never' },
};

const codeOf = (error: unknown) => ({
  error: error instanceof ToolError ? error.code : `crash: ${String(error).slice(0, 60)}`,
});

async function onServer(tool: Tool, name: string, path: string, options: unknown) {
  const job = await makeTestJob();
  const start = performance.now();
  try {
    const result = await runTool(tool, [await job.input(name, readFileSync(path))], options as never, job.context);
    const ms = performance.now() - start;
    const data = new Uint8Array(await readFile(result.path));
    const files = result.download.name.endsWith('.zip')
      ? Object.entries(unzipSync(data)).map(([entry, bytes]) => ({ name: entry, bytes }))
      : [{ name: result.download.name, bytes: data }];
    return { outcome: { files } as Outcome, ms };
  } catch (error) {
    return { outcome: codeOf(error) as Outcome, ms: performance.now() - start };
  } finally {
    await job.cleanup();
  }
}

async function onDevice(tool: Tool, name: string, bytes: Uint8Array, options: unknown) {
  const start = performance.now();
  try {
    const settings = serverEncoder ? { encodeJpeg } : {};
    const result = await runMupdfJob(tool, [{ name, bytes }], options as never, mupdf, settings);
    return { outcome: { files: result.files } as Outcome, ms: performance.now() - start };
  } catch (error) {
    return { outcome: codeOf(error) as Outcome, ms: performance.now() - start };
  }
}

async function decoded(image: Uint8Array) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const { density } = await sharp(image).metadata();
  return { data, size: `${info.width}x${info.height}x${info.channels}@${density}` };
}

/** Whether two outcomes are the same, and a few words on how they compare. */
async function compare(tool: Tool, server: Outcome, device: Outcome): Promise<{ same: Same; how: string }> {
  if ('error' in server || 'error' in device) {
    const [a, b] = ['error' in server ? server.error : 'done', 'error' in device ? device.error : 'done'];
    if (a === 'done' && b === 'damaged_pdf') return { same: 'repair', how: 'the server repairs, the device asks' };
    return { same: a === b ? 'yes' : 'no', how: a === b ? `both refuse: ${a}` : `${a} vs ${b}` };
  }
  const names = (outcome: typeof server) => outcome.files.map((file) => file.name).join(',');
  if (names(server) !== names(device)) return { same: 'no', how: `${server.files.length} vs ${device.files.length}` };
  if (tool === 'extract-text' || serverEncoder) {
    const differing = server.files.filter((file, index) => !Buffer.from(file.bytes).equals(device.files[index]!.bytes));
    const same = differing.length === 0;
    return { same: same ? 'yes' : 'no', how: same ? 'identical bytes' : `${differing.length} files differ` };
  }
  let worst = 0;
  let serverBytes = 0;
  let deviceBytes = 0;
  for (const [index, file] of server.files.entries()) {
    const other = device.files[index]!.bytes;
    serverBytes += file.bytes.length;
    deviceBytes += other.length;
    const [a, b] = [await decoded(file.bytes), await decoded(other)];
    if (a.size !== b.size) return { same: 'no', how: `page ${index + 1}: ${a.size} vs ${b.size}` };
    let sum = 0;
    for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
    worst = Math.max(worst, sum / a.data.length);
  }
  const how = `${server.files.length} pages, worst mean ${worst.toFixed(2)}, bytes x${(deviceBytes / serverBytes).toFixed(2)}`;
  return { same: worst < 1.5 ? 'yes' : 'no', how };
}

type Same = 'yes' | 'no' | 'repair';

const only = onlyArgument();
const files = corpusPdfFiles(only);

const rows: string[][] = [];
const totals = new Map<Tool, Record<Same, number> & { serverMs: number; deviceMs: number }>();
for (const file of files) {
  const bytes = new Uint8Array(readFileSync(file.path));
  for (const tool of ['pdf-to-jpg', 'extract-text'] as const) {
    const options = parseToolOptions(tool, rawOptions[tool]);
    const server = await onServer(tool, file.name, file.path, options);
    const device = await onDevice(tool, file.name, bytes, options);
    const { same, how } = await compare(tool, server.outcome, device.outcome);
    const row = [file.name, tool, same, how, `${Math.round(server.ms)} ms`, `${Math.round(device.ms)} ms`];
    rows.push(row);
    // Progress on stderr, the table on stdout at the end.
    console.error(row.join('  '));
    const total = totals.get(tool) ?? { yes: 0, no: 0, repair: 0, serverMs: 0, deviceMs: 0 };
    total[same]++;
    total.serverMs += server.ms;
    total.deviceMs += device.ms;
    totals.set(tool, total);
  }
}
await closeMupdfPool();
await rm(built.folder, { recursive: true, force: true });

console.log(table(['file', 'tool', 'same', 'how', 'server', 'device'], rows));
console.log();
console.log(
  table(
    ['tool', 'same', 'differs', 'server repairs', 'server', 'device', 'device / server'],
    [...totals].map(([tool, total]) => [
      tool,
      String(total.yes),
      String(total.no),
      String(total.repair),
      `${Math.round(total.serverMs)} ms`,
      `${Math.round(total.deviceMs)} ms`,
      (total.deviceMs / total.serverMs).toFixed(2),
    ]),
  ),
);
