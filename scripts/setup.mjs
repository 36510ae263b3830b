#!/usr/bin/env node
// The two commands of the README run through here: `npm start` and `npm test` on a fresh Debian/Ubuntu clone.
// It installs what is missing (apt packages, npm packages), builds what is stale, then serves or tests.
// Plain Node with no dependencies: it runs before node_modules exists.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stateDir = join(root, '.setup-state');
const mode = process.argv[2];
if (mode !== 'start' && mode !== 'test') {
  console.error('usage: node scripts/setup.mjs start|test');
  process.exit(2);
}
// The tests' build also prerenders the pseudo-language at /xa/, where the browser tests look for English that did
// not come from the messages (docs/decisions/160); `npm start`'s build has only the real languages.
if (mode === 'test') process.env['PAPERKNIFE_PSEUDO_LOCALE'] ??= '1';

// Debian packages the engines, the browser tests and the fonts need.
const aptPackages = [
  'qpdf',
  'ghostscript',
  'libreoffice-writer-nogui',
  'libreoffice-calc-nogui',
  'libreoffice-impress-nogui',
  // python3 starts every program the engine runs (docs/decisions/063); python3-uno is LibreOffice's bridge.
  'python3',
  'python3-uno',
  'chromium',
  'poppler-utils',
  // Sign PDF: openssl reads the user's .p12 and makes the CMS signature; pdfsig (poppler-utils) checks it in tests.
  'openssl',
  // JPG to PDF: heif-info and heif-convert read HEIC phone photos (HEVC), which sharp's own libheif cannot.
  'libheif-examples',
  'fonts-dejavu-core',
  'fonts-liberation',
  'fonts-noto-core',
  // Chinese, Japanese and Korean for watermarks and page numbers (docs/decisions/140).
  'fonts-noto-cjk',
  // OCR PDF: OCRmyPDF, Tesseract with the language packs the tool offers, unpaper for its Clean option and
  // jbig2dec, without which OCRmyPDF cannot read JBIG2 scans.
  'ocrmypdf',
  'tesseract-ocr',
  'tesseract-ocr-eng',
  'tesseract-ocr-deu',
  'tesseract-ocr-fra',
  'tesseract-ocr-spa',
  'tesseract-ocr-ita',
  'tesseract-ocr-por',
  'tesseract-ocr-nld',
  'tesseract-ocr-pol',
  'tesseract-ocr-rus',
  'tesseract-ocr-ukr',
  'tesseract-ocr-tur',
  'tesseract-ocr-chi-sim',
  'tesseract-ocr-chi-tra',
  'tesseract-ocr-jpn',
  'tesseract-ocr-kor',
  'tesseract-ocr-ara',
  'tesseract-ocr-hin',
  'unpaper',
  'jbig2dec',
  // Replicas (docs/decisions/131, 132): the tests start throwaway servers of their own from these programs.
  // Nothing needs them running; the server uses them only when PAPERKNIFE_DATABASE_URL/REDIS_URL are set.
  'postgresql',
  'redis-server',
  'haproxy',
  // The field's references the benchmarks in bench/ run beside ours (Image to PDF against img2pdf).
  'img2pdf',
];

function step(message) {
  console.log(`[setup] ${message}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`[setup] failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

function missingAptPackages() {
  const query = spawnSync('dpkg-query', ['-W', '-f=${Package} ${db:Status-Status}\n', ...aptPackages], {
    encoding: 'utf8',
  });
  if (query.error) return aptPackages; // not a dpkg system: report everything as missing
  const installed = new Set(
    query.stdout
      .split('\n')
      .filter((line) => line.endsWith(' installed'))
      .map((line) => line.split(' ')[0]),
  );
  return aptPackages.filter((name) => !installed.has(name));
}

function ensureSystemPackages() {
  const missing = missingAptPackages();
  if (missing.length === 0) return;
  const install = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(`[setup] PaperKnife needs these system packages: ${missing.join(', ')}`);
    console.error(`[setup] Install them with:\n\n  sudo apt-get update && sudo ${install}\n`);
    process.exit(1);
  }
  step(`installing system packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
}

function sha256(...parts) {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

function readState(name) {
  try {
    return readFileSync(join(stateDir, name), 'utf8');
  } catch {
    return undefined;
  }
}

function writeState(name, value) {
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(join(stateDir, name), value);
}

function ensureNodeModules() {
  const lockHash = sha256(readFileSync(join(root, 'package-lock.json')), process.version);
  if (existsSync(join(root, 'node_modules')) && readState('npm-lock') === lockHash) return;
  step('installing npm packages (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund']);
  writeState('npm-lock', lockHash);
}

const skipDirs = new Set(['node_modules', 'dist', 'build', '.react-router', 'test-results', 'playwright-report']);

/** Hash of every file's path, size and mtime below the folders: cheap, and changes whenever a source does. */
function treeFingerprint(folders, extra = '') {
  const hash = createHash('sha256');
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (skipDirs.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const stat = statSync(path);
        hash.update(`${relative(root, path)}\0${stat.size}\0${stat.mtimeMs}\n`);
      }
    }
  };
  for (const folder of folders) walk(join(root, folder));
  hash.update(extra);
  return hash.digest('hex');
}

// What the website build reads from the environment (limits shown on pages, site URL, source link).
const buildEnvironment = Object.keys(process.env)
  .filter((name) => name.startsWith('PAPERKNIFE_') || name.startsWith('VITE_'))
  .sort()
  .map((name) => `${name}=${process.env[name]}`)
  .join('\n');

const builds = [
  {
    name: 'server',
    sources: [
      'packages/catalog',
      'packages/qpdf-jobs',
      'packages/mupdf-jobs',
      'packages/engine',
      'packages/i18n',
      'apps/server',
      'tsconfig.base.json',
    ],
    output: 'apps/server/dist/server.js',
    command: ['npx', ['tsc', '-b', 'apps/server']],
  },
  {
    name: 'website',
    sources: [
      'packages/catalog',
      'packages/qpdf-jobs',
      'packages/mupdf-jobs',
      'packages/i18n',
      'apps/web',
      'tsconfig.base.json',
    ],
    output: 'apps/web/build/client/index.html',
    command: ['npm', ['run', 'build', '--workspace', 'apps/web']],
    extra: buildEnvironment,
  },
];

/** Whether a build's output is there and its sources unchanged since it was made; its fingerprint either way. */
function buildState(build) {
  const fingerprint = treeFingerprint(build.sources, build.extra);
  const current = existsSync(join(root, build.output)) && readState(`build-${build.name}`) === fingerprint;
  return { current, fingerprint };
}

function ensureBuilt(names) {
  for (const build of builds.filter((candidate) => names.includes(candidate.name))) {
    const { current, fingerprint } = buildState(build);
    if (current) continue;
    step(`building the ${build.name}`);
    run(...build.command);
    writeState(`build-${build.name}`, fingerprint);
  }
}

/**
 * Builds in a process of its own while other work goes on; its output is kept and printed only if it fails.
 * Answers when it is done, with the status to exit with (0 when it built, or had nothing to build).
 */
async function buildBeside(name) {
  const build = builds.find((candidate) => candidate.name === name);
  const { current, fingerprint } = buildState(build);
  if (current) return 0;
  step(`building the ${build.name} beside the unit tests`);
  const [command, args] = build.command;
  const result = await timed(command, args, process.env, { quiet: true });
  if (result.status !== 0) {
    process.stdout.write(result.output);
    console.error(`[setup] failed: ${command} ${args.join(' ')}`);
    return result.status;
  }
  writeState(`build-${build.name}`, fingerprint);
  step(`built the ${build.name} in ${result.seconds.toFixed(0)} s`);
  return 0;
}

function handOver(command, args, env = process.env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const started = Date.now();
ensureSystemPackages();
ensureNodeModules();
// `npm test` builds the website beside the unit tests, which read the sources, not the site (decision 064).
ensureBuilt(mode === 'start' ? ['server', 'website'] : ['server']);
step(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

// Memory the server hands back after big jobs (docs/decisions/025); read before the process starts, so set here (the
// benchmarks read the same file) and in the Dockerfile's ENV, which a test compares. A value already set wins.
const serverMemoryEnvironment = JSON.parse(readFileSync(join(root, 'scripts/server-memory-environment.json'), 'utf8'));

if (mode === 'start') {
  handOver(process.execPath, ['apps/server/dist/server.js'], { ...serverMemoryEnvironment, ...process.env });
} else {
  // Unit and integration tests first (fast feedback), the website built beside them, then the browser tests against
  // the built site, with the deployment tests (cluster, read-only root) and the corpus sweep beside them
  // (docs/decisions/064). Each suite's reporter writes its files' times to timesDir, for the table of all suites at
  // the end.
  const timesDir = join(stateDir, 'test-times');
  rmSync(timesDir, { recursive: true, force: true });
  mkdirSync(timesDir, { recursive: true });
  const env = { ...process.env, PAPERKNIFE_TEST_TIMES_DIR: timesDir };
  const sweepFile = 'packages/engine/src/corpus-sweep.test.ts';
  // An exclude glob is matched from each project's own folder, hence not the path from the root.
  // The checks of the built site's HTML (every page in every language; `npm run test:site`) need no server and no
  // browser: they run as soon as the site is built, beside the rest of the unit tests.
  const [unit, [website, site]] = await Promise.all([
    timed('npx', ['vitest', 'run', '--exclude', '**/corpus-sweep.test.ts'], env),
    buildBeside('website').then(async (status) =>
      status === 0 ? [status, await timed('npm', ['run', 'test:site'], env, { quiet: true })] : [status],
    ),
  ]);
  if (website !== 0) process.exit(website);
  process.stdout.write(site.output);
  // The browser tests leave much of the 2 cores idle while pages wait on the server: the corpus sweep (every corpus
  // file through every tool, a few minutes of qpdf, Ghostscript and LibreOffice in one process) and the deployment
  // tests (replicas behind HAProxy with PostgreSQL and Redis, and the image's read-only root; each skips itself, saying
  // why, when what it needs is missing) run beside them. Their output is printed when all have ended, so the suites' lines do not mix.
  const [sweep, deployment, e2e] = await Promise.all([
    timed('npx', ['vitest', 'run', '--project', 'engine-isolated', sweepFile], env, { quiet: true }),
    timed('npm', ['run', 'test:deployment'], env, { quiet: true }),
    timed('npm', ['run', 'test:e2e'], env),
  ]);
  process.stdout.write(sweep.output);
  process.stdout.write(deployment.output);
  printSlowestFiles(timesDir);
  printFailedTests(timesDir);
  const seconds = (suite) =>
    `${suite.seconds.toFixed(0)} s${suite.status === 0 ? '' : ` (failed, exit ${suite.status})`}`;
  step(
    `unit and API tests ${seconds(unit)}, beside them built-site checks ${seconds(site)}; browser tests ${seconds(e2e)}, beside them corpus sweep ${seconds(sweep)} and deployment ${seconds(deployment)}; in all ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exit(unit.status || site.status || sweep.status || deployment.status || e2e.status || 0);
}

/**
 * Runs a command to its end: its exit status and seconds, and, when `quiet`, its output (kept to print later rather
 * than shown as it comes).
 */
function timed(command, args, env, { quiet = false } = {}) {
  const began = Date.now();
  const child = spawn(command, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
  const chunks = [];
  child.stdout?.on('data', (chunk) => chunks.push(chunk));
  child.stderr?.on('data', (chunk) => chunks.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => chunks.push(Buffer.from(`${command}: ${error.message}\n`)));
    child.on('close', (code) =>
      resolve({ status: code ?? 1, seconds: (Date.now() - began) / 1000, output: Buffer.concat(chunks).toString() }),
    );
  });
}

/** Every file entry the suites' reporters wrote to `dir`: file, project, ms, tests and failed tests. */
function readTestFiles(dir) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
}

/**
 * Every failed test of every suite, with the first lines of its error, printed last: a log cut to its tail (as CI
 * keeps it) still says what failed.
 */
function printFailedTests(dir) {
  const failed = readTestFiles(dir).flatMap(({ file, failed = [] }) => failed.map((test) => ({ file, ...test })));
  if (failed.length === 0) return;
  console.log(`\nFailed tests of the whole run (${failed.length}):`);
  for (const { file, name, error } of failed) {
    console.log(`  ${file} > ${name}`);
    for (const line of error.split('\n').slice(0, 4)) console.log(`      ${line.slice(0, 200)}`);
  }
}

/** The ten slowest test files of every suite that ran (a browser file's time is its tests' summed). */
function printSlowestFiles(dir) {
  const files = readTestFiles(dir);
  if (files.length === 0) return;
  const slowest = files.sort((a, b) => b.ms - a.ms).slice(0, 10);
  console.log('\nSlowest test files of the whole run:');
  for (const { file, project, ms, tests } of slowest) {
    console.log(
      `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${String(tests).padStart(3)} tests  ${project.padEnd(8)} ${file}`,
    );
  }
}
