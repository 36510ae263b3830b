import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FUNCTIONS_PREFIX } from '@paperknife/catalog/http-api';
import { defaultLimits } from '@paperknife/catalog/limits';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { runTool, warmProcessSpawner } from '@paperknife/engine';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { requireBuild, startBuiltServer, stopBuiltServer } from '../built-server.js';
import { median } from '../engine/measure.js';
import { table } from '../table.js';

/**
 * Where a one-page Rotate spends its time, taking turns, medians of `--runs=N` (default 40): the bare
 * `qpdf --rotate`, the engine's runner in this process, the API through the built server, and a request the server
 * refuses after reading it (a non-PDF upload: route, multipart parsing to disk, job folder, error answer).
 *
 *   node --import tsx speed/fixed-cost.ts [--runs=N]      (in bench/)
 */

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7)) || 40;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function bare(input: string, output: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('qpdf', ['--rotate=+90', input, output], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

async function post(origin: string, data: Buffer): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), 'page.pdf');
  form.append('angle', '90');
  const response = await fetch(`${origin}${FUNCTIONS_PREFIX}/rotate-pdf`, { method: 'POST', body: form });
  await response.arrayBuffer();
}

requireBuild();
const folder = await mkdtemp(join(tmpdir(), 'paperknife-fixed-cost-'));
const port = 19_000 + Math.floor(Math.random() * 1000);
const server = await startBuiltServer(port, folder, { PAPERKNIFE_RATE_LIMIT: '1000000' });
const origin = `http://127.0.0.1:${port}`;
try {
  warmProcessSpawner();
  const pdf = makePdf({ pageCount: 1 });
  const source = join(folder, 'page.pdf');
  await writeFile(source, pdf);
  const options = parseToolOptions('rotate-pdf', { angle: '90' });
  const times = { bare: [] as number[], engine: [] as number[], api: [] as number[], refused: [] as number[] };
  for (let run = 0; run < runs; run++) {
    times.bare.push(await timed(() => bare(source, join(folder, `bare-${run}.pdf`))));
    const workDir = await mkdtemp(join(folder, 'job-'));
    await copyFile(source, join(workDir, 'upload-1'));
    const file = { path: join(workDir, 'upload-1'), name: 'page.pdf', size: pdf.length };
    const context = { workDir, limits: defaultLimits, signal: new AbortController().signal };
    times.engine.push(await timed(() => runTool('rotate-pdf', [file], options, context)));
    await rm(workDir, { recursive: true, force: true });
    times.api.push(await timed(() => post(origin, pdf)));
    times.refused.push(await timed(() => post(origin, Buffer.from('not a pdf'))));
  }
  console.log(`One-page Rotate, medians of ${runs} runs taking turns (${(await readFile(source)).length} bytes)`);
  console.log(
    table(
      ['step', 'median'],
      [
        ['bare qpdf --rotate', `${median(times.bare).toFixed(1)} ms`],
        ['engine runner (upload read whole, qpdf)', `${median(times.engine).toFixed(1)} ms`],
        ['API, whole request', `${median(times.api).toFixed(1)} ms`],
        ['API, refused after upload (HTTP, multipart, folder)', `${median(times.refused).toFixed(1)} ms`],
      ],
    ),
  );
} finally {
  await stopBuiltServer(server);
  await rm(folder, { recursive: true, force: true });
}
process.exit(0);
