import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';

/**
 * Answers the server sends before it has read the upload (413 too large, 415 not a PDF, 429 rate-limited) reach
 * Chromium's XHR and fetch as JSON while the browser is still sending. A server of its own, with a 1 MB limit and
 * 4 requests a minute, so the shared one's limits stay out of the way.
 */

/** Far past the 1 MB limit, refused from its declared length. */
const TOO_LARGE_MB = 30;
/** Within the limit: the size check lets it through, and the rate limit turns it away. */
const WITHIN_LIMIT_MB = 0.9;
let server: ChildProcess | undefined;
let folder = '';
let origin = '';

test.beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'paperknife-e2e-early-'));
  server = spawn('node', ['../apps/server/dist/server.js'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      PAPERKNIFE_DATA_DIR: join(folder, 'data'),
      PAPERKNIFE_TEMP_DIR: join(folder, 'temp'),
      PAPERKNIFE_MAX_FILE_MB: '1',
      PAPERKNIFE_MAX_REQUEST_MB: '1',
      PAPERKNIFE_RATE_LIMIT: '4',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    server!.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    server!.once('exit', (code) => reject(new Error(`the server stopped (${code}) before listening`)));
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const stopped = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
  }
  await rm(folder, { recursive: true, force: true });
});

interface BrowserOutcome {
  status: number;
  body: string;
}

/**
 * Posts a form holding a `megabytes` file with XHR and with fetch, at the same time: PDF-looking, or plain text
 * named .pdf (which the server refuses by its content from the first bytes).
 */
function postFromPage(page: Page, megabytes: number, content: 'pdf' | 'text' = 'pdf'): Promise<BrowserOutcome[]> {
  return page.evaluate(
    async ([size, kind]) => {
      const form = () => {
        const data = new FormData();
        const bytes = new Uint8Array(Math.round(size * 1024 * 1024)).fill(kind === 'pdf' ? 0 : 0x61);
        bytes.set(new TextEncoder().encode(kind === 'pdf' ? '%PDF-1.7\n' : 'Plain text, not a PDF.\n'));
        data.append('file', new Blob([bytes], { type: 'application/pdf' }), 'big.pdf');
        return data;
      };
      const viaXhr = new Promise<BrowserOutcome>((resolve) => {
        const request = new XMLHttpRequest();
        request.open('POST', '/functions/v1/rotate-pdf');
        request.onload = () => resolve({ status: request.status, body: request.responseText });
        request.onerror = () => resolve({ status: 0, body: 'XHR network error' });
        request.send(form());
      });
      const viaFetch = fetch('/functions/v1/rotate-pdf', { method: 'POST', body: form() }).then(
        async (response) => ({ status: response.status, body: await response.text() }),
        (error: unknown) => ({ status: 0, body: `fetch failed: ${String(error)}` }),
      );
      return Promise.all([viaXhr, viaFetch]);
    },
    [megabytes, content] as const,
  );
}

function expectJsonError(outcomes: BrowserOutcome[], status: number, code: string) {
  for (const outcome of outcomes) {
    expect(outcome.status, outcome.body).toBe(status);
    expect(JSON.parse(outcome.body)).toMatchObject({ error: { code, message: expect.any(String) } });
  }
}

test('413, 415 and 429 reach XHR and fetch as JSON while the upload is still going', async ({
  page,
  allowConsoleErrors,
}) => {
  // Chromium logs every error status it loads, and /healthz has no favicon.
  allowConsoleErrors(/status of (400|404|413|415|429)\b/);
  await page.goto(`${origin}/healthz`);
  expectJsonError(await postFromPage(page, TOO_LARGE_MB), 413, 'file_too_large');
  // Two of the four requests a minute: a file that is not a PDF, refused from its first bytes.
  expectJsonError(await postFromPage(page, WITHIN_LIMIT_MB, 'text'), 415, 'unsupported_file_type');
  // The other two, spent on empty forms; then uploads are turned away for the rate.
  const spent = await page.evaluate(() =>
    Promise.all(
      [1, 2].map(() =>
        fetch('/functions/v1/rotate-pdf', { method: 'POST', body: new FormData() }).then((response) => response.status),
      ),
    ),
  );
  expect(spent).toEqual([400, 400]);
  expectJsonError(await postFromPage(page, WITHIN_LIMIT_MB), 429, 'rate_limited');
});
