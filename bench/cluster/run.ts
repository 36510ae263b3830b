import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFromSources } from '../from-sources.js';

/**
 * Cluster benchmark: `npm run cluster --workspace bench` (or `node --import tsx bench/cluster/run.ts
 * [--seconds=4] [--clients=1,2,8,32]`).
 *
 * Load from 1, 2, 8 and 32 clients (each sends its next request when the last is answered) for one structural
 * tool (rotate) and one CPU-bound tool (compress, medium), against one replica directly, one replica behind
 * HAProxy (the balancer's own overhead) and two replicas behind HAProxy (deploy/haproxy/haproxy.cfg), with the
 * rate limits in a shared Redis. Prints req/s, p50/p99, the statuses (200/429/503/other/no answer) and the peak
 * RSS of each replica (its process and children: LibreOffice, Ghostscript...). Asserts nothing.
 *
 * On a 2-core machine two replicas cannot be faster than one: the table shows the balancer's cost and that no
 * request goes unanswered at any level.
 */

// The test helpers are imported from their TypeScript sources, which the "source" export condition selects.
runFromSources(import.meta.url);

const { freePort, redisMissing, startRedis } = await import('../../apps/server/src/testing/services.js');
const { makePdf } = await import('../../packages/engine/src/testing/make-pdf.js');
const { multipart } = await import('../../apps/server/src/testing/test-app.js');
const { table } = await import('../table.js');

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverEntry = join(repoRoot, 'apps/server/dist/server.js');
const argument = (name: string) =>
  process.argv
    .slice(2)
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.slice(name.length + 3);
const SECONDS = Number(argument('seconds') ?? 4);
const CLIENT_COUNTS = (argument('clients') ?? '1,2,8,32').split(',').map(Number);

const missing = redisMissing() ?? (existsSync('/usr/sbin/haproxy') ? null : 'haproxy is not installed');
if (missing) {
  console.error(`The cluster benchmark needs redis-server and haproxy: ${missing}.`);
  process.exit(2);
}
if (!existsSync(serverEntry)) {
  console.error('Build the server first: npx tsc -b apps/server');
  process.exit(1);
}

interface Process {
  child: ChildProcess;
  url: string;
}

const folder = await mkdtemp(join(tmpdir(), 'paperknife-bench-cluster-'));
const redis = await startRedis();
const started: ChildProcess[] = [];

async function waitFor(url: string, what: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not become ready`);
}

async function startReplica(id: string): Promise<Process> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      PAPERKNIFE_REPLICA_ID: id,
      PAPERKNIFE_REDIS_URL: redis.url,
      PAPERKNIFE_RATE_LIMIT: '1000000',
      PAPERKNIFE_TEMP_DIR: join(folder, id, 'temp'),
      PAPERKNIFE_DATA_DIR: join(folder, id, 'data'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, id);
  return { child, url };
}

async function startBalancer(replicas: Process[]): Promise<Process> {
  const port = await freePort();
  const address = (process: Process | undefined) => (process ?? replicas[0]!).url.slice('http://'.length);
  const child = spawn('haproxy', ['-db', '-f', 'deploy/haproxy/haproxy.cfg'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PAPERKNIFE_LB_BIND: `127.0.0.1:${port}`,
      PAPERKNIFE_REPLICA_1: address(replicas[0]),
      // One replica: the second server line points at the same one, so the balancer's work is the same.
      PAPERKNIFE_REPLICA_2: address(replicas[1]),
      PAPERKNIFE_HAPROXY_DIR: join(repoRoot, 'deploy/haproxy'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/readyz`, 'haproxy');
  return { child, url };
}

/** Resident memory of a process and its descendants, in MB (Linux /proc). */
function treeRssMb(pid: number): number {
  let kb = 0;
  const visit = (id: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
      const children = readFileSync(`/proc/${id}/task/${id}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) visit(Number(child));
    } catch {
      // gone between listing and reading
    }
  };
  visit(pid);
  return kb / 1024;
}

const rotateBody = multipart([{ name: 'a.pdf', data: makePdf({ pageCount: 4 }) }], { angle: 90 });
const compressBody = multipart(
  [
    {
      name: 'a.pdf',
      data: makePdf({
        pages: Array.from({ length: 12 }, (_, page) => ({
          text: Array.from({ length: 40 }, (_, line) => `Page ${page} line ${line}: text to compress.`),
        })),
      }),
    },
  ],
  { level: 'medium' },
);
const tools = [
  { name: 'rotate (structural)', path: '/functions/v1/rotate-pdf', body: rotateBody },
  { name: 'compress medium (CPU)', path: '/functions/v1/compress-pdf', body: compressBody },
];

interface Level {
  requests: number;
  seconds: number;
  latencies: number[];
  statuses: Record<string, number>;
}

async function load(url: string, tool: (typeof tools)[number], clients: number): Promise<Level> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const end = Date.now() + SECONDS * 1000;
  const began = Date.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < end) {
        const start = performance.now();
        let outcome: string;
        try {
          const response = await fetch(`${url}${tool.path}`, {
            method: 'POST',
            headers: tool.body.headers,
            body: new Uint8Array(tool.body.payload),
          });
          await response.arrayBuffer();
          outcome = [200, 429, 503].includes(response.status) ? String(response.status) : 'other';
          if (response.status === 200) latencies.push(performance.now() - start);
        } catch {
          outcome = 'no answer';
        }
        statuses[outcome] = (statuses[outcome] ?? 0) + 1;
      }
    }),
  );
  return { requests: latencies.length, seconds: (Date.now() - began) / 1000, latencies, statuses };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const rows: string[][] = [];
const throughput = new Map<string, number>();
try {
  const first = await startReplica('replica-1');
  const second = await startReplica('replica-2');
  const oneBehind = await startBalancer([first]);
  const twoBehind = await startBalancer([first, second]);
  const setups = [
    { name: '1 replica', url: first.url, replicas: [first] },
    { name: '1 behind HAProxy', url: oneBehind.url, replicas: [first] },
    { name: '2 behind HAProxy', url: twoBehind.url, replicas: [first, second] },
  ];
  for (const tool of tools) {
    for (const clients of CLIENT_COUNTS) {
      for (const setup of setups) {
        const peaks = setup.replicas.map(() => 0);
        const sampler = setInterval(() => {
          setup.replicas.forEach((replica, i) => (peaks[i] = Math.max(peaks[i]!, treeRssMb(replica.child.pid!))));
        }, 200);
        const level = await load(setup.url, tool, clients);
        clearInterval(sampler);
        const rate = level.requests / level.seconds;
        throughput.set(`${tool.name} ${clients} ${setup.name}`, rate);
        const count = (status: string) => String(level.statuses[status] ?? 0);
        rows.push([
          tool.name,
          String(clients),
          setup.name,
          rate.toFixed(1),
          percentile(level.latencies, 50).toFixed(0),
          percentile(level.latencies, 99).toFixed(0),
          count('200'),
          count('429'),
          count('503'),
          count('other'),
          count('no answer'),
          peaks.map((peak) => peak.toFixed(0)).join(' / '),
        ]);
        console.log(`${tool.name}, ${clients} clients, ${setup.name}: ${rate.toFixed(1)} req/s`);
      }
    }
  }
} finally {
  for (const child of started) child.kill('SIGKILL');
  await redis.stop();
  await rm(folder, { recursive: true, force: true });
}

console.log(`\nCluster load, ${SECONDS} s per level (${process.env['HOSTNAME'] ?? 'this machine'})\n`);
console.log(
  table(
    ['tool', 'clients', 'setup', 'req/s', 'p50 ms', 'p99 ms', '200', '429', '503', 'other', 'no answer', 'peak RSS MB'],
    rows,
  ),
);
console.log("\nThe balancer's overhead (1 replica directly vs behind HAProxy), target <= 5 % at 8 clients:");
for (const tool of tools) {
  const direct = throughput.get(`${tool.name} 8 1 replica`);
  const behind = throughput.get(`${tool.name} 8 1 behind HAProxy`);
  if (direct && behind) console.log(`  ${tool.name}: ${(((direct - behind) / direct) * 100).toFixed(1)} %`);
}
