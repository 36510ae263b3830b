import type { ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { FUNCTIONS_PREFIX } from '@paperknife/catalog/http-api';
import { type ToolId, tools } from '@paperknife/catalog/tools';
import { corpusDir, corpusPresent, manifestPageCounts } from '@paperknife/engine/testing/corpus';
import { inParallel } from '@paperknife/engine/testing/in-parallel';
import { requireBuild, serverMemoryEnvironment, startBuiltServer, stopBuiltServer } from '../built-server.js';
import { table } from '../table.js';

/**
 * Idle footprint of the built server: `npm run footprint --workspace bench` (or `node --import tsx
 * bench/footprint/run.ts [--rounds=1] [--clients=2] [--idle-seconds=60] [--plain]`).
 *
 * Starts the built server with the memory environment `npm start` and the image give it (`--plain`: without it),
 * then prints the resident memory of its whole process tree (the Node process with its MuPDF worker threads, the
 * process spawner, LibreOffice with its UNO bridge, any program running): at a fresh start, right after a mixed
 * workload (Compress, PDF to Word, PDF to JPG, Word to PDF, Grayscale on the largest corpus files of at most 30
 * pages, two clients at once), and every 10 s after it. RSS counts pages shared between processes (libraries) in
 * each; PSS shares them out, so its sum is what the tree really holds.
 * Targets (issue 27): fresh start <= 150 MB, idle <= 250 MB within 60 s after the workload, both RSS.
 */

const argument = (name: string) =>
  process.argv
    .slice(2)
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.slice(name.length + 3);
const ROUNDS = Number(argument('rounds') ?? 1);
const CLIENTS = Number(argument('clients') ?? 2);
const IDLE_SECONDS = Number(argument('idle-seconds') ?? 60);
const PLAIN = process.argv.includes('--plain');
/** `--plain` leaves out the memory environment, also one the shell had set. */
const memoryEnvironment = PLAIN
  ? Object.fromEntries(Object.keys(serverMemoryEnvironment).map((name) => [name, undefined]))
  : serverMemoryEnvironment;
const PORT = Number(process.env['BENCH_PORT'] ?? 4337);
const origin = `http://127.0.0.1:${PORT}`;

const FRESH_TARGET_MB = 150;
const IDLE_TARGET_MB = 250;

requireBuild();
if (!corpusPresent()) {
  console.error(`The footprint benchmark runs its workload on the shared corpus, which is missing: ${corpusDir}`);
  process.exit(2);
}

// ---- the process tree ----

interface ProcessMemory {
  pid: number;
  name: string;
  /** Its command line, split. */
  arguments: string[];
  rssKb: number;
  pssKb: number;
}

/** The server's process and every descendant (LibreOffice runs in its own process group, still below the server). */
function processTree(rootPid: number): ProcessMemory[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which sits in parentheses and may hold spaces.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we read.
    }
  }
  const found: ProcessMemory[] = [];
  const visit = (pid: number) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      found.push({
        pid,
        name: /^Name:\s+(.+)$/m.exec(status)?.[1] ?? '?',
        arguments: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'),
        rssKb: Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0),
        pssKb: Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0),
      });
    } catch {
      return; // ended meanwhile
    }
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return found;
}

type Group = 'node' | 'spawner' | 'soffice' | 'others';

function groupOf(process: ProcessMemory, serverPid: number): Group {
  if (process.pid === serverPid) return 'node';
  // The spawner runs its source as `python3 -c` (decision 063); LibreOffice's client runs a script file.
  if (/^python3/.test(process.name) && process.arguments[1] === '-c') return 'spawner';
  // LibreOffice's launcher, the office itself and the Python client that holds it open.
  if (/^(oosplash|soffice|python3)/.test(process.name)) return 'soffice';
  return 'others';
}

interface Sample {
  label: string;
  rssMb: number;
  pssMb: number;
  groups: Record<Group, number>;
  processes: number;
}

const mb = (kb: number) => kb / 1024;

function sample(label: string, serverPid: number): Sample {
  const tree = processTree(serverPid);
  const groups: Record<Group, number> = { node: 0, spawner: 0, soffice: 0, others: 0 };
  for (const process of tree) groups[groupOf(process, serverPid)] += mb(process.rssKb);
  return {
    label,
    rssMb: mb(tree.reduce((sum, process) => sum + process.rssKb, 0)),
    pssMb: mb(tree.reduce((sum, process) => sum + process.pssKb, 0)),
    groups,
    processes: tree.length,
  };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the workload ----

interface Job {
  tool: ToolId;
  file: string;
  fields: Record<string, string>;
}

/**
 * The `count` largest files of a corpus folder with one of the extensions, largest first, that `accept` takes: big
 * files grow the MuPDF heaps and LibreOffice most, and a page bound keeps the run to a minute or two.
 */
function largest(folder: string, extensions: string[], count: number, accept = (_path: string) => true): string[] {
  const dir = join(corpusDir, folder);
  return readdirSync(dir)
    .filter((name) => extensions.some((extension) => name.endsWith(extension)))
    .map((name) => ({ path: join(dir, name), size: statSync(join(dir, name)).size }))
    .sort((a, b) => b.size - a.size)
    .map((file) => file.path)
    .filter(accept)
    .slice(0, count);
}

const MAX_PAGES = 30;

function workload(): Job[] {
  const pageCounts = manifestPageCounts();
  const pdfs = largest('pdf', ['.pdf'], 4, (path) => (pageCounts.get(basename(path)) ?? Infinity) <= MAX_PAGES);
  const words = largest('word', ['.docx', '.doc'], 3);
  const jobs = (tool: ToolId, files: string[], fields: Record<string, string> = {}): Job[] =>
    files.map((file) => ({ tool, file, fields }));
  return [
    ...jobs('compress-pdf', pdfs, { level: 'medium' }),
    ...jobs('pdf-to-word', pdfs.slice(0, 2)),
    ...jobs('pdf-to-jpg', pdfs),
    ...jobs('word-to-pdf', words),
    ...jobs('grayscale-pdf', pdfs.slice(0, 2)),
  ];
}

async function runJob(job: Job): Promise<{ status: number; ms: number }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(job.fields)) form.append(name, value);
  form.append('file', new Blob([await readFile(job.file)]), basename(job.file));
  const started = performance.now();
  const response = await fetch(`${origin}${FUNCTIONS_PREFIX}/${tools[job.tool].functionName}`, {
    method: 'POST',
    body: form,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** Runs the jobs with `CLIENTS` clients, each sending its next job when the last is answered; answers by tool. */
async function runWorkload(jobs: Job[]): Promise<Map<string, { status: number; ms: number }[]>> {
  const runs = await inParallel(jobs, CLIENTS, runJob);
  const statuses = new Map<string, { status: number; ms: number }[]>();
  for (const [index, job] of jobs.entries()) statuses.set(job.tool, [...(statuses.get(job.tool) ?? []), runs[index]!]);
  return statuses;
}

// ---- the run ----

const dataDir = await mkdtemp(join(tmpdir(), 'paperknife-footprint-'));
const samples: Sample[] = [];
let server: ChildProcess | undefined;
try {
  // A high rate limit: the workload is one client address.
  server = await startBuiltServer(PORT, dataDir, { ...memoryEnvironment, PAPERKNIFE_RATE_LIMIT: '10000' });
  const pid = server.pid!;
  // What start-up warms (the spawner, anything else) settles in the first seconds.
  await delay(5000);
  samples.push(sample('fresh start (5 s)', pid));

  const jobs = workload();
  const started = performance.now();
  let statuses = new Map<string, { status: number; ms: number }[]>();
  for (let round = 0; round < ROUNDS; round++) statuses = await runWorkload(jobs);
  const seconds = (performance.now() - started) / 1000;
  samples.push(sample('after the workload', pid));
  for (let elapsed = 10; elapsed <= IDLE_SECONDS; elapsed += 10) {
    await delay(10_000);
    samples.push(sample(`idle ${elapsed} s`, pid));
  }

  console.log(
    `Workload: ${jobs.length} jobs x ${ROUNDS} round(s), ${CLIENTS} clients, ${seconds.toFixed(1)} s; ` +
      (PLAIN
        ? 'no memory environment'
        : Object.entries(serverMemoryEnvironment)
            .map(([name, value]) => `${name}=${value}`)
            .join(' ')),
  );
  console.log(
    [...statuses]
      .map(
        ([tool, runs]) => `  ${tool}: ${runs.map((run) => `${run.status} ${(run.ms / 1000).toFixed(1)} s`).join(', ')}`,
      )
      .join('\n') +
      '\n  (files: the largest of the corpus: ' +
      [...new Set(jobs.map((job) => basename(job.file)))].join(', ') +
      ')\n',
  );
  const f = (value: number) => value.toFixed(0);
  console.log(
    table(
      ['when', 'tree RSS MB', 'tree PSS MB', 'node', 'spawner', 'soffice', 'others', 'processes'],
      samples.map((s) => [
        s.label,
        f(s.rssMb),
        f(s.pssMb),
        f(s.groups.node),
        f(s.groups.spawner),
        f(s.groups.soffice),
        f(s.groups.others),
        String(s.processes),
      ]),
    ),
  );
  const fresh = samples[0]!;
  const idle = samples.at(-1)!;
  const verdict = (value: number, target: number) =>
    `${f(value)} MB <= ${target} MB: ${value <= target ? 'pass' : 'FAIL'}`;
  console.log(`\nfresh start ${verdict(fresh.rssMb, FRESH_TARGET_MB)}`);
  console.log(`${idle.label} after the workload ${verdict(idle.rssMb, IDLE_TARGET_MB)}`);
} finally {
  if (server) await stopBuiltServer(server);
  await rm(dataDir, { recursive: true, force: true });
}
