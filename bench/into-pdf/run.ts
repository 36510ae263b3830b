import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { FUNCTIONS_PREFIX } from '@paperknife/catalog/http-api';
import { parsePdfaReport } from '@paperknife/catalog/pdfa-report';
import { type ToolId, isToolId, tools } from '@paperknife/catalog/tools';
import { corpusDir, corpusPasswords, corpusPresent } from '@paperknife/engine/testing/corpus';
import { requireBuild, startBuiltServer, stopBuiltServer } from '../built-server.js';
import { median } from '../engine/measure.js';
import { table } from '../table.js';

/**
 * Into PDF and PDF/A (issue 28) through the real HTTP server, each against the field's program on the same corpus
 * file, taking turns:
 * - Image to PDF against `img2pdf`: output bytes (target <= 1.01x) and time (target <= 1.5x + 40 ms);
 * - Excel and PowerPoint to PDF against a cold `soffice --headless --convert-to pdf` (a fresh profile each run):
 *   page count and words found in both, time (target <= 0.5x);
 * - PDF to PDF/A-2b over the corpus PDFs that are neither encrypted nor damaged: the conformance report's verdict,
 *   bytes against Ghostscript's own `-dPDFA=2` output.
 *
 *   npm run into-pdf --workspace bench -- [--part=images,office,pdfa] [--runs=N] [--files=substring,...]
 */

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const parts = arg('part')?.split(',') ?? ['images', 'office', 'pdfa'];
const runs = Number(arg('runs')) || 3;
const filters = arg('files')?.split(',');
const chosen = (path: string) => !filters || filters.some((filter) => basename(path).includes(filter));

interface Answer {
  ms: number;
  status: number;
  bytes: Buffer;
  headers: Headers;
}

async function callApi(origin: string, tool: ToolId, file: string): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)]), basename(file));
  const started = performance.now();
  const response = await fetch(`${origin}${FUNCTIONS_PREFIX}/${tools[tool].functionName}`, {
    method: 'POST',
    body: form,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { ms: performance.now() - started, status: response.status, bytes, headers: response.headers };
}

/** A program's run: its time, and whether it exited 0. */
function runProgram(command: string, args: readonly string[]): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.on('error', () => resolve({ ms: performance.now() - started, ok: false }));
    child.on('close', (code) => resolve({ ms: performance.now() - started, ok: code === 0 }));
  });
}

function output(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    child.on('close', () => resolve(text));
    child.on('error', () => resolve(''));
  });
}

const pageCount = async (path: string) => Number((await output('qpdf', ['--show-npages', path])).trim()) || 0;
const words = async (path: string) =>
  new Set(
    (await output('pdftotext', ['-q', path, '-']))
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 2),
  );

/** Taking turns, each side first every other run; medians of the times, the last run's files. */
async function pair<A, B>(
  api: () => Promise<A & { ms: number }>,
  bare: () => Promise<B & { ms: number }>,
): Promise<{ api: A & { ms: number }; bare: B & { ms: number } }> {
  const apiRuns: (A & { ms: number })[] = [];
  const bareRuns: (B & { ms: number })[] = [];
  for (let run = 0; run < runs; run++) {
    if (run % 2 === 0) {
      apiRuns.push(await api());
      bareRuns.push(await bare());
    } else {
      bareRuns.push(await bare());
      apiRuns.push(await api());
    }
  }
  return {
    api: { ...apiRuns.at(-1)!, ms: median(apiRuns.map((r) => r.ms)) },
    bare: { ...bareRuns.at(-1)!, ms: median(bareRuns.map((r) => r.ms)) },
  };
}

const filesIn = (folder: string) =>
  readdirSync(join(corpusDir, folder))
    .map((name) => join(corpusDir, folder, name))
    .filter((path) => statSync(path).isFile() && chosen(path))
    .sort();

async function images(origin: string, folder: string): Promise<void> {
  const tool = 'jpg-to-pdf';
  if (!isToolId(tool)) return console.log(`\n${tool}: not in the catalogue.`);
  const rows: string[][] = [];
  for (const file of filesIn('images')) {
    const out = join(folder, 'img2pdf.pdf');
    const { api, bare } = await pair(
      () => callApi(origin, tool, file),
      async () => ({ ...(await runProgram('img2pdf', [file, '-o', out])) }),
    );
    const bareBytes = bare.ok ? statSync(out).size : undefined;
    const within = bare.ok && api.ms <= 1.5 * bare.ms + 40 && api.bytes.length <= 1.01 * bareBytes!;
    rows.push([
      basename(file),
      api.status === 200 ? `${api.bytes.length}` : `HTTP ${api.status}`,
      bareBytes === undefined ? 'refused' : String(bareBytes),
      bareBytes ? (api.bytes.length / bareBytes).toFixed(3) : '',
      `${api.ms.toFixed(0)} ms`,
      bare.ok ? `${bare.ms.toFixed(0)} ms` : '',
      bare.ok ? (api.ms / bare.ms).toFixed(2) : '',
      bare.ok ? (within ? 'yes' : 'NO') : '',
    ]);
    await rm(out, { force: true });
  }
  console.log('\nImage to PDF against img2pdf (targets: bytes <= 1.01x, time <= 1.5x + 40 ms)');
  console.log(table(['image', 'our bytes', 'img2pdf bytes', 'bytes x', 'ours', 'img2pdf', 'time x', 'met'], rows));
}

async function office(origin: string, folder: string): Promise<void> {
  const byExtension: Record<string, string> = {
    '.xlsx': 'excel-to-pdf',
    '.xls': 'excel-to-pdf',
    '.ods': 'excel-to-pdf',
    '.csv': 'excel-to-pdf',
    '.pptx': 'powerpoint-to-pdf',
    '.ppt': 'powerpoint-to-pdf',
    '.odp': 'powerpoint-to-pdf',
  };
  const rows: string[][] = [];
  for (const file of filesIn('office')) {
    const tool = byExtension[extname(file).toLowerCase()];
    if (!tool || !isToolId(tool) || corpusPasswords[basename(file)] !== undefined) continue;
    const outDir = join(folder, 'soffice');
    const converted = join(outDir, `${basename(file, extname(file))}.pdf`);
    const { api, bare } = await pair(
      () => callApi(origin, tool, file),
      async () => {
        await rm(join(folder, 'profile'), { recursive: true, force: true });
        return runProgram('soffice', [
          `-env:UserInstallation=file://${join(folder, 'profile')}`,
          '--headless',
          '--convert-to',
          'pdf',
          '--outdir',
          outDir,
          file,
        ]);
      },
    );
    let pages = '';
    let text = '';
    if (api.status === 200 && bare.ok) {
      const ours = join(folder, 'ours.pdf');
      await writeFile(ours, api.bytes);
      const [ourPages, theirPages, ourWords, theirWords] = await Promise.all([
        pageCount(ours),
        pageCount(converted),
        words(ours),
        words(converted),
      ]);
      const shared = [...theirWords].filter((word) => ourWords.has(word)).length;
      pages = `${ourPages} / ${theirPages}`;
      text = theirWords.size === 0 ? 'no text' : `${((100 * shared) / theirWords.size).toFixed(1)}%`;
    }
    rows.push([
      basename(file),
      tool,
      api.status === 200 ? pages : `HTTP ${api.status}`,
      text,
      `${api.ms.toFixed(0)} ms`,
      bare.ok ? `${bare.ms.toFixed(0)} ms` : 'failed',
      bare.ok ? (api.ms / bare.ms).toFixed(2) : '',
      bare.ok && api.status === 200 ? (api.ms <= 0.5 * bare.ms ? 'yes' : 'NO') : '',
    ]);
    await rm(outDir, { recursive: true, force: true });
  }
  console.log('\nOffice to PDF against a cold soffice (target: time <= 0.5x; pages and words found in both)');
  console.log(
    table(['file', 'tool', 'pages ours / soffice', 'soffice words in ours', 'ours', 'soffice', 'x', 'met'], rows),
  );
}

async function pdfa(origin: string, folder: string): Promise<void> {
  const tool = 'pdf-to-pdfa';
  if (!isToolId(tool)) return console.log(`\n${tool}: not in the catalogue.`);
  const rows: string[][] = [];
  const refused: string[] = [];
  for (const file of filesIn('pdf')) {
    if (!file.endsWith('.pdf') || corpusPasswords[basename(file)] !== undefined) continue;
    const gsOut = join(folder, 'gs-pdfa.pdf');
    const started = performance.now();
    const api = await callApi(origin, tool, file);
    const apiMs = performance.now() - started;
    if (api.status !== 200) {
      refused.push(`${basename(file)} (${api.status})`);
      continue;
    }
    const bare = await runProgram('gs', [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-sDEVICE=pdfwrite',
      '-dPDFA=2',
      '-dPDFACompatibilityPolicy=1',
      '-sColorConversionStrategy=RGB',
      `-sOutputFile=${gsOut}`,
      file,
    ]);
    const report = parsePdfaReport(api.headers.get('x-pdfa-report') ?? undefined);
    const failed = report?.checks.filter((check) => !check.ok).map((check) => check.id) ?? [];
    rows.push([
      basename(file),
      report ? (report.conforms ? 'conforms' : `fails: ${failed.join(', ')}`) : 'no report',
      String(api.bytes.length),
      bare.ok ? String(statSync(gsOut).size) : 'gs failed',
      bare.ok ? (api.bytes.length / statSync(gsOut).size).toFixed(2) : '',
      `${apiMs.toFixed(0)} ms`,
      bare.ok ? `${bare.ms.toFixed(0)} ms` : '',
    ]);
    await rm(gsOut, { force: true });
  }
  const conforming = rows.filter((row) => row[1] === 'conforms').length;
  console.log(`\nPDF to PDF/A-2b over the corpus: ${conforming} of ${rows.length} answered files conform`);
  console.log(table(['file', 'report', 'our bytes', 'gs bytes', 'bytes x', 'ours', 'gs -dPDFA=2'], rows));
  if (refused.length > 0) console.log(`  refused (damaged or encrypted): ${refused.join(', ')}`);
}

async function main(): Promise<void> {
  if (!corpusPresent()) {
    console.error(`No corpus at ${corpusDir}: nothing to measure.`);
    process.exit(1);
  }
  requireBuild();
  const folder = await mkdtemp(join(tmpdir(), 'paperknife-into-pdf-'));
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const server = await startBuiltServer(port, folder, { PAPERKNIFE_RATE_LIMIT: '1000000' });
  const origin = `http://127.0.0.1:${port}`;
  try {
    if (parts.includes('images')) await images(origin, folder);
    if (parts.includes('office')) await office(origin, folder);
    if (parts.includes('pdfa')) await pdfa(origin, folder);
  } finally {
    await stopBuiltServer(server);
    await rm(folder, { recursive: true, force: true });
  }
}

await main();
