import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, onTestFinished } from 'vitest';
import { type Limits, defaultLimits } from '@paperknife/catalog/limits';
import { assertValidPdf } from '@paperknife/engine/testing/pdf-assertions';
import { type AppOptions, buildApp, listenApp } from '../app.js';
import type { ServerConfig } from '../env.js';

/**
 * Boots the real app for tests, with its own temp root, data folder and a small fake website, so tests can
 * check that the temp root ends up empty and read what the logs said.
 */
export interface TestApp {
  app: FastifyInstance;
  config: ServerConfig;
  tempDir: string;
  webRoot: string;
  dataDir: string;
  /** Every log line the app wrote, as parsed JSON. */
  logs: Record<string, unknown>[];
  /** The raw log text, to search for things that must never be there. */
  logText(): string;
  /** Listens on a free port and returns the base URL. */
  listen(): Promise<string>;
  /** The metrics listener's base URL, once `listen()` has run with `metrics` configured. */
  metricsUrl(): string;
  close(): Promise<void>;
}

export interface TestAppOverrides extends Partial<Omit<ServerConfig, 'limits'>> {
  limits?: Partial<Limits>;
}

/** The inline script of the fake home page (React Router puts its hydration context in such scripts). */
export const INLINE_SCRIPT = 'window.__reactRouterContext = {"basename":"/"};';

async function fakeWebsite(root: string): Promise<void> {
  await mkdir(join(root, 'assets'), { recursive: true });
  await mkdir(join(root, 'merge-pdf'), { recursive: true });
  await writeFile(
    join(root, 'index.html'),
    `<!doctype html><html><head><title>PaperKnife</title><script type="module" src="/assets/app-abc123.js"></script></head><body><h1>Home</h1><script>${INLINE_SCRIPT}</script></body></html>`,
  );
  await writeFile(join(root, '404.html'), '<!doctype html><html><body><h1>Page Not Found</h1></body></html>');
  await mkdir(join(root, 'de'), { recursive: true });
  await writeFile(
    join(root, 'de', '404.html'),
    '<!doctype html><html lang="de"><body><h1>Seite nicht gefunden</h1></body></html>',
  );
  await writeFile(join(root, 'merge-pdf', 'index.html'), '<!doctype html><html><body><h1>Merge PDF</h1></body></html>');
  await writeFile(join(root, 'about.html'), '<!doctype html><html><body><h1>About</h1></body></html>');
  await writeFile(join(root, 'assets', 'app-abc123.js'), 'console.log("app");\n');
  await writeFile(join(root, 'robots.txt'), 'User-agent: *\nAllow: /\n');
}

export async function makeTestApp(overrides: TestAppOverrides = {}, options: AppOptions = {}): Promise<TestApp> {
  const base = await mkdtemp(join(tmpdir(), 'paperknife-server-test-'));
  const tempDir = join(base, 'temp');
  const webRoot = join(base, 'web');
  const dataDir = join(base, 'data');
  await fakeWebsite(webRoot);
  const { limits, ...rest } = overrides;
  const config: ServerConfig = {
    host: '127.0.0.1',
    port: 0,
    dataDir,
    tempDir,
    webRoot,
    concurrency: 2,
    queueSize: 32,
    rateLimit: 1000,
    contactRateLimit: 100,
    corsOrigin: '*',
    metrics: null,
    logLevel: 'info',
    databaseUrl: null,
    redisUrl: null,
    shutdownDelayMs: 0,
    libreOfficeIdleMs: 60_000,
    replicaId: 'test',
    ...rest,
    limits: { ...defaultLimits, ...limits },
  };
  const logs: Record<string, unknown>[] = [];
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const line = chunk.toString('utf8');
      text += line;
      for (const part of line.split('\n').filter(Boolean)) {
        try {
          logs.push(JSON.parse(part) as Record<string, unknown>);
        } catch {
          // not JSON: kept in the text only
        }
      }
      callback();
    },
  });
  const app = await buildApp(config, {
    logger: { level: 'info', stream },
    // The overload guard measures this process's event loop, which the test runner's own work (imports, fixture
    // building, the other test worker's jobs on a 2-core machine) can hold past a second: tests would see 503 busy
    // at random. Off here, not merely raised: holds back to back leave a sampling second with no measurement, which
    // the guard reads as an infinite delay, whatever the bound (a JPG to PDF test building a 50 MB PNG got 503s for
    // a second). overload-guard.test.ts gives the guard a bound of its own.
    maxEventLoopDelayMs: 0,
    ...options,
  }).catch(async (error: unknown) => {
    // An app that does not start (a test of a refused configuration) leaves no folder behind.
    await rm(base, { recursive: true, force: true });
    throw error;
  });
  let closed = false;
  let metricsPort: number | null = null;
  return {
    app,
    config,
    tempDir,
    webRoot,
    dataDir,
    logs,
    logText: () => text,
    async listen() {
      const ports = await listenApp(app, { ...config, port: 0 });
      metricsPort = ports.metricsPort;
      return `http://127.0.0.1:${ports.port}`;
    },
    metricsUrl() {
      if (metricsPort === null) throw new Error('no metrics listener: set metrics and call listen() first');
      return `http://${config.metrics?.host ?? '127.0.0.1'}:${metricsPort}`;
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await rm(base, { recursive: true, force: true });
    },
  };
}

/** Waits until the temp root holds nothing (folders go just after the response). */
export async function expectTempEmpty(tempDir: string): Promise<void> {
  await expect.poll(() => readdir(tempDir), { timeout: 5000, interval: 25 }).toEqual([]);
}

export interface UploadFile {
  field?: string;
  name: string;
  data: Uint8Array;
  type?: string;
}

/** A multipart/form-data body, built by hand so tests control every byte. */
export function multipart(
  files: readonly UploadFile[],
  fields: Record<string, string | number | boolean> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----paperknife${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Writes a returned PDF to a temp file, checks it with qpdf --check and returns its path; removed after the test. */
export async function savePdf(data: Uint8Array, password?: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'paperknife-result-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'result.pdf');
  await writeFile(path, data);
  assertValidPdf(path, password);
  return path;
}

/** Starts the test's app; `current()` is the app the running test started. */
export interface AppPerTest {
  (overrides?: TestAppOverrides, options?: AppOptions): Promise<TestApp>;
  current(): TestApp;
}

/**
 * One app per test, started by the function this returns and closed after the test, once its temp root is
 * checked empty. Call it at the top of a test file.
 */
export function appPerTest(): AppPerTest {
  let started: TestApp | undefined;
  afterEach(async () => {
    const app = started;
    started = undefined;
    if (!app) return;
    try {
      await expectTempEmpty(app.tempDir);
    } finally {
      await app.close();
    }
  });
  const start = async (overrides: TestAppOverrides = {}, options: AppOptions = {}) => {
    started = await makeTestApp(overrides, options);
    return started;
  };
  return Object.assign(start, {
    current(): TestApp {
      if (!started) throw new Error('No app started in this test: call the function appPerTest() returned first.');
      return started;
    },
  });
}
