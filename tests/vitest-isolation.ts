import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The web, engine and server tests each run in two projects (docs/decisions/060). Most files share one module graph
 * per worker (`isolate: false`): importing the engine, the server or React and the app again for every file, and
 * setting jsdom up, was most of their CPU. A file that mocks modules, spies on or stubs globals, fakes timers, sets
 * environment variables or the working folder, or uses Web Storage changes what the next file in the worker would
 * see, so it keeps a fresh context of its own; so does one that says `Runs isolated:` and why (it measures or
 * changes a module's state). Which files those are is read from their source, so a new test lands in the right
 * project by itself.
 */
const changesSharedState = new RegExp(
  [
    String.raw`\bvi\.(mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers)\(`,
    String.raw`\b(localStorage|sessionStorage)\b`,
    String.raw`process\.env(\.\w+|\[[^\]]+\])\s*=[^=]`,
    String.raw`delete process\.env`,
    String.raw`process\.chdir\(`,
    String.raw`Runs isolated:`,
  ].join('|'),
);

function testFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name) && !name.split('/').includes('node_modules'))
    .map((name) => join(folder, name))
    .sort();
}

/** The test files under `folders` of the project at `root` (paths relative to it): those that need a fresh context, and the rest. */
export function testFilesByIsolation(root: string, folders: string[]): { isolated: string[]; shared: string[] } {
  const isolated: string[] = [];
  const shared: string[] = [];
  for (const file of folders.flatMap((folder) => testFiles(root, folder))) {
    (changesSharedState.test(readFileSync(join(root, file), 'utf8')) ? isolated : shared).push(file);
  }
  return { isolated, shared };
}
