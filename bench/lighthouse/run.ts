import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { table } from '../table.js';

/**
 * Lighthouse on the built site, served by the real server: `node --import tsx bench/lighthouse/run.ts [--desktop]`.
 * Scores (performance, accessibility, best practices, SEO) for the home page, a tool page and an article, and
 * the JavaScript the home page loads, uncompressed and as the server sends it. Needs `npm run build` (site and server) first.
 * Prints tables; asserts nothing.
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverEntry = join(repoRoot, 'apps/server/dist/server.js');
const siteIndex = join(repoRoot, 'apps/web/build/client/index.html');
const port = Number(process.env['BENCH_PORT'] ?? 4335);
const origin = `http://127.0.0.1:${port}`;
const desktop = process.argv.includes('--desktop');
const pages = ['/', '/merge-pdf', '/blog/pdf-security-best-practices'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

if (!existsSync(serverEntry) || !existsSync(siteIndex)) {
  console.error('Build the site and the server first: npm run build --workspace apps/web && npx tsc -b apps/server');
  process.exit(1);
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PAPERKNIFE_DATA_DIR: join(dataDir, 'data'),
      PAPERKNIFE_TEMP_DIR: join(dataDir, 'temp'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    if (server.exitCode !== null) throw new Error(`The server stopped with code ${server.exitCode}`);
    const healthy = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error(`The server did not answer on ${origin}/healthz`);
}

interface ScriptRequest {
  url: string;
  resourceType?: string;
}

/**
 * Bytes of the scripts a page loaded: uncompressed, and as the server sends them to a browser that accepts brotli
 * and gzip (the build's precompressed copies).
 */
async function scriptBytes(urls: readonly string[]): Promise<{ count: number; raw: number; sent: number }> {
  let raw = 0;
  let sent = 0;
  for (const url of urls) {
    // fetch() decompresses the body; the header still says how many bytes came over the wire.
    const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    const body = Buffer.from(await response.arrayBuffer());
    raw += body.length;
    sent += Number(response.headers.get('content-length') ?? body.length);
  }
  return { count: urls.length, raw, sent };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const workDir = await mkdtemp(join(tmpdir(), 'paperknife-lighthouse-'));
const server = await startServer(workDir);
const chrome = await chromeLauncher.launch({
  chromePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

try {
  const rows: string[][] = [];
  let homeScripts: string[] = [];
  for (const path of pages) {
    const result = await lighthouse(
      `${origin}${path}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] },
      desktop ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
    rows.push([
      path,
      ...categories.map((id) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100))),
      lhr.audits['first-contentful-paint']?.displayValue ?? '',
      lhr.audits['largest-contentful-paint']?.displayValue ?? '',
      lhr.audits['total-blocking-time']?.displayValue ?? '',
      lhr.audits['cumulative-layout-shift']?.displayValue ?? '',
    ]);
    if (path === '/') {
      const requests = (lhr.audits['network-requests']?.details as { items?: ScriptRequest[] } | undefined)?.items;
      homeScripts = (requests ?? []).filter((request) => request.resourceType === 'Script').map((r) => r.url);
    }
  }

  console.log(`Lighthouse ${desktop ? 'desktop' : 'mobile (default throttling)'} against ${origin}\n`);
  console.log(
    table(['page', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS'], rows),
  );
  const js = await scriptBytes(homeScripts);
  console.log(`\nHome page JavaScript: ${js.count} files, ${kb(js.raw)} uncompressed, ${kb(js.sent)} sent compressed`);
} finally {
  chrome.kill();
  server.kill();
  await rm(workDir, { recursive: true, force: true });
}
