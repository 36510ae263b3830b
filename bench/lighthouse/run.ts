import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { requireBuild, startBuiltServer } from '../built-server.js';
import { table } from '../table.js';

/**
 * Lighthouse on the built site, served by the real server:
 * `npm run lighthouse --workspace bench [-- --desktop] [-- --runs=3]`.
 * Scores (performance, accessibility, best practices, SEO) and paint timings for the home page, /tools, a tool page and
 * an article, and the German, Arabic and Japanese home and tool pages (mobile with simulated throttling unless
 * --desktop), the audits that cost points, and the
 * JavaScript each page loads (files, bytes uncompressed and gzipped). With --runs=N each page is measured N times
 * and the run with the median performance score is shown: Total Blocking Time follows the machine's load.
 * Needs the site and the server built.
 * Prints tables; asserts nothing.
 *
 * It runs the `lighthouse` command line rather than the Node API with chrome-launcher: launched by the API with
 * its own flag list, Debian's Chromium never reports a navigation start here (NO_NAVSTART).
 */

const execFileAsync = promisify(execFile);
const lighthouseCli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
const chromePath = process.env['CHROME_PATH'] ?? process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const port = Number(process.env['BENCH_PORT'] ?? 4335);
const origin = `http://127.0.0.1:${port}`;
const desktop = process.argv.includes('--desktop');
const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 1);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a whole number of runs per page, 1 or more.');
  process.exit(1);
}
const pages = [
  '/',
  '/tools',
  '/merge-pdf',
  '/blog/pdf-security-best-practices',
  '/de',
  '/de/merge-pdf',
  '/ar',
  '/ar/merge-pdf',
  '/ja',
  '/ja/guides/how-to-merge-pdf-files',
];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

requireBuild();
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: install it (apt-get install chromium) or set CHROME_PATH.`);
  process.exit(1);
}

/** The parts of a Lighthouse result this script reads. */
interface LighthouseResult {
  runtimeError?: { code: string; message: string };
  /** Lighthouse's measure of this machine's speed at the time (higher is faster; a busy machine scores low). */
  environment: { benchmarkIndex: number };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; title: string; displayValue?: string; details?: unknown }>;
}

/** Attempts per measurement: on a loaded machine Chromium now and then records no navigation start (NO_NAVSTART). */
const ATTEMPTS = 3;

async function runLighthouse(url: string, outputPath: string): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, outputPath);
    } catch (error) {
      const missedNavigation = error instanceof Error && error.message.includes('NO_NAVSTART');
      if (!missedNavigation || attempt === ATTEMPTS) throw error;
      console.error(`${url}: no navigation start recorded (NO_NAVSTART), measuring again`);
    }
  }
}

async function runLighthouseOnce(url: string, outputPath: string): Promise<LighthouseResult> {
  await execFileAsync(
    process.execPath,
    [
      lighthouseCli,
      url,
      `--only-categories=${categories.join(',')}`,
      '--output=json',
      `--output-path=${outputPath}`,
      '--quiet',
      `--chrome-flags=${chromeFlags.join(' ')}`,
      ...(desktop ? ['--preset=desktop'] : []),
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
  );
  const lhr = JSON.parse(await readFile(outputPath, 'utf8')) as LighthouseResult;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/** Measures a page `runs` times and keeps the run with the median performance score. */
async function medianRun(url: string, reportPath: string): Promise<LighthouseResult> {
  const results: LighthouseResult[] = [];
  for (let run = 0; run < runs; run++) results.push(await runLighthouse(url, reportPath));
  const performance = (lhr: LighthouseResult) => lhr.categories['performance']?.score ?? 0;
  results.sort((a, b) => performance(a) - performance(b));
  return results[Math.floor(results.length / 2)]!;
}

/** Weighted audits of the four categories that scored below full marks, as `category: title (value)`. */
function lostPoints(lhr: LighthouseResult): string[] {
  const lines: string[] = [];
  for (const id of categories) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      // Only weighted audits move a category's score (for performance, the metrics).
      if (ref.weight === 0) continue;
      lines.push(`${id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  return lines;
}

/** The issue types Chromium logged in its Issues panel (a CSP violation shows here), with how many of each. */
function inspectorIssues(lhr: LighthouseResult): string[] {
  const details = lhr.audits['inspector-issues']?.details as
    { items?: { issueType?: string; subItems?: { items?: unknown[] } }[] } | undefined;
  return (details?.items ?? []).map((item) => `${item.issueType ?? 'issue'} x${item.subItems?.items?.length ?? 1}`);
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
}

/** The scripts a page loaded (during load and right after, until the network went quiet). */
function scriptUrls(lhr: LighthouseResult): string[] {
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items;
  return (requests ?? []).filter((request) => request.resourceType === 'Script').map((request) => request.url);
}

/** Bytes of scripts as files and gzipped at level 9, as the build precompresses them. */
async function scriptBytes(urls: readonly string[]): Promise<{ raw: number; gzip: number }> {
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const response = await fetch(url);
    // A rebuild of the site while the bench runs renames the assets: say so instead of counting error pages.
    if (!response.ok) throw new Error(`${url} answered ${response.status}: was the site rebuilt during the run?`);
    const body = Buffer.from(await response.arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { raw, gzip };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const workDir = await mkdtemp(join(tmpdir(), 'paperknife-lighthouse-'));
const server = await startBuiltServer(port, workDir);
try {
  const rows: string[][] = [];
  const notes: string[] = [];
  const jsRows: string[][] = [];
  for (const [index, path] of pages.entries()) {
    const lhr = await medianRun(`${origin}${path}`, join(workDir, `report-${index}.json`));
    rows.push([
      path,
      String(Math.round(lhr.environment.benchmarkIndex)),
      ...categories.map((id) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100))),
      lhr.audits['first-contentful-paint']?.displayValue ?? '',
      lhr.audits['largest-contentful-paint']?.displayValue ?? '',
      lhr.audits['total-blocking-time']?.displayValue ?? '',
      lhr.audits['cumulative-layout-shift']?.displayValue ?? '',
    ]);
    for (const line of [...lostPoints(lhr), ...inspectorIssues(lhr).map((issue) => `Chromium issue: ${issue}`)]) {
      notes.push(`${path} ${line}`);
    }
    const scripts = scriptUrls(lhr);
    const bytes = await scriptBytes(scripts);
    jsRows.push([path, String(scripts.length), kb(bytes.raw), kb(bytes.gzip)]);
  }

  const mode = desktop ? 'desktop' : 'mobile, simulated throttling';
  console.log(`Lighthouse ${mode} against ${origin}${runs > 1 ? `, median of ${runs} runs` : ''}\n`);
  console.log(
    table(
      ['page', 'CPU index', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS'],
      rows,
    ),
  );
  console.log(
    "\nCPU index: Lighthouse's benchmark of the machine during the run (lower when other work shares the CPU; TBT grows as it drops).",
  );
  console.log('\nJavaScript loaded\n');
  console.log(table(['page', 'scripts', 'uncompressed', 'gzip'], jsRows));
  if (notes.length > 0) console.log(`\nWhere points went:\n${notes.map((note) => `  ${note}`).join('\n')}`);
} finally {
  server.kill();
  await rm(workDir, { recursive: true, force: true });
}
