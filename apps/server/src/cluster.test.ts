import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS_PREFIX } from '@paperknife/catalog/http-api';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { repoRoot } from './env.js';
import {
  type RunningService,
  freePort,
  postgresMissing,
  redisMissing,
  startPostgres,
  startRedis,
} from './testing/services.js';
import { multipart } from './testing/test-app.js';

/**
 * The deployment of deploy/haproxy: PostgreSQL, Redis, two replicas (real server processes) and HAProxy, all on
 * loopback ports, stopped after. Skipped with the reason when haproxy, redis-server or PostgreSQL is missing.
 */

const missing =
  postgresMissing() ??
  redisMissing() ??
  (['/usr/sbin/haproxy', '/usr/bin/haproxy'].some((path) => existsSync(path))
    ? null
    : 'haproxy is not installed (`apt-get install haproxy`)');
if (missing) console.warn(`Skipping the cluster test: ${missing}.`);

const CONTACT_LIMIT = 3;
const children: ChildProcess[] = [];
let folder = '';
let postgres: RunningService | undefined;
let redis: RunningService | undefined;
let balancer = '';
const replicas: { id: string; process: ChildProcess; tempDir: string; url: string }[] = [];

function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  return exited;
}

/**
 * Starts `command` and resolves once its output matches `ready`, or once it has started when `ready` is 'spawned'
 * (a program that prints nothing when all is well); rejects when it exits first.
 */
function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp | 'spawned',
): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: 'pipe' });
  children.push(child);
  return new Promise((resolve, reject) => {
    if (ready === 'spawned') {
      child.once('spawn', () => resolve(child));
      child.once('error', reject);
      return;
    }
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${command} did not start: ${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}): ${output}`));
    });
  });
}

let webRoot = '';

/** Starts replica `id` (again, on its old port, when it ran before). */
async function startReplica(id: string): Promise<void> {
  const before = replicas.findIndex((replica) => replica.id === id);
  const port = before >= 0 ? Number(new URL(replicas[before]!.url).port) : await freePort();
  const tempDir = join(folder, id, 'temp');
  const child = await startProcess(
    process.execPath,
    ['--conditions', 'source', '--import', 'tsx', 'apps/server/src/server.ts'],
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      PAPERKNIFE_REPLICA_ID: id,
      PAPERKNIFE_DATABASE_URL: postgres!.url,
      PAPERKNIFE_REDIS_URL: redis!.url,
      PAPERKNIFE_CONTACT_RATE_LIMIT: String(CONTACT_LIMIT),
      PAPERKNIFE_RATE_LIMIT: '100000',
      PAPERKNIFE_CONCURRENCY: '2',
      PAPERKNIFE_TEMP_DIR: tempDir,
      PAPERKNIFE_DATA_DIR: join(folder, id, 'data'),
      PAPERKNIFE_WEB_ROOT: webRoot,
      // Longer than the balancer takes to see /readyz fail (checks every second, down after two).
      PAPERKNIFE_SHUTDOWN_DELAY_S: '3',
    },
    /PaperKnife is running at/,
  );
  const replica = { id, process: child, tempDir, url: `http://127.0.0.1:${port}` };
  if (before >= 0) replicas[before] = replica;
  else replicas.push(replica);
}

/** Polls until `check` passes or the time is up. */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(missing !== null)('two replicas behind HAProxy, sharing PostgreSQL and Redis', () => {
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'paperknife-cluster-'));
    webRoot = join(folder, 'web');
    await mkdir(webRoot, { recursive: true });
    await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>PaperKnife</title>');
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    // One after the other, as a rolling deployment starts them.
    await startReplica('replica-1');
    await startReplica('replica-2');
    const port = await freePort();
    await startProcess(
      'haproxy',
      ['-db', '-f', 'deploy/haproxy/haproxy.cfg'],
      {
        PAPERKNIFE_LB_BIND: `127.0.0.1:${port}`,
        PAPERKNIFE_REPLICA_1: replicas[0]!.url.slice('http://'.length),
        PAPERKNIFE_REPLICA_2: replicas[1]!.url.slice('http://'.length),
        PAPERKNIFE_HAPROXY_DIR: join(repoRoot, 'deploy/haproxy'),
      },
      // haproxy -db prints nothing when all is well (replicas ready at once): readiness is checked below.
      'spawned',
    );
    balancer = `http://127.0.0.1:${port}`;
    // Both replicas ready and seen healthy by the balancer.
    for (const replica of replicas) {
      await until(async () => (await fetch(`${replica.url}/readyz`)).ok, 90_000, `${replica.id} ready`);
    }
    await until(async () => (await fetch(`${balancer}/readyz`)).ok, 30_000, 'the balancer');
    // A replica whose event loop is still held up by its start (sources compiled as they are first imported, on a
    // loaded machine) turns work away as busy (503) for a moment: the tests begin once each one takes work.
    for (const replica of replicas) {
      const taking = async () =>
        (await fetch(`${replica.url}${FUNCTIONS_PREFIX}/merge-pdf`, { method: 'POST' })).status !== 503;
      await until(taking, 60_000, `${replica.id} taking work`);
    }
  }, 240_000);

  afterAll(async () => {
    await Promise.all(children.map((child) => stopProcess(child, 'SIGKILL')));
    await Promise.all([postgres?.stop(), redis?.stop()]);
    if (folder) await rm(folder, { recursive: true, force: true });
  }, 60_000);

  it('the contact rate limit holds across replicas, and each message is stored once in PostgreSQL', async () => {
    const body = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      subject: 'Cluster',
      message: 'Posted through the balancer.',
    };
    const statuses: number[] = [];
    for (let n = 0; n < 2 * CONTACT_LIMIT; n++) {
      const response = await fetch(`${balancer}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.1.${n}` },
        body: JSON.stringify({ ...body, subject: `Cluster ${n}` }),
      });
      statuses.push(response.status);
    }
    // The client cannot pick its own address past the balancer: all six count against one.
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    const client = new pg.Client({ connectionString: postgres!.url });
    await client.connect();
    try {
      const rows = await client.query<{ subject: string }>('SELECT subject FROM contact_messages ORDER BY id');
      expect(rows.rows.map((row) => row.subject)).toEqual(['Cluster 0', 'Cluster 1', 'Cluster 2']);
    } finally {
      await client.end();
    }
  });

  it('async jobs are followed and downloaded through the balancer, from the replica holding them', async () => {
    const form = multipart([{ name: 'a.pdf', data: makePdf({ pageCount: 2 }) }], { angle: 90 });
    const create = async (base: string) => {
      const response = await fetch(`${base}/functions/v1/jobs/rotate-pdf`, {
        method: 'POST',
        headers: form.headers,
        body: form.payload,
      });
      expect(response.status).toBe(202);
      return ((await response.json()) as { id: string }).id;
    };
    // One through the balancer, and one made on each replica directly: the balancer alone may pick either one.
    const created = [await create(balancer), ...(await Promise.all(replicas.map((replica) => create(replica.url))))];
    expect(created.slice(1).map((id) => id.split('.')[0])).toEqual(['replica-1', 'replica-2']);
    for (const id of created) {
      await until(
        async () => {
          const status = (await (await fetch(`${balancer}/functions/v1/jobs/${id}`)).json()) as { status: string };
          return status.status === 'done';
        },
        30_000,
        `job ${id}`,
      );
      const result = await fetch(`${balancer}/functions/v1/jobs/${id}/result`);
      expect(result.status).toBe(200);
      expect(
        Buffer.from(await result.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  });

  const form = multipart([{ name: 'a.pdf', data: makePdf() }], { angle: 90 });

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * One rotate through the balancer, as a client that honours a clean busy answer would send it: a 502/503 with the
   * JSON error is tried again (twice at most, half a second apart, within the Retry-After the server asks for). The
   * outcome names the statuses retried ("ok, retried after 502"), so a failed count says what the client met.
   */
  async function request(): Promise<string> {
    const retried: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt > 0) await pause(500);
      try {
        const response = await fetch(`${balancer}/functions/v1/rotate-pdf`, {
          method: 'POST',
          headers: form.headers,
          body: form.payload,
        });
        const bytes = Buffer.from(await response.arrayBuffer());
        if (response.status === 200 && bytes.subarray(0, 5).toString() === '%PDF-')
          return retried.length > 0 ? `ok, retried after ${retried.join(', ')}` : 'ok';
        if (response.status !== 502 && response.status !== 503) return `status ${response.status}`;
        expect(JSON.parse(bytes.toString('utf8'))).toMatchObject({ error: { code: 'busy' } });
        retried.push(response.status);
      } catch (error) {
        return `no answer: ${(error as { cause?: { code?: string } }).cause?.code ?? String(error)}`;
      }
    }
    return `failed after ${retried.join(', ')}`;
  }

  /** 8 clients sending requests one after the other while `during` runs; what they got, counted. */
  async function underLoad(during: () => Promise<void>): Promise<Record<string, number>> {
    const outcomes: string[] = [];
    let running = true;
    const clients = Array.from({ length: 8 }, async () => {
      while (running) outcomes.push(await request());
    });
    await during();
    running = false;
    await Promise.all(clients);
    return outcomes.reduce<Record<string, number>>((counts, outcome) => {
      counts[outcome] = (counts[outcome] ?? 0) + 1;
      return counts;
    }, {});
  }

  it('SIGTERM to one replica under load: it drains, and no request is lost or cut (502)', async () => {
    const stopping = replicas[1]!;
    const tally = await underLoad(async () => {
      await pause(1000);
      const exited = stopProcess(stopping.process, 'SIGTERM');
      await until(async () => (await fetch(`${stopping.url}/readyz`)).status === 503, 2000, 'readyz to turn 503');
      await exited;
      await pause(500);
    });
    // Draining cuts no request: nothing the balancer answers 502 for. On a loaded machine a replica may still say
    // busy (503, its event-loop guard), which the client retries; that is no lost request, and no drain's doing.
    expect(Object.keys(tally).filter((outcome) => !/^ok(, retried after 503(, 503)*)?$/.test(outcome))).toEqual([]);
    expect(tally['ok']).toBeGreaterThan(8);
    expect(await readdir(stopping.tempDir)).toEqual([]);
    await startReplica(stopping.id);
    await until(async () => (await fetch(`${stopping.url}/readyz`)).ok, 90_000, 'the replica to start again');
  }, 120_000);

  it('SIGKILL of one replica under load: every request is answered, and the survivor keeps serving', async () => {
    const tally = await underLoad(async () => {
      await pause(1500);
      await stopProcess(replicas[1]!.process, 'SIGKILL');
      await pause(2500);
    });
    // Answered, at worst after retries of a clean JSON 502/503 (the survivor, alone with the load, may say busy).
    expect(Object.keys(tally).filter((outcome) => !outcome.startsWith('ok'))).toEqual([]);
    const answered = Object.entries(tally).filter(([outcome]) => outcome.startsWith('ok'));
    expect(answered.reduce((sum, [, count]) => sum + count, 0)).toBeGreaterThan(8);
    // The survivor answers alone now, and left no temp folder behind.
    expect(await request()).toBe('ok');
    await until(async () => (await readdir(replicas[0]!.tempDir)).length === 0, 5000, 'the temp root to empty');
  }, 60_000);
});
