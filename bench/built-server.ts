import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built server (API and prerendered site) that the benchmarks measure, as `npm start` runs it. */

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const serverEntry = join(repoRoot, 'apps/server/dist/server.js');
const siteIndex = join(repoRoot, 'apps/web/build/client/index.html');

/** What `npm start` and the Docker image set before Node starts, so the idle server hands memory back (decision 025). */
export const serverMemoryEnvironment = JSON.parse(
  readFileSync(join(repoRoot, 'scripts/server-memory-environment.json'), 'utf8'),
) as Record<string, string>;

/** Stops the process with a clear message when the site or the server has not been built. */
export function requireBuild(): void {
  if (!existsSync(serverEntry) || !existsSync(siteIndex)) {
    console.error('Build the site and the server first: npm run build --workspace apps/web && npx tsc -b apps/server');
    process.exit(1);
  }
}

/**
 * Starts the built server on 127.0.0.1:`port` with its data and temp folders under `dataDir`; resolves once healthy.
 * `env` comes last: a name set to undefined there is left out (the memory environment, say).
 */
export async function startBuiltServer(
  port: number,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      ...serverMemoryEnvironment,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PAPERKNIFE_DATA_DIR: join(dataDir, 'data'),
      PAPERKNIFE_TEMP_DIR: join(dataDir, 'temp'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 150; attempt++) {
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

/** Stops the server (SIGTERM, as a process manager does) and waits until it has exited, so its folders can go. */
export async function stopBuiltServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
