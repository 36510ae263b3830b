import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles, repoRoot as root } from './repo-files.js';

/**
 * `vi.mock` of a path that names no file mocks nothing and says nothing: after a file moves, a test that relied on
 * the mock runs against the real module (the corpus sweep once lost its cache of repeated checks that way). Every
 * relative or `~/` path given to `vi.mock` or `vi.doMock` must name a source file.
 */

const webApp = 'apps/web/app';

const testFiles = (folder: string) => repoFiles(folder, (name) => /\.(test|spec)\.tsx?$/.test(name));

/** The paths a file hands to vi.mock or vi.doMock, with their lines; packages by name are left out. */
function mockedPaths(text: string): { path: string; line: number }[] {
  return [...text.matchAll(/vi\.(?:mock|doMock)\(\s*(['"`])([^'"`]+)\1/g)]
    .map((match) => ({ path: match[2]!, line: text.slice(0, match.index).split('\n').length }))
    .filter(({ path }) => path.startsWith('.') || path.startsWith('~/'));
}

/** The repository path a mocked path names from `file`, or undefined when no source file answers to it. */
function resolveMocked(file: string, path: string, exists: (path: string) => boolean): string | undefined {
  const base = path.startsWith('~/') ? join(webApp, path.slice(2)) : join(dirname(file), path);
  const stem = base.replace(/\.js$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`];
  return candidates.find(exists);
}

describe('mocked paths', () => {
  it('reads relative and ~/ paths, and resolves them as the bundler does', () => {
    const text = "vi.mock('./a.js');\nvi.mock('sonner');\nvi.doMock(\"~/lib/b\", () => ({}));\nvi.mock('../gone.js');";
    expect(mockedPaths(text)).toEqual([
      { path: './a.js', line: 1 },
      { path: '~/lib/b', line: 3 },
      { path: '../gone.js', line: 4 },
    ]);
    const present = new Set(['packages/x/src/a.ts', 'apps/web/app/lib/b.tsx']);
    const exists = (path: string) => present.has(path);
    expect(resolveMocked('packages/x/src/t.test.ts', './a.js', exists)).toBe('packages/x/src/a.ts');
    expect(resolveMocked('apps/web/app/t.test.tsx', '~/lib/b', exists)).toBe('apps/web/app/lib/b.tsx');
    expect(resolveMocked('packages/x/src/t.test.ts', '../gone.js', exists)).toBeUndefined();
  });

  it('name a source file in every test', () => {
    // This file's own self-test names paths on purpose.
    const self = 'tests/mocked-paths.test.ts';
    const files = ['packages', 'apps', 'e2e', 'tests', 'bench'].flatMap(testFiles).filter((file) => file !== self);
    expect(files.length).toBeGreaterThan(50);
    const exists = (path: string) => existsSync(join(root, path));
    const missing = files.flatMap((file) =>
      mockedPaths(readFileSync(join(root, file), 'utf8'))
        .filter(({ path }) => !resolveMocked(file, path, exists))
        .map(({ path, line }) => `${file}:${line} ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
