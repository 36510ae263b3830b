import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { scannedPdf } from '../../packages/engine/src/testing/ocr-fixtures.js';
import { expect, test } from '../fixtures.js';
import { fixtureDir } from '../tool-fixtures.js';

/**
 * Every answer the server sends before it has read the upload (400, 413, 415, 429 and 503: docs/decisions/130)
 * reaches Chromium's XHR and fetch as JSON, for a small body and for a large one that the browser is still sending
 * when the answer goes out. A server of its own, with limits a test can reach: files up to 0.25 MB, requests up
 * to 10 MB, 4 requests a minute per route, one job at a time and none waiting. Each status has its own route, so
 * one test's rate counts never reach another's.
 */

const MB = 1024 * 1024;
/** Over the 0.25 MB file limit (refused mid-upload), and within what the server reads after an early answer. */
const SMALL_MB = 0.3;
/**
 * Within the 10 MB request limit. When the server answers, it has read little of it (at most the 0.25 MB file
 * limit) and the rest cannot all be on its way: until the server reads again, the kernel holds at most the
 * browser's send buffer (tcp_wmem's maximum, 4 MB here; twice that if a program sets it itself) and the server's
 * first receive window (tcp_rmem's default, 128 KB). So the answer goes out mid-upload; the server then reads the
 * rest and keeps the connection.
 */
const LARGE_MB = 10;
/**
 * Past the request limit by its declared length, and past what the server reads after answering (4/3 of the
 * limit and 1 MB, 14.3 MB) with a full send buffer on top: the server cuts the connection before the end.
 */
const TOO_LARGE_MB = 24;
const RATE_LIMIT = 4;

interface EarlyServer {
  origin: string;
  process: ChildProcess;
  folder: string;
}

let started: Promise<EarlyServer> | undefined;

/** The spec's server, started by the first test of this worker that needs it. */
function earlyServer(): Promise<EarlyServer> {
  started ??= (async () => {
    const folder = await mkdtemp(join(tmpdir(), 'paperknife-e2e-early-'));
    const child = spawn('node', ['../apps/server/dist/server.js'], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'warn',
        PAPERKNIFE_DATA_DIR: join(folder, 'data'),
        PAPERKNIFE_TEMP_DIR: join(folder, 'temp'),
        PAPERKNIFE_MAX_FILE_MB: '0.25',
        PAPERKNIFE_MAX_REQUEST_MB: '10',
        PAPERKNIFE_RATE_LIMIT: String(RATE_LIMIT),
        PAPERKNIFE_CONCURRENCY: '1',
        PAPERKNIFE_QUEUE_SIZE: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const origin = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
      });
      child.once('exit', (code) => reject(new Error(`the server stopped (${code}) before listening`)));
    });
    // Taking work: a server just started on a busy machine may still answer 503 for its start-up's event-loop
    // delay. Asked on a route of its own (an empty form is a 400), so no test's rate count is touched.
    await expect
      .poll(
        async () =>
          (await fetch(`${origin}/functions/v1/extract-text-pdf`, { method: 'POST', body: new FormData() })).status,
        { timeout: 30_000 },
      )
      .toBe(400);
    return { origin, process: child, folder };
  })();
  return started;
}

test.afterAll(async () => {
  if (!started) return;
  const { process: child, folder } = await started;
  if (child.exitCode === null && child.signalCode === null) {
    const stopped = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await stopped;
  }
  await rm(folder, { recursive: true, force: true });
});

/** Opens a page on the spec server's origin, so the page's requests go there, same-origin. */
async function openPage(page: Page): Promise<string> {
  const { origin } = await earlyServer();
  await page.goto(`${origin}/healthz`);
  return origin;
}

interface BrowserOutcome {
  client: 'XHR' | 'fetch';
  status: number;
  body: string;
}

interface Upload {
  /** The API function posted to. */
  route: string;
  megabytes: number;
  /**
   * `form`: a PDF-looking file in the API's `file` field; `text`: the same holding plain text; `wrong-field`: the
   * PDF in a field the API does not know; `raw`: the bytes as the whole body, `application/pdf`, not a form.
   */
  shape: 'form' | 'text' | 'wrong-field' | 'raw';
}

/** Posts one upload with XHR and with fetch, at the same time, and returns what each saw. */
function postFromPage(page: Page, upload: Upload): Promise<BrowserOutcome[]> {
  return page.evaluate(async ({ route, megabytes, shape }) => {
    const body = () => {
      const bytes = new Uint8Array(Math.round(megabytes * 1024 * 1024)).fill(shape === 'text' ? 0x61 : 0);
      bytes.set(new TextEncoder().encode(shape === 'text' ? 'Plain text, not a PDF.\n' : '%PDF-1.7\n'));
      const file = new Blob([bytes], { type: 'application/pdf' });
      if (shape === 'raw') return file;
      const data = new FormData();
      data.append(shape === 'wrong-field' ? 'upload' : 'file', file, 'upload.pdf');
      return data;
    };
    const url = `/functions/v1/${route}`;
    const viaXhr = new Promise<BrowserOutcome>((resolve) => {
      const request = new XMLHttpRequest();
      request.onload = () => resolve({ client: 'XHR', status: request.status, body: request.responseText });
      request.onerror = () => resolve({ client: 'XHR', status: 0, body: 'XHR network error' });
      request.open('POST', url);
      request.send(body());
    });
    const viaFetch = fetch(url, { method: 'POST', body: body() }).then(
      async (response): Promise<BrowserOutcome> => ({
        client: 'fetch',
        status: response.status,
        body: await response.text(),
      }),
      (error: unknown): BrowserOutcome => ({ client: 'fetch', status: 0, body: `fetch failed: ${String(error)}` }),
    );
    return Promise.all([viaXhr, viaFetch]);
  }, upload);
}

function expectJsonError(outcomes: BrowserOutcome[], status: number, code: string) {
  for (const outcome of outcomes) {
    expect(outcome.status, `${outcome.client}: ${outcome.body}`).toBe(status);
    expect(JSON.parse(outcome.body)).toMatchObject({ error: { code, message: expect.any(String) } });
  }
}

/** One number (1: default, 2: maximum) of a `min default max` line in /proc/sys/net/ipv4; null off Linux. */
function tcpBuffer(name: 'tcp_rmem' | 'tcp_wmem', index: 1 | 2): number | null {
  const path = `/proc/sys/net/ipv4/${name}`;
  return existsSync(path) ? Number(readFileSync(path, 'utf8').trim().split(/\s+/)[index]) : null;
}

/** Bytes of a body that can be on their way, beyond what the server read, while it answers; null off Linux. */
const inFlightAtMost = (() => {
  const sendBuffer = tcpBuffer('tcp_wmem', 2);
  const receiveWindow = tcpBuffer('tcp_rmem', 1);
  return sendBuffer === null || receiveWindow === null ? null : 2 * sendBuffer + receiveWindow + 0.25 * MB;
})();

/** The same status and code for a small body and a large one, from XHR and fetch. */
async function expectEarlyAnswers(page: Page, upload: Omit<Upload, 'megabytes'>, status: number, code: string) {
  expectJsonError(await postFromPage(page, { ...upload, megabytes: SMALL_MB }), status, code);
  if (inFlightAtMost !== null)
    expect(LARGE_MB * MB, 'the large body fits in the kernel buffers: raise LARGE_MB').toBeGreaterThan(inFlightAtMost);
  expectJsonError(await postFromPage(page, { ...upload, megabytes: LARGE_MB }), status, code);
}

test.describe('early answers reach XHR and fetch as JSON while the upload is still going', () => {
  // One after the other in one worker: one server start for the file, instead of one per worker.
  test.describe.configure({ mode: 'default' });

  test.beforeEach(({ allowConsoleErrors }) => {
    // Chromium logs every error status it loads, and /healthz has no favicon.
    allowConsoleErrors(/status of (400|404|413|415|429|503)\b/);
  });

  test('413: a file over the limit mid-upload; a request too large by its declared length, cut after draining', async ({
    page,
  }) => {
    await openPage(page);
    await expectEarlyAnswers(page, { route: 'rotate-pdf', shape: 'form' }, 413, 'file_too_large');
    expectJsonError(
      await postFromPage(page, { route: 'rotate-pdf', shape: 'form', megabytes: TOO_LARGE_MB }),
      413,
      'file_too_large',
    );
  });

  test('415: a body that is neither a form nor JSON, refused from its type', async ({ page }) => {
    await openPage(page);
    await expectEarlyAnswers(page, { route: 'compress-pdf', shape: 'raw' }, 415, 'unsupported_file_type');
    // A form whose file is not a PDF is refused too, by its first bytes, once the file (within the limit) is read.
    expectJsonError(
      await postFromPage(page, { route: 'compress-pdf', shape: 'text', megabytes: 0.2 }),
      415,
      'unsupported_file_type',
    );
  });

  test('400: a file in a field the API does not know, refused at its first bytes', async ({ page }) => {
    await openPage(page);
    await expectEarlyAnswers(page, { route: 'grayscale-pdf', shape: 'wrong-field' }, 400, 'invalid_option');
  });

  test('429: past the rate limit, before the upload is read', async ({ page }) => {
    await openPage(page);
    // The route's allowance, spent on empty forms; then uploads are turned away for the rate.
    const spent = await page.evaluate(
      (count) =>
        Promise.all(
          Array.from({ length: count }, () =>
            fetch('/functions/v1/watermark-pdf', { method: 'POST', body: new FormData() }).then(
              (response) => response.status,
            ),
          ),
        ),
      RATE_LIMIT,
    );
    expect(spent).toEqual(Array.from({ length: RATE_LIMIT }, () => 400));
    await expectEarlyAnswers(page, { route: 'watermark-pdf', shape: 'form' }, 429, 'rate_limited');
  });

  test('503: the one job slot taken, busy before the upload is read', async ({ page, request }) => {
    const origin = await openPage(page);
    // An OCR job of 60 scanned pages (a minute of work, a 20 KB file) holds the slot until it is cancelled.
    const onePage = join(fixtureDir, 'early-answers-scan-page.pdf');
    const scan = join(fixtureDir, 'early-answers-scan.pdf');
    await writeFile(onePage, scannedPdf([['Busy page']]));
    execFileSync('qpdf', ['--empty', '--pages', onePage, Array(60).fill('1').join(','), '--', scan]);
    const created = await request.post(`${origin}/functions/v1/jobs/ocr-pdf`, {
      multipart: { file: { name: 'scan.pdf', mimeType: 'application/pdf', buffer: await readFile(scan) } },
    });
    expect(created.status()).toBe(202);
    const job = (await created.json()) as { status: string; links: { self: string } };
    try {
      await expectEarlyAnswers(page, { route: 'split-pdf', shape: 'form' }, 503, 'busy');
      // It held the slot all along: still running, so every 503 above was the full queue.
      expect(((await (await request.get(`${origin}${job.links.self}`)).json()) as typeof job).status).toBe('running');
    } finally {
      expect((await request.delete(`${origin}${job.links.self}`)).status()).toBe(200);
    }
    // Still busy until the cancelled job's processes are gone; then the route reads uploads again.
    await expect
      .poll(async () => (await request.post(`${origin}/functions/v1/split-pdf`, { multipart: {} })).status())
      .toBe(400);
  });
});
