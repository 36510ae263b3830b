import { existsSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoFiles, repoRoot as root } from './repo-files.js';

/**
 * No two source files import each other, however indirectly: shared types live in a module both import. Every
 * import counts, type-only ones too (they tie the files just as much for a reader), as do `export ... from`,
 * `import('...')` with a literal and `typeof import('...')`. Specifiers resolve as the compiler resolves them, with
 * each workspace's tsconfig (the web's `~/*` alias, `.js` naming a `.ts` source, workspace packages through their
 * `source` export condition). Test files are in the graph too: nothing imports one, so one can be on a cycle only
 * through a helper it shares, which is then a cycle worth knowing.
 */

/** Where sources live and the tsconfig whose options resolve their imports (paths from the repository root). */
const workspaces: { folders: string[]; topLevelOnly?: boolean; tsconfig: string }[] = [
  ...readdirSync(join(root, 'packages'))
    .filter((name) => existsSync(join(root, 'packages', name, 'src')))
    .map((name) => ({
      folders: [`packages/${name}/src`],
      tsconfig: `packages/${name}/tsconfig.json`,
    })),
  { folders: ['apps/server/src'], tsconfig: 'apps/server/tsconfig.json' },
  { folders: ['apps/server/scripts', 'tests'], tsconfig: 'tsconfig.tests.json' },
  { folders: ['apps/web/app'], tsconfig: 'apps/web/tsconfig.json' },
  { folders: ['apps/web'], topLevelOnly: true, tsconfig: 'apps/web/tsconfig.json' },
  { folders: ['bench'], tsconfig: 'bench/tsconfig.json' },
  { folders: ['e2e'], tsconfig: 'e2e/tsconfig.json' },
];

const sourceFile = /\.(ts|tsx|mts|cts)$/;
/** Relative imports, the web's alias and the workspace packages; those must resolve to a source. */
const ownCode = /^(\.|~\/|@paperknife\/)/;
/** Not source: assets (Vite's `?url` too), and React Router's route types, generated into apps/web/.react-router. */
const notSource = /\.(css|svg|png|json)$|\?|^\.\/\+types\//;

const sourceFiles = (folder: string, topLevelOnly = false) =>
  repoFiles(folder, (name) => sourceFile.test(name) && !name.endsWith('.d.ts'), { topLevelOnly });

/** Every module specifier a file names: imports (type-only too), re-exports, `import('...')`, `require('...')`. */
function importSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

function compilerOptions(tsconfig: string): ts.CompilerOptions {
  const path = join(root, tsconfig);
  const { config, error } = ts.readConfigFile(path, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, dirname(path), undefined, path);
  // The packages build through project references; here their imports of each other resolve to the sources.
  return { ...options, customConditions: ['source'] };
}

type ImportGraph = Map<string, string[]>;

/** The repository's import graph: repo-relative source path -> the repository sources it imports. */
function repositoryGraph(): { graph: ImportGraph; unresolved: string[] } {
  const files = workspaces.flatMap((workspace) =>
    workspace.folders.map((folder) => ({
      paths: sourceFiles(folder, workspace.topLevelOnly),
      tsconfig: workspace.tsconfig,
    })),
  );
  const known = new Set(files.flatMap(({ paths }) => paths));
  const graph: ImportGraph = new Map();
  const unresolved: string[] = [];
  const byTsconfig = new Map<string, { options: ts.CompilerOptions; cache: ts.ModuleResolutionCache }>();
  for (const { paths, tsconfig } of files) {
    let resolver = byTsconfig.get(tsconfig);
    if (!resolver) {
      const options = compilerOptions(tsconfig);
      resolver = { options, cache: ts.createModuleResolutionCache(root, (name) => name, options) };
      byTsconfig.set(tsconfig, resolver);
    }
    const { options, cache } = resolver;
    for (const path of paths) {
      const file = join(root, path);
      const mode = ts.getImpliedNodeFormatForFile(file, cache.getPackageJsonInfoCache(), ts.sys, options);
      const imported = new Set<string>();
      for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
        const resolved = ts.resolveModuleName(specifier, file, options, ts.sys, cache, undefined, mode).resolvedModule
          ?.resolvedFileName;
        const target = resolved && relative(root, realpathSync(resolved)).replaceAll('\\', '/');
        if (target && known.has(target)) imported.add(target);
        // An import of our own code that resolves to no source would hide its edges: say so rather than pass.
        else if (ownCode.test(specifier) && !notSource.test(specifier)) {
          unresolved.push(`${path}: ${specifier}${target ? ` (${target})` : ''}`);
        }
      }
      graph.set(path, [...imported].sort());
    }
  }
  return { graph, unresolved };
}

/** Tarjan's strongly connected components: the groups of files that all reach each other. */
function stronglyConnected(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/** The shortest cycle from `start` back to it, moving only within `members`. */
function shortestCycle(graph: ImportGraph, start: string, members: Set<string>): string[] | undefined {
  const previous = new Map<string, string>();
  let frontier = [start];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const node of frontier) {
      for (const target of graph.get(node) ?? []) {
        if (!members.has(target)) continue;
        if (target === start) {
          const path = [node];
          while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
          return [...path, start];
        }
        if (!previous.has(target)) {
          previous.set(target, node);
          next.push(target);
        }
      }
    }
    frontier = next;
  }
  return undefined;
}

/**
 * The import cycles, as `a.ts -> b.ts -> a.ts` lines: for every file on a cycle, the shortest cycle through it,
 * each cycle once (begun at its first file in sorted order). Listing every elementary cycle could run to
 * thousands in one tangle; this names every file involved and the shortest way round.
 */
function findCycles(graph: ImportGraph): string[] {
  const cycles = new Set<string>();
  for (const component of stronglyConnected(graph)) {
    const members = new Set(component);
    for (const start of component) {
      const cycle = shortestCycle(graph, start, members);
      if (!cycle) continue;
      const ring = cycle.slice(0, -1);
      const first = ring.indexOf([...ring].sort()[0]!);
      const rotated = [...ring.slice(first), ...ring.slice(0, first)];
      cycles.add([...rotated, rotated[0]].join(' -> '));
    }
  }
  return [...cycles].sort();
}

describe('import cycles', () => {
  it('reads every kind of import', () => {
    const text = [
      "import type { A } from './a.js';",
      "import { type B, c } from './b.js';",
      "export * from './c.js';",
      "export type { D } from './d.js';",
      "const e = await import('./e.js');",
      "type F = typeof import('./f.js');",
      "import './g.js';",
      "// import './commented-out.js';",
      'const h = import(name);',
    ].join('\n');
    expect(importSpecifiers(text)).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js', './f.js', './g.js']);
  });

  it('finds cycles in a graph, and none in an acyclic one', () => {
    const graph: ImportGraph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
      ['f.ts', ['a.ts', 'g.ts']],
      ['g.ts', ['f.ts']],
    ]);
    expect(findCycles(graph)).toEqual(['a.ts -> b.ts -> c.ts -> a.ts', 'e.ts -> e.ts', 'f.ts -> g.ts -> f.ts']);
    const acyclic: ImportGraph = new Map([
      ['a.ts', ['b.ts', 'c.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', []],
      ['d.ts', ['a.ts', 'c.ts']],
    ]);
    expect(findCycles(acyclic)).toEqual([]);
  });

  it('names each shortest way round a tangle once', () => {
    // a <-> b and b <-> c: one tangle of three files, two cycles.
    const graph: ImportGraph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts', 'c.ts']],
      ['c.ts', ['b.ts']],
    ]);
    expect(findCycles(graph)).toEqual(['a.ts -> b.ts -> a.ts', 'b.ts -> c.ts -> b.ts']);
  });

  const { graph, unresolved } = repositoryGraph();

  it('resolves the imports of every workspace', () => {
    // A workspace package through its `source` condition, a dynamic import, the web's `~/` alias.
    expect(graph.get('apps/server/src/app.ts')).toContain('packages/catalog/src/errors.ts');
    expect(graph.get('apps/server/src/open-contact-store.ts')).toContain('apps/server/src/contact-store-sqlite.ts');
    const webImports = [...graph]
      .filter(([path]) => path.startsWith('apps/web/app/'))
      .flatMap(([, targets]) => targets);
    expect(webImports.filter((target) => target.startsWith('apps/web/app/')).length).toBeGreaterThan(100);
    expect([...graph.keys()].filter((path) => /^(bench|e2e)\//.test(path)).length).toBeGreaterThan(10);
    expect(unresolved).toEqual([]);
  });

  it('has no import cycles', () => {
    expect(findCycles(graph)).toEqual([]);
  });
});
