import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built server (API and prerendered site) that the browser benchmarks measure, as `npm start` runs it. */

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const serverEntry = join(repoRoot, 'apps/server/dist/server.js');
const siteIndex = join(repoRoot, 'apps/web/build/client/index.html');

/** Stops the process with a clear message when the site or the server has not been built. */
export function requireBuild(): void {
  if (!existsSync(serverEntry) || !existsSync(siteIndex)) {
    console.error('Build the site and the server first: npm run build --workspace apps/web && npx tsc -b apps/server');
    process.exit(1);
  }
}

/** Starts the built server on 127.0.0.1:`port` with its data and temp folders under `dataDir`; resolves once healthy. */
export async function startBuiltServer(port: number, dataDir: string): Promise<ChildProcess> {
  const origin = `http://127.0.0.1:${port}`;
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
