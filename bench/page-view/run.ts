/// <reference lib="dom" />
// The functions passed to page.evaluate run in the browser.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserServer, type Page, chromium } from 'playwright-core';
import sharp from 'sharp';
import { makePdf } from '../../packages/engine/src/testing/make-pdf.js';
import { requireBuild, startBuiltServer } from '../built-server.js';
import { table } from '../table.js';

/**
 * Page previews in Debian's Chromium against the built server: `npm run page-view --workspace bench`.
 * For generated PDFs of 10, 100 and 1,000 pages, each page a noisy photo (a 100-page file is about 10 MB), it
 * drops the file on Extract Pages once the page has settled (pdf.js loads only then: decision 095) and measures, from the file input's change event: the
 * first thumbnail drawn, every thumbnail in the grid's visible area drawn, and the first again for a second drop in
 * the same tab (pdf.js warm) and for a drop the moment a fresh tab has loaded. Then memory: the JS
 * heap (CDP Performance.getMetrics JSHeapUsedSize) and the resident memory of the tab (its renderer process, which
 * runs the pdf.js worker as a thread) and of all Chromium's renderer processes (with any spare renderer Chromium
 * keeps), with the first screen drawn and again after scrolling the grid to the end (thumbnails off screen free
 * their canvases).
 * Needs the site and the server built. Prints a table; asserts nothing (the target: first thumbnail
 * <= 500 ms for 100 pages; the tab under 500 MB for 1,000 pages scrolled to the end).
 */

const chromePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const port = Number(process.env['BENCH_PORT'] ?? 4336);
const origin = `http://127.0.0.1:${port}`;
// `--pages=100,1000` measures only those files.
const pagesArgument = process.argv.find((arg) => arg.startsWith('--pages='))?.slice('--pages='.length);
const pageCounts = pagesArgument ? pagesArgument.split(',').map(Number) : [10, 100, 1000];
const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 3);

requireBuild();

/** A noisy photo (noise does not compress), so each page carries about `kilobytes` KB of JPEG. */
async function noisyJpeg(kilobytes: number): Promise<{ jpeg: Buffer; width: number; height: number }> {
  // Random pixels at quality 80 take about 0.63 byte per pixel.
  const side = Math.round(Math.sqrt((kilobytes * 1024) / 0.63));
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.random() * 256) | 0;
  const jpeg = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { jpeg, width: side, height: side };
}

async function bookPdf(dir: string, pageCount: number): Promise<string> {
  // 1,000 pages of 100 KB would pass the 100 MB upload limit; they get a smaller photo.
  const photo = await noisyJpeg(pageCount >= 1000 ? 40 : 100);
  const pdf = makePdf({
    pages: Array.from({ length: pageCount }, (_, i) => ({
      text: [`Page ${i + 1}`],
      image: {
        jpeg: photo.jpeg,
        pixelWidth: photo.width,
        pixelHeight: photo.height,
        x: 72,
        y: 200,
        width: 460,
        height: 460,
      },
    })),
  });
  const path = join(dir, `book-${pageCount}.pdf`);
  writeFileSync(path, pdf);
  return path;
}

interface RendererProcess {
  pid: number;
  rssBytes: number;
  /** Clock ticks after boot: the newest is the last started. */
  startTicks: number;
  /** A dedicated worker runs in it: pdf.js's, so this is the measured tab. */
  runsWorker: boolean;
}

/** Chromium's renderer processes under `rootPid` (one per tab, plus any spare renderer it keeps), from /proc. */
function rendererProcesses(rootPid: number): RendererProcess[] {
  const children = new Map<number, number[]>();
  const renderers = new Map<number, RendererProcess>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), pid]);
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      // Thread names are cut to 15 characters: "DedicatedWorker thread" reads "DedicatedWorker".
      const runsWorker = readdirSync(`/proc/${entry}/task`).some((thread) => {
        try {
          return readFileSync(`/proc/${entry}/task/${thread}/comm`, 'utf8').startsWith('DedicatedWorker');
        } catch {
          return false;
        }
      });
      renderers.set(pid, { pid, rssBytes: Number(fields[21]) * 4096, startTicks: Number(fields[19]), runsWorker });
    } catch {
      // The process ended while we read.
    }
  }
  const found: RendererProcess[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    const renderer = renderers.get(pid);
    if (renderer) found.push(renderer);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/**
 * The tab's memory and all renderers' together. The tab is its renderer process, which also runs the pdf.js
 * worker (a dedicated worker is a thread of its page's renderer): CDP attributes no process id to a page, so the
 * tab is told apart as the renderer running a dedicated worker (the newest, should a closed tab's still linger).
 */
function rendererMemory(rootPid: number): { tabBytes: number; allBytes: number } {
  const renderers = rendererProcesses(rootPid);
  const tab = renderers.filter((renderer) => renderer.runsWorker).sort((a, b) => b.startTicks - a.startTicks)[0];
  if (!tab) throw new Error('No renderer runs the pdf.js worker: cannot tell the tab apart.');
  return { tabBytes: tab.rssBytes, allBytes: renderers.reduce((sum, renderer) => sum + renderer.rssBytes, 0) };
}

interface Measurement {
  /** Dropped once the page has settled, as a visitor who just found the file does. */
  firstMs: number;
  /** Dropped the moment the page has loaded, before it had time to warm up pdf.js. */
  firstAtLoadMs: number;
  /** The first thumbnail of the same file dropped again in the same tab. */
  firstAgainMs: number;
  visibleMs: number;
  visibleCount: number;
  heapMB: number;
  tabRssMB: number;
  rssMB: number;
  heapAfterScrollMB: number;
  tabRssAfterScrollMB: number;
  rssAfterScrollMB: number;
  canvasesAfterScroll: number;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

interface Marks {
  firstMs: number;
  visibleMs: number;
  visibleCount: number;
}

/** Drops `pdfPath` on the page and times, from the input's change event, the first and the visible thumbnails. */
async function dropAndTime(page: Page, pdfPath: string): Promise<Marks> {
  // The marks are taken in the page as the DOM changes, so polling from here adds nothing to the times.
  await page.evaluate(() => {
    const marks: { droppedAt?: number; firstMs?: number; visibleMs?: number; visibleCount?: number } = {};
    Object.assign(window, { pageViewMarks: marks });
    document.addEventListener('change', () => (marks.droppedAt = performance.now()), { capture: true, once: true });
    // No named function in here: tsx would wrap it in a helper the page does not have.
    new MutationObserver(() => {
      if (marks.droppedAt === undefined) return;
      const now = performance.now() - marks.droppedAt;
      if (marks.firstMs === undefined && document.querySelector('[data-page-thumbnail="1"][data-drawn="true"]')) {
        marks.firstMs = now;
      }
      const grid = document.querySelector('[data-testid="page-grid"]');
      if (!grid || marks.visibleMs !== undefined) return;
      const box = grid.getBoundingClientRect();
      const inView = [...grid.querySelectorAll('[data-page-thumbnail]')].filter((element) => {
        const rect = element.getBoundingClientRect();
        // Thumbnails draw when near the window's viewport; the grid may reach below it.
        return rect.bottom > box.top && rect.top < Math.min(box.bottom, window.innerHeight);
      });
      if (inView.length > 0 && inView.every((element) => element.hasAttribute('data-drawn'))) {
        marks.visibleMs = now;
        marks.visibleCount = inView.length;
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-drawn'],
    });
  });
  // Playwright sets up its in-page helper for waitForFunction on first use, about 90 ms of the page's main thread
  // here: done before the drop, so the times are the page's own and not the harness's.
  await page.waitForFunction(() => true);
  await page.getByTestId('file-input').first().setInputFiles(pdfPath);
  const marks = await page
    .waitForFunction(
      () => {
        const { pageViewMarks } = window as unknown as { pageViewMarks: { visibleMs?: number } };
        return pageViewMarks.visibleMs !== undefined ? pageViewMarks : false;
      },
      undefined,
      { polling: 100, timeout: 120_000 },
    )
    .catch(async (error: unknown) => {
      const state = await page.evaluate(() => ({
        marks: (window as unknown as { pageViewMarks: unknown }).pageViewMarks,
        text: document.querySelector('main')?.textContent?.slice(0, 300),
      }));
      throw new Error(`No thumbnails drawn: ${JSON.stringify(state)}`, { cause: error });
    });
  return (await marks.jsonValue()) as Marks;
}

async function measure(browser: Browser, pdfPath: string, browserPid: number): Promise<Measurement> {
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  // A visitor needs more than the half second of network quiet this waits for to find and drop a file.
  await page.goto(`${origin}/extract-pages`, { waitUntil: 'networkidle' });
  const { firstMs, visibleMs, visibleCount } = await dropAndTime(page, pdfPath);
  const heap = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  };
  const heapBytes = await heap();
  const memory = rendererMemory(browserPid);

  // Scroll to the end a screen at a time, letting each screen start drawing, as a reader skimming would.
  await page.evaluate(async () => {
    const grid = document.querySelector<HTMLElement>('[data-testid="page-grid"]')!;
    while (grid.scrollTop + grid.clientHeight < grid.scrollHeight - 1) {
      grid.scrollTop += grid.clientHeight;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForTimeout(1000);
  const canvasesAfterScroll = await page.evaluate(
    () =>
      [...document.querySelectorAll('[data-testid="page-grid"] canvas')].filter(
        (canvas) => (canvas as HTMLCanvasElement).width > 0,
      ).length,
  );
  // Again in the same tab: pdf.js and its worker are loaded, as for a visitor's second file.
  const heapAfterScroll = await heap();
  const memoryAfterScroll = rendererMemory(browserPid);
  await page.getByRole('button', { name: /^Remove / }).click();
  const again = await dropAndTime(page, pdfPath);
  await context.close();

  // A fresh tab, the file dropped as soon as the page has loaded.
  const atLoadContext = await browser.newContext();
  const atLoadPage = await atLoadContext.newPage();
  await atLoadPage.goto(`${origin}/extract-pages`);
  const atLoad = await dropAndTime(atLoadPage, pdfPath);
  await atLoadContext.close();

  return {
    firstMs: Math.round(firstMs),
    firstAtLoadMs: Math.round(atLoad.firstMs),
    visibleMs: Math.round(visibleMs),
    visibleCount,
    heapMB: megabytes(heapBytes),
    tabRssMB: megabytes(memory.tabBytes),
    rssMB: megabytes(memory.allBytes),
    heapAfterScrollMB: megabytes(heapAfterScroll),
    tabRssAfterScrollMB: megabytes(memoryAfterScroll.tabBytes),
    rssAfterScrollMB: megabytes(memoryAfterScroll.allBytes),
    firstAgainMs: Math.round(again.firstMs),
    canvasesAfterScroll,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const workDir = await mkdtemp(join(tmpdir(), 'paperknife-bench-page-view-'));
const server = await startBuiltServer(port, workDir);
let browser: Browser | undefined;
let browserServer: BrowserServer | undefined;
try {
  // A browser server, so its process id is known for reading the memory of all its processes.
  browserServer = await chromium.launchServer({
    executablePath: chromePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--enable-precise-memory-info',
    ],
  });
  const browserPid = browserServer.process().pid;
  if (!browserPid) throw new Error('No Chromium process id to read memory from.');
  browser = await chromium.connect(browserServer.wsEndpoint());
  const rows: string[][] = [];
  for (const pageCount of pageCounts) {
    const pdfPath = await bookPdf(workDir, pageCount);
    const results: Measurement[] = [];
    for (let run = 0; run < runs; run++) results.push(await measure(browser, pdfPath, browserPid));
    const pick = (key: keyof Measurement) => String(median(results.map((result) => result[key])));
    rows.push([
      String(pageCount),
      `${(statSync(pdfPath).size / (1024 * 1024)).toFixed(1)} MB`,
      `${pick('firstMs')} ms`,
      `${pick('visibleMs')} ms`,
      `${pick('firstAtLoadMs')} ms`,
      `${pick('firstAgainMs')} ms`,
      pick('visibleCount'),
      `${pick('heapMB')} MB`,
      `${pick('tabRssMB')} MB`,
      `${pick('rssMB')} MB`,
      `${pick('heapAfterScrollMB')} MB`,
      `${pick('tabRssAfterScrollMB')} MB`,
      `${pick('rssAfterScrollMB')} MB`,
      pick('canvasesAfterScroll'),
    ]);
  }
  console.log(
    `Page previews on /extract-pages, Chromium ${browser.version()}, median of ${runs} run(s); times from the drop ` +
      '(once the page has settled; "at load": dropped as soon as it loaded, in a fresh tab; pdf.js is loaded by the ' +
      'drop in both). Tab: its renderer process with the pdf.js worker; ' +
      'renderers: every renderer process of the browser.\n',
  );
  console.log(
    table(
      [
        'Pages',
        'File',
        'First thumbnail',
        'Visible drawn',
        'First, at load',
        'First, 2nd drop',
        'Visible',
        'JS heap',
        'Tab RSS',
        'Renderers RSS',
        'JS heap, scrolled',
        'Tab RSS, scrolled',
        'Renderers RSS, scrolled',
        'Canvases, scrolled',
      ],
      rows,
    ),
  );
} finally {
  await browser?.close();
  await browserServer?.close();
  server.kill();
  await rm(workDir, { recursive: true, force: true });
}
