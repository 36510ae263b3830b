import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The web tests run in two projects (docs/decisions/060). Most share one module graph and one jsdom per worker
 * (`isolate: false`): setting jsdom up and importing React, the router and the app's modules again for every file
 * was two thirds of the web tests' CPU. A file that mocks modules, spies on or stubs globals, fakes timers or uses
 * Web Storage changes what the next file in the worker would see, so it keeps a fresh context of its own. Which
 * files those are is read from their source, so a new test lands in the right project by itself.
 */
const changesSharedState =
  /\bvi\.(mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers)\(|\b(localStorage|sessionStorage)\b/;

const root = import.meta.dirname;

function testFiles(): string[] {
  const inApp = readdirSync(join(root, 'app'), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => join('app', name));
  const atRoot = readdirSync(root).filter((name) => name.endsWith('.test.ts'));
  return [...inApp, ...atRoot].sort();
}

/** Test files (relative to apps/web) that need a fresh module graph and jsdom, and the rest. */
export function webTestFiles(): { isolated: string[]; shared: string[] } {
  const isolated: string[] = [];
  const shared: string[] = [];
  for (const file of testFiles()) {
    (changesSharedState.test(readFileSync(join(root, file), 'utf8')) ? isolated : shared).push(file);
  }
  return { isolated, shared };
}
