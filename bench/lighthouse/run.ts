import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

/**
 * Lighthouse on the built site, served by the real server: `node --import tsx bench/lighthouse/run.ts [--desktop]`.
 * Scores (performance, accessibility, best practices, SEO) for the home page, a tool page and an article, and
 * the JavaScript the home page loads, raw and gzip-compressed. Needs `npm run build` (site and server) first.
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

/** Bytes of the scripts a page loaded, as served and as gzip (level 6, what a compressing proxy would send). */
async function scriptBytes(urls: readonly string[]): Promise<{ count: number; raw: number; gzip: number }> {
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 6 }).length;
  }
  return { count: urls.length, raw, gzip };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

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
  console.log(`\nHome page JavaScript: ${js.count} files, ${kb(js.raw)} as served, ${kb(js.gzip)} gzip`);
} finally {
  chrome.kill();
  server.kill();
  await rm(workDir, { recursive: true, force: true });
}
