/// <reference lib="dom" />
// The functions passed to page.evaluate run in the browser.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { requireBuild, startBuiltServer, stopBuiltServer } from '../built-server.js';
import { table } from '../table.js';
import { photoPdf } from './photo-pdf.js';
import {
  apiTime,
  kb,
  median,
  ms,
  openPage,
  recordDeviceFiles,
  runTool,
  type ToolTimes,
  scriptsLoaded,
} from './page-measures.js';

/**
 * The MuPDF tools on the device (decision 211) in Debian's headless Chromium against the built server:
 * `npm run device-mupdf-speed --workspace bench` (`--sizes` prints only what the pages download). Measures the first
 * JavaScript of the MuPDF tools' pages (brotli as sent: it must not grow with the device way), what choosing
 * "On this device" adds on them (the MuPDF worker, mupdf.js and its wasm, with the encoding the server used), and
 * PDF to JPG of a generated 20-page PDF at the tool's defaults: on the device the first time (wasm downloaded), warm
 * (worker and module running: median of `--runs`), with the wasm in the HTTP cache but the worker not started (a new
 * tab, from the file's drop to the download), against the same job through the server's API on loopback. Prints
 * tables; asserts nothing.
 */

const chromePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const port = Number(process.env['BENCH_PORT'] ?? 4415);
const origin = `http://127.0.0.1:${port}`;
const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 5);
const sizesOnly = process.argv.includes('--sizes');
const KB = 1024;
const PAGES = 20;
/** A 420 x 420 photo of noise at quality 80: about 110 KB a page. */
const PAGE_PHOTO_BYTES = 420 * 420 * 0.63;

requireBuild();

const dir = await mkdtemp(join(tmpdir(), 'paperknife-bench-mupdf-'));
const server = await startBuiltServer(port, dir);
let browser: Browser | undefined;
try {
  const pdf = await photoPdf(join(dir, 'pages.pdf'), PAGES, PAGES * PAGE_PHOTO_BYTES, 'Page');
  browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ acceptDownloads: true });
  const sizes: string[][] = [];
  for (const path of ['/merge-pdf', '/pdf-to-jpg', '/extract-text']) {
    const page = await openPage(context, origin, path);
    const first = await scriptsLoaded(page);
    if (process.argv.includes('--list')) console.log(first.names.join('\n'));
    sizes.push([`${path}: first JavaScript`, String(first.count), `${kb(first.bytes)} (${first.bytes} B)`, 'br']);
    await page.close();
  }
  if (sizesOnly) {
    console.log(table(['what', 'files', 'size', 'encoding'], sizes));
  } else {
    const page = await openPage(context, origin, '/pdf-to-jpg');
    const deviceFiles = recordDeviceFiles(page, /^mupdf.*\.(js|wasm)$/);
    await page.getByRole('radio', { name: 'On this device (not uploaded)' }).check();
    const shown = await page
      .getByText(/One-time download/)
      .first()
      .textContent();
    const first = await runTool(page, [pdf], 'Convert to JPG');
    const warm: ToolTimes[] = [];
    for (let run = 0; run < runs; run++) warm.push(await runTool(page, [pdf], 'Convert to JPG'));
    for (const file of deviceFiles) {
      sizes.push([
        `device way: ${file.name} (${file.type})`,
        '1',
        `${kb(file.bytes)} (${file.bytes} B)`,
        file.encoding,
      ]);
    }
    const total = deviceFiles.reduce((sum, file) => sum + file.bytes, 0);
    sizes.push([`device way in all (the page says: ${shown?.trim()})`, String(deviceFiles.length), kb(total), '']);
    await page.close();

    // A new tab: the wasm is in the HTTP cache, the worker not started; the device way is remembered.
    const cached: ToolTimes[] = [];
    for (let run = 0; run < Math.min(runs, 3); run++) {
      const fresh = await openPage(context, origin, '/pdf-to-jpg');
      cached.push(await runTool(fresh, [pdf], 'Convert to JPG'));
      await fresh.close();
    }
    const serverTimes: number[] = [];
    for (let run = 0; run < runs; run++) serverTimes.push(await apiTime(origin, 'pdf-to-jpg', [pdf]));

    console.log(`\nWhat the MuPDF tools' pages download (bytes as sent)\n`);
    console.log(table(['what', 'files', 'size', 'encoding'], sizes));
    const row = (way: string, times: ToolTimes[]) => [
      way,
      ms(median(times.map((time) => time.job))),
      ms(median(times.map((time) => time.fromClick))),
      ms(median(times.map((time) => time.fromDrop))),
    ];
    const size = (readFileSync(pdf).length / KB).toFixed(0);
    console.log(`\nPDF to JPG, ${PAGES} pages (${size} KB), defaults (medians: warm of ${runs}, cached of 3)\n`);
    console.log(
      table(
        ['way', 'job', 'click to download', 'drop to download'],
        [
          row('device, first run (wasm downloaded)', [first]),
          row('device, warm', warm),
          row('device, wasm cached, worker not started', cached),
          ['server API on loopback', ms(median(serverTimes)), '', ''],
        ],
      ),
    );
  }
  console.log(
    `\nLoad average (1, 5, 15 min): ${loadavg()
      .map((load) => load.toFixed(1))
      .join(', ')}`,
  );
  await context.close();
} finally {
  await browser?.close();
  await stopBuiltServer(server);
  await rm(dir, { recursive: true, force: true });
}
