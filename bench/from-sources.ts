import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs the calling script again under `--conditions=source` unless it already is, so the workspaces' TypeScript
 * sources are imported rather than their builds; exits with that run's status. A script calls it before its first
 * dynamic import of a workspace: `runFromSources(import.meta.url)`.
 */
export function runFromSources(scriptUrl: string): void {
  if (process.execArgv.some((arg) => arg.includes('conditions=source'))) return;
  const script = fileURLToPath(scriptUrl);
  const run = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', script, ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(run.status ?? 1);
}
