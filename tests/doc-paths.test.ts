import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles, repoRoot as root } from './repo-files.js';

/**
 * The docs name only files that exist. Read: README.md and every Markdown file under docs/. Checked: repository
 * paths in code (inline spans and fenced blocks) that begin with a top-level folder (`packages/engine/src/...`),
 * and the targets of relative Markdown links (resolved from the doc's own folder). A path given from inside a
 * package (`tools/ocr-pdf.ts`) is not checked: it says which file only in its sentence.
 *
 * A list (`packages/engine/src/tools/{merge-pdf,split-pdf}.ts`) is each of its paths. A pattern
 * (`packages/engine/src/tools/<id>.ts`, `docs/decisions/NNN-*.md`, `packages/...`) is checked up to its last plain
 * folder before the first segment holding `<`, `*` or `...`. A path through a folder that .gitignore leaves out (a
 * build's `dist/`, `bench/results/`) is checked up to that folder.
 */

const topLevelFolders = ['.ci', 'apps', 'bench', 'deploy', 'docs', 'e2e', 'packages', 'scripts', 'tests'];
const pathInCode = new RegExp(
  `(?<![\\w./@~-])(?:\\./)?((?:${topLevelFolders.map((folder) => folder.replace('.', '\\.')).join('|')})/(?:\\{[^}\\s]*\\}|[\\w./<>*+~-])*)`,
  'g',
);
const placeholder = /[<*{}]|\.\.\./;

/** Folders .gitignore leaves out: a bare name anywhere (`dist/`), or a path from the root (`bench/results/`). */
const ignored = readFileSync(join(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line.endsWith('/') && !line.startsWith('#'))
  .map((line) => line.replace(/^\/|\/$/g, ''));

interface NamedPath {
  path: string;
  /** A link's target, relative to the doc; else a path from the repository root. */
  link: boolean;
  line: number;
}

/** Replaces every character but line breaks, so offsets and line numbers stay where they were. */
const blank = (text: string) => text.replace(/[^\n]/g, ' ');

/** The repository paths a Markdown text names, in the order they come. */
function namedPaths(markdown: string): NamedPath[] {
  const found: (Omit<NamedPath, 'line'> & { offset: number })[] = [];
  const code: { text: string; offset: number }[] = [];
  let prose = markdown.replace(/^(```|~~~)[^\n]*\n([\s\S]*?)^\1[^\n]*$/gm, (block, _fence, body: string, offset) => {
    code.push({ text: body, offset: offset + block.indexOf(body) });
    return blank(block);
  });
  prose = prose.replace(/(`+)([\s\S]+?)\1/g, (span, ticks: string, body: string, offset: number) => {
    code.push({ text: body, offset: offset + ticks.length });
    return blank(span);
  });
  for (const { text, offset } of code) {
    for (const match of text.matchAll(pathInCode)) {
      const path = match[1]!.replace(/[.]+$/, '');
      found.push({ path, link: false, offset: offset + match.index + match[0].indexOf(match[1]!) });
    }
  }
  for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1]!.replace(/#.*$/, '');
    if (target === '' || /^[a-z][\w+.-]*:|^\//i.test(target)) continue;
    found.push({ path: decodeURI(target), link: true, offset: match.index });
  }
  return found
    .sort((a, b) => a.offset - b.offset)
    .map(({ path, link, offset }) => ({ path, link, line: markdown.slice(0, offset).split('\n').length }));
}

/** `a/{b,c}.ts` is `a/b.ts` and `a/c.ts`. */
function expandBraces(path: string): string[] {
  const group = /\{([^{}]*)\}/.exec(path);
  if (!group) return [path];
  const [before, after] = [path.slice(0, group.index), path.slice(group.index + group[0].length)];
  return group[1]!.split(',').flatMap((choice) => expandBraces(`${before}${choice}${after}`));
}

/** The part of a repo-relative path that must exist: up to a placeholder or an ignored build folder. */
function checkedPart(path: string): string {
  const segments = path.replace(/\/$/, '').split('/');
  const cut = segments.findIndex(
    (segment, index) =>
      placeholder.test(segment) ||
      ignored.some((folder) =>
        folder.includes('/') ? segments.slice(0, index + 1).join('/') === folder : segment === folder,
      ),
  );
  return (cut === -1 ? segments : segments.slice(0, cut)).join('/');
}

/** `doc:line path` for every path a doc names that is not in the repository. */
function missingPaths(doc: string, markdown: string, exists: (path: string) => boolean): string[] {
  return namedPaths(markdown).flatMap(({ path, link, line }) => {
    if (link) {
      const fromRoot = normalize(join(dirname(doc), path)).replaceAll('\\', '/');
      return fromRoot.startsWith('../') || !exists(checkedPart(fromRoot)) ? [`${doc}:${line} ${path}`] : [];
    }
    return expandBraces(path)
      .filter((each) => !exists(checkedPart(each)))
      .map((each) => `${doc}:${line} ${each}`);
  });
}

const markdownFiles = (folder: string) => repoFiles(folder, (name) => name.endsWith('.md'));

describe('paths named in the docs', () => {
  it('finds paths in code and links, with their lines', () => {
    const markdown = [
      'The registry (`packages/engine/src/registry.ts`) and `node apps/server/dist/server.js`.',
      'From inside the package: `tools/ocr-pdf.ts`; a route: `/functions/v1`; a package: `@paperknife/catalog/tools`.',
      '```sh',
      'npx vitest run e2e/home.spec.ts:12',
      '```',
      'See [decision 131](131-shared-state-in-services.md#contact), [the site](https://example.org/apps/x) and',
      '[the README](../../README.md). A span across lines: `--config',
      'bench/vitest.config.ts`. A list: `apps/web/vitest.{config,isolation}.ts`.',
    ].join('\n');
    expect(namedPaths(markdown).map(({ line, path }) => `${line} ${path}`)).toEqual([
      '1 packages/engine/src/registry.ts',
      '1 apps/server/dist/server.js',
      '4 e2e/home.spec.ts',
      '6 131-shared-state-in-services.md',
      '7 ../../README.md',
      '8 bench/vitest.config.ts',
      '8 apps/web/vitest.{config,isolation}.ts',
    ]);
  });

  it('reports missing files, checking patterns and build output by the folder before them', () => {
    const present = new Set(['packages', 'packages/engine/src/tools', 'packages/engine/src/a.ts', 'apps/server']);
    const exists = (path: string) => present.has(path) || ['docs/decisions', 'README.md'].includes(path);
    const doc = 'docs/decisions/001-stack.md';
    const markdown = [
      '`packages/engine/src/gone.ts`, `packages/engine/src/tools/<id>.ts`, `packages/...`',
      '`packages/engine/src/nowhere/*.ts` and `apps/server/dist/server.js` and `docs/decisions/NNN-*.md`.',
      '[missing](002-gone.md), [present](../../README.md), [outside](../../../etc/passwd)',
      'A list: `packages/engine/src/{a,b}.ts`.',
    ].join('\n');
    expect(missingPaths(doc, markdown, exists)).toEqual([
      `${doc}:1 packages/engine/src/gone.ts`,
      `${doc}:2 packages/engine/src/nowhere/*.ts`,
      `${doc}:3 002-gone.md`,
      `${doc}:3 ../../../etc/passwd`,
      `${doc}:4 packages/engine/src/b.ts`,
    ]);
  });

  const docs = ['README.md', ...markdownFiles('docs')];

  it('reads the README and the decision records', () => {
    expect(docs).toContain('docs/decisions/001-stack.md');
    expect(docs.length).toBeGreaterThan(10);
  });

  it('names only files that exist', () => {
    const exists = (path: string) => existsSync(join(root, path));
    const missing = docs.flatMap((doc) => missingPaths(doc, readFileSync(join(root, doc), 'utf8'), exists));
    expect(missing).toEqual([]);
  });
});

describe('decision records', () => {
  /** A record states the decision and why; its history lives in git. */
  const MAX_LINES = 60;

  it(`say the decision and why in at most ${MAX_LINES} lines each`, () => {
    const records = markdownFiles('docs/decisions');
    expect(records.length).toBeGreaterThan(10);
    const long = records
      .map((path) => ({ path, lines: readFileSync(join(root, path), 'utf8').trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ path, lines }) => `${path}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
