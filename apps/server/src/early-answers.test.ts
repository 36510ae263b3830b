import { spawn } from 'node:child_process';
import { createReadStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import type { AppOptions } from './app.js';
import { type TestApp, type TestAppOverrides, expectTempEmpty, makeTestApp, multipart } from './testing/test-app.js';

/**
 * Answers sent before the request body is read (413, 415, 400, 429, 503) reach clients that are still sending:
 * Node's fetch (buffered and streamed bodies) and curl read the JSON error, never EPIPE or a reset.
 */

/** The size limit of the 413 test; the other tests take files up to 64 MB, so only their own refusal applies. */
const LIMIT = 256 * 1024;
const ROOMY = 64 * 1024 * 1024;
/** What the server still reads after an early answer: bodies up to this keep their connection. */
const DRAIN_BYTES = 1024 * 1024;
/** Over the 413 test's limit, within what the server drains: answered, drained, the connection kept. */
const SMALL = 300 * 1024;
/** Far over what the server drains: `Connection: close`, and reading stops after DRAIN_BYTES. */
const LARGE = 8 * 1024 * 1024;
const ROUNDS = 2;

let t: TestApp | undefined;
afterEach(async () => {
  if (t) await expectTempEmpty(t.tempDir);
  await t?.close();
  t = undefined;
});

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'paperknife-early-answers-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function listening(overrides: TestAppOverrides, options: AppOptions = {}): Promise<string> {
  t = await makeTestApp(
    { limits: { maxFileBytes: ROOMY, maxRequestBytes: ROOMY }, ...overrides },
    { drainBounds: { maxBytes: DRAIN_BYTES, maxMs: 10_000 }, ...options },
  );
  return t.listen();
}

/** A request body on disk (curl and `openAsBlob` read it from there) with its headers. */
interface Upload {
  path: string;
  headers: Record<string, string>;
}

async function upload(name: string, bytes: number, shape: 'pdf' | 'wrong-field' | 'raw'): Promise<Upload> {
  const path = join(folder, name);
  if (shape === 'raw') {
    await writeFile(path, Buffer.alloc(bytes, 7));
    return { path, headers: { 'content-type': 'application/pdf' } };
  }
  const head = makePdf();
  const data = Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), 32)]);
  const body = multipart([{ name: 'a.pdf', data, field: shape === 'wrong-field' ? 'upload' : 'file' }]);
  await writeFile(path, body.payload);
  return { path, headers: body.headers };
}

interface Outcome {
  status: number | 'no answer';
  body: unknown;
  /** The Connection and Retry-After headers (fetch), or why there was no answer. */
  connection?: string | null;
  retryAfter?: string | null;
  detail?: string;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 80);
  }
}

/** Node's fetch: a file body (sent with its length) or a stream (sent chunked, length unknown). */
async function viaFetch(url: string, body: Upload, mode: 'file' | 'stream'): Promise<Outcome> {
  const init: RequestInit & { duplex?: 'half' } =
    mode === 'file'
      ? { method: 'POST', headers: body.headers, body: await openAsBlob(body.path) }
      : {
          method: 'POST',
          headers: body.headers,
          body: Readable.toWeb(createReadStream(body.path)) as ReadableStream,
          duplex: 'half',
        };
  try {
    const response = await fetch(url, init);
    return {
      status: response.status,
      body: parseBody(await response.text()),
      connection: response.headers.get('connection'),
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: 'no answer', body: null, detail: cause?.code ?? cause?.message ?? String(error) };
  }
}

/** curl as a separate process, with a length or chunked. */
function viaCurl(url: string, body: Upload, mode: 'file' | 'stream'): Promise<Outcome> {
  const args = ['-sS', '-X', 'POST', '--data-binary', `@${body.path}`, '-w', '\n%{http_code}', '--max-time', '20'];
  for (const [name, value] of Object.entries(body.headers)) args.push('-H', `${name}: ${value}`);
  if (mode === 'stream') args.push('-H', 'Transfer-Encoding: chunked');
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn('curl', args);
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const at = out.lastIndexOf('\n');
      const status = Number(out.slice(at + 1));
      if (code !== 0 || !status)
        resolve({ status: 'no answer', body: null, detail: `curl exit ${code}: ${err.trim()}` });
      else resolve({ status, body: parseBody(out.slice(0, at)) });
    });
  });
}

type Client = (url: string, body: Upload, mode: 'file' | 'stream') => Promise<Outcome>;
const clients: [string, Client][] = [
  ['fetch', viaFetch],
  ['curl', viaCurl],
];

/** Sends `body` from every client, both ways, ROUNDS times at once, and returns what each saw. */
async function everyClient(url: string, body: Upload): Promise<Outcome[]> {
  const runs = clients.flatMap(([, client]) =>
    (['file', 'stream'] as const).flatMap((mode) => Array.from({ length: ROUNDS }, () => client(url, body, mode))),
  );
  return Promise.all(runs);
}

function expectAllAnswered(outcomes: Outcome[], status: number, code: string): void {
  const failures = outcomes.filter((outcome) => outcome.status !== status);
  expect(failures).toEqual([]);
  for (const outcome of outcomes) {
    expect(outcome.body).toMatchObject({ error: { code, message: expect.any(String) } });
    if (status === 429 || status === 503) expect(outcome.retryAfter ?? '5').toMatch(/^\d+$/);
  }
}

/** The fetch outcomes of `everyClient`: a body sent with its length first, then streamed. */
const fetchOutcomes = (outcomes: Outcome[]) => ({
  withLength: outcomes.slice(0, ROUNDS),
  streamed: outcomes.slice(ROUNDS, 2 * ROUNDS),
});

describe('early answers reach every client', () => {
  it('413: a declared length over the limit, and a file over the limit mid-upload', async () => {
    const url = `${await listening({ limits: { maxFileBytes: LIMIT, maxRequestBytes: LIMIT } })}/functions/v1/rotate-pdf`;
    const large = await everyClient(url, await upload('large.pdf.form', LARGE, 'pdf'));
    expectAllAnswered(large, 413, 'file_too_large');
    const small = await everyClient(url, await upload('small.pdf.form', SMALL, 'pdf'));
    expectAllAnswered(small, 413, 'file_too_large');
    // Past what the server drains, or of unknown length: it says it closes. Within it: the connection is kept.
    for (const outcome of [...fetchOutcomes(large).withLength, ...fetchOutcomes(large).streamed]) {
      expect(outcome.connection).toBe('close');
    }
    for (const outcome of fetchOutcomes(small).withLength) expect(outcome.connection).toBe('keep-alive');
  });

  it('415: a body that is neither a form nor JSON', async () => {
    const url = `${await listening({})}/functions/v1/rotate-pdf`;
    for (const [name, bytes] of [
      ['large.raw', LARGE],
      ['small.raw', SMALL],
    ] as const) {
      expectAllAnswered(await everyClient(url, await upload(name, bytes, 'raw')), 415, 'unsupported_file_type');
    }
  });

  it('400: a file in a field the API does not know, refused at its first bytes', async () => {
    const url = `${await listening({})}/functions/v1/rotate-pdf`;
    for (const [name, bytes] of [
      ['large.field.form', LARGE],
      ['small.field.form', SMALL],
    ] as const) {
      expectAllAnswered(await everyClient(url, await upload(name, bytes, 'wrong-field')), 400, 'invalid_option');
    }
  });

  it('429: past the rate limit, with Retry-After', async () => {
    const url = `${await listening({ rateLimit: 1 })}/functions/v1/rotate-pdf`;
    expect((await fetch(url, { method: 'POST', ...multipart([]) })).status).toBe(400); // the one allowed
    for (const [name, bytes] of [
      ['large.429.form', LARGE],
      ['small.429.form', SMALL],
    ] as const) {
      expectAllAnswered(await everyClient(url, await upload(name, bytes, 'pdf')), 429, 'rate_limited');
    }
  });

  it('503: every job slot taken, busy with Retry-After', async () => {
    // No job slot at all: the queue is full for every request, as on a server at capacity.
    const url = `${await listening({ concurrency: 0, queueSize: 0 })}/functions/v1/compress-pdf`;
    for (const [name, bytes] of [
      ['large.503.form', LARGE],
      ['small.503.form', SMALL],
    ] as const) {
      expectAllAnswered(await everyClient(url, await upload(name, bytes, 'pdf')), 503, 'busy');
    }
  });

  it('an honest 110 MB upload against the default 100 MB limit', async () => {
    // Written before the server starts: building it holds this process's event loop, which the overload guard
    // would count against the first requests.
    const body = await upload('honest.form', 110 * 1024 * 1024, 'pdf');
    t = await makeTestApp();
    const url = `${await t.listen()}/functions/v1/rotate-pdf`;
    const outcomes = await Promise.all([viaFetch(url, body, 'file'), viaCurl(url, body, 'file')]);
    expectAllAnswered(outcomes, 413, 'file_too_large');
    await rm(body.path);
  });
});

describe('the reading after an early answer is bounded', () => {
  /** A raw HTTP/1.1 client: headers, then body bytes as the test writes them; collects what comes back. */
  function rawClient(port: number, head: string) {
    // Half-open allowed: the client keeps sending after the server's end, as a client unaware of the answer does.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let received = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
    // The server is done with the connection: its end (FIN), or a reset.
    const closed = new Promise<void>((resolve) => socket.once('end', resolve).once('close', resolve));
    socket.on('error', () => undefined); // a write after the server stopped reading: expected past the bounds
    socket.write(head);
    return { socket, closed, received: () => received };
  }

  const answered = (received: string) => /^HTTP\/1.1 (413|503) [\s\S]*\{"error":/.test(received);

  it('a kept connection is read to the end of its body, then serves the next request', async () => {
    const port = Number(new URL(await listening({ concurrency: 0, queueSize: 0 })).port);
    const body = Buffer.alloc(512 * 1024, 1);
    const client = rawClient(
      port,
      `POST /functions/v1/rotate-pdf HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await expect.poll(() => answered(client.received())).toBe(true);
    expect(client.received()).toMatch(/^HTTP\/1.1 503 [\s\S]*"code":"busy"/);
    expect(client.received()).not.toMatch(/connection: close/i);
    client.socket.write(body);
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => client.received()).toMatch(/HTTP\/1.1 200 [\s\S]*"status":"ok"/);
    client.socket.destroy();
  });

  it('a body past the byte bound is read up to it, then the connection is cut', async () => {
    const port = Number(new URL(await listening({ concurrency: 0, queueSize: 0 })).port);
    const client = rawClient(
      port,
      'POST /functions/v1/rotate-pdf HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 1000000000\r\n\r\n',
    );
    await expect.poll(() => answered(client.received())).toBe(true);
    expect(client.received()).toMatch(/^HTTP\/1.1 413 [\s\S]*connection: close/i);
    // Keeps writing, as a client unaware of the answer would: the server reads DRAIN_BYTES, then cuts.
    let written = 0;
    const chunk = Buffer.alloc(64 * 1024, 1);
    while (!client.socket.destroyed && written < 64 * DRAIN_BYTES) {
      if (!client.socket.write(chunk))
        await new Promise((resolve) => client.socket.once('drain', resolve).once('close', resolve));
      written += chunk.length;
    }
    await client.closed;
    expect(written).toBeGreaterThanOrEqual(DRAIN_BYTES);
    expect(written).toBeLessThan(16 * DRAIN_BYTES);
  });

  it('a client that stops sending is cut at the time bound', async () => {
    const port = Number(
      new URL(await listening({ concurrency: 0, queueSize: 0 }, { drainBounds: { maxBytes: DRAIN_BYTES, maxMs: 300 } }))
        .port,
    );
    const started = Date.now();
    const client = rawClient(
      port,
      'POST /functions/v1/rotate-pdf HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 5000\r\n\r\n',
    );
    client.socket.write('only a little of the body');
    await client.closed;
    expect(answered(client.received())).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('a client slow to read, still sending past the byte bound, is not reset before it reads the answer', async () => {
    const port = Number(new URL(await listening({ concurrency: 0, queueSize: 0 })).port);
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    // Like curl, a failed send ends this client, answer unread: a reset while it still sends is a lost answer.
    let sendFailed: string | undefined;
    socket.on('error', (error: NodeJS.ErrnoException) => (sendFailed ??= error.code));
    socket.pause();
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /functions/v1/rotate-pdf HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n' +
        `Content-Length: ${64 * DRAIN_BYTES}\r\n\r\n`,
    );
    // More than the buffers on both sides hold: the sending is still going on when the server stops reading.
    socket.write(Buffer.alloc(32 * DRAIN_BYTES, 1));
    // A busy client turns to its answer only a little later.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sendFailed).toBeUndefined();
    let received = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
    socket.resume();
    await expect.poll(() => received).toMatch(/^HTTP\/1.1 503 [\s\S]*"code":"busy"/);
    socket.destroy();
  });
});
