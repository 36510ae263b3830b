import { type SpawnOptions, execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Throwaway PostgreSQL and Redis servers for tests: each in its own temp folder, on a free loopback port, started
 * within a time bound and stopped (folder removed) by `stop()`. Missing programs give a reason to skip with.
 */
export interface RunningService {
  url: string;
  stop(): Promise<void>;
}

const run = promisify(execFile);
const START_TIMEOUT_MS = 30_000;

/** A free loopback port: bound, read, released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function onPath(program: string): string | null {
  for (const folder of (process.env['PATH'] ?? '').split(':')) {
    if (folder && existsSync(join(folder, program))) return join(folder, program);
  }
  return null;
}

/** Debian keeps PostgreSQL's server programs out of PATH, under /usr/lib/postgresql/<version>/bin. */
function postgresBin(): string | null {
  const initdb = onPath('initdb');
  if (initdb && existsSync(join(initdb, '..', 'pg_ctl'))) return join(initdb, '..');
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

/** Why the PostgreSQL tests cannot run here, or null when they can. */
export function postgresMissing(): string | null {
  if (!postgresBin()) return 'PostgreSQL is not installed (no initdb/pg_ctl; `apt-get install postgresql`)';
  if (process.getuid?.() === 0 && !onPath('runuser')) return 'running as root without runuser to drop to postgres';
  return null;
}

/** Why the Redis tests cannot run here, or null when they can. */
export function redisMissing(): string | null {
  return onPath('redis-server') ? null : 'redis-server is not installed (`apt-get install redis-server`)';
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
async function asPostgresUser(
  folder: string,
): Promise<{ wrap: (command: string, args: string[]) => [string, string[]] }> {
  if (process.getuid?.() !== 0) return { wrap: (command, args) => [command, args] };
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: group } = await run('id', ['-g', 'postgres']);
  await chown(folder, Number(stdout.trim()), Number(group.trim()));
  return { wrap: (command, args) => ['runuser', ['-u', 'postgres', '--', command, ...args]] };
}

/** A fresh cluster with trust authentication on a loopback port; the URL names database `postgres`. */
export async function startPostgres(): Promise<RunningService> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const folder = await mkdtemp(join(tmpdir(), 'paperknife-postgres-'));
  await chmod(folder, 0o755);
  const data = join(folder, 'data');
  const port = await freePort();
  const { wrap } = await asPostgresUser(folder);
  const exec = (program: string, args: string[]) => {
    const [command, fullArgs] = wrap(join(bin, program), args);
    return run(command, fullArgs, { timeout: START_TIMEOUT_MS });
  };
  try {
    await exec('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--no-instructions',
    ]);
    const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
    await exec('pg_ctl', ['-D', data, '-o', options, '-l', join(folder, 'log'), '-w', '-t', '30', 'start']);
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']).catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** A Redis without persistence on a loopback port. */
export async function startRedis(): Promise<RunningService> {
  const folder = await mkdtemp(join(tmpdir(), 'paperknife-redis-'));
  const port = await freePort();
  const options: SpawnOptions = { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] };
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', folder];
  const child = spawn('redis-server', args, options);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), START_TIMEOUT_MS);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}): ${output}`));
    });
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await ready;
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}`, stop };
}
