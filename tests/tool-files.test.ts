import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toolIds, tools } from '@paperknife/catalog/tools';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoFiles, repoRoot as root } from './repo-files.js';

/**
 * A tool is its catalogue entry (packages/catalog/src/tools/<id>.ts), its engine file and test
 * (packages/engine/src/tools/<id>.ts), optionally its job shared with the device (packages/qpdf-jobs/src/tools/<id>.ts)
 * and its page extras (apps/web/app/features/tools/page-extras/<id>.tsx),
 * plus one line in each of the two indexes (catalog/src/tools.ts, engine/src/registry.ts). Any other source file
 * that names a tool, or lists every tool, is a file the next tool would have to touch too.
 */

const scannedRoots = ['packages', 'apps'];
// Markdown and YAML content may name tools: only code is scanned, and test fixtures are not code of a tool.
const skippedFolders = ['testing', 'public'];
const sourceFile = /\.(ts|tsx|mts|js|mjs)$/;
const notSource = /\.(test|spec)\.[^.]+$|\.d\.ts$/;

/** The two indexes: one line per tool, and the compiler says when one is missing. */
const indexes = new Set(['packages/catalog/src/tools.ts', 'packages/engine/src/registry.ts']);

/**
 * Files that feature a few existing tools by choice. Adding a tool never needs them, and a switch over tools in
 * one would still fail the table check below. Each entry says why it may name tools.
 */
const picks: Record<string, string> = {
  'apps/web/app/components/layout/site-footer.tsx': 'links the three most used tools',
  'apps/web/app/routes/not-found.tsx': 'suggests three popular tools',
  'packages/qpdf-jobs/src/qpdf-jobs.ts': 'lists the page tools that also run on the device (qpdf in the browser)',
  'packages/mupdf-jobs/src/mupdf-jobs.ts':
    'lists the MuPDF tools that also run on the device (mupdf.js in the browser)',
};

/** A tool's own files, which may name that tool; page extras may also link other tools. */
function ownFile(path: string): { id: string; mayNameOthers: boolean } | undefined {
  const match =
    /^packages\/(?:catalog|engine|qpdf-jobs)\/src\/tools\/([\w-]+)\.ts$/.exec(path) ??
    /^apps\/web\/app\/features\/tools\/page-extras\/([\w-]+)\.tsx$/.exec(path);
  if (!match) return undefined;
  return { id: match[1]!, mayNameOthers: path.includes('/page-extras/') };
}

const sourceFiles = (folder: string) =>
  repoFiles(folder, (name) => sourceFile.test(name) && !notSource.test(name), { skip: skippedFolders });

const toolNames = new Map<string, string>(
  toolIds.flatMap((id) => [
    [id, id],
    [tools[id].functionName, id],
  ]),
);

/** The string literals of a file that equal a tool id or function name, with the tool each names. */
function toolLiterals(path: string, text: string): { literal: string; id: string; line: number }[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: { literal: string; id: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const id = toolNames.get(node.text);
      if (id) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push({ literal: node.text, id, line });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Types that list every tool (`Record<ToolId, ...>`, `{ [Id in ToolId]: ... }`): a new tool must fill them. A table
 * built from the catalogue's list (`Object.fromEntries(toolIds.map(...)) as Record<ToolId, ...>`) fills itself.
 */
function everyToolTables(text: string): string[] {
  const handFilled = text.replace(/Object\.fromEntries\(\s*toolIds\.map\([^;]*?\)\s*as\s+Record<\s*ToolId\b/g, '');
  return [...handFilled.matchAll(/(?<!Partial<)Record<\s*ToolId\b|\[\s*\w+\s+in\s+ToolId\s*\]/g)].map(
    (match) => match[0],
  );
}

/** What in a file ties it to particular tools, as "path:line literal" lines. */
function toolCoupling(path: string, text: string): string[] {
  if (indexes.has(path)) return [];
  const own = ownFile(path);
  const literals = picks[path]
    ? []
    : toolLiterals(path, text).filter((found) => !own || (!own.mayNameOthers && found.id !== own.id));
  return [
    ...literals.map((found) => `${path}:${found.line} '${found.literal}'`),
    ...everyToolTables(text).map((table) => `${path}: ${table}`),
  ];
}

const files = scannedRoots.flatMap(sourceFiles);

describe('a tool is its own files', () => {
  it('scans the source of every workspace', () => {
    expect(files).toContain('packages/catalog/src/tools.ts');
    expect(files).toContain('apps/web/app/features/tools/components/tool-workspace.tsx');
    expect(files).toContain('apps/server/src/app.ts');
    expect(files.some((path) => path.endsWith('.test.ts'))).toBe(false);
  });

  it('names a tool only in its own files and the two indexes', () => {
    const coupled = files.flatMap((path) => toolCoupling(path, readFileSync(join(root, path), 'utf8')));
    expect(coupled).toEqual([]);
  });

  it('lists picks that exist and still name tools', () => {
    for (const path of Object.keys(picks)) {
      expect(files, path).toContain(path);
      expect(toolLiterals(path, readFileSync(join(root, path), 'utf8')).length, path).toBeGreaterThan(0);
    }
  });

  it('gives every tool its catalogue entry and engine file, named after it', () => {
    for (const id of toolIds) {
      expect(files, id).toContain(`packages/catalog/src/tools/${id}.ts`);
      expect(files, id).toContain(`packages/engine/src/tools/${id}.ts`);
    }
  });

  it('catches the couplings a new tool would have to follow', () => {
    const path = 'apps/web/app/lib/some-form.ts';
    const oldSwitch = `switch (id) {\n  case 'protect-pdf':\n    return 1;\n  case \`split-pdf\`:\n    return 2;\n}`;
    expect(toolCoupling(path, oldSwitch)).toEqual([`${path}:2 'protect-pdf'`, `${path}:4 'split-pdf'`]);
    expect(toolCoupling(path, `if (id === 'compress-pdf') {}`)).toHaveLength(1);
    expect(toolCoupling(path, `const url = '/functions/v1/' + 'page-numbers-pdf';`)).toHaveLength(1);
    expect(toolCoupling(path, 'export const icons: Record<ToolId, Icon> = {};')).toEqual([`${path}: Record<ToolId`]);
    expect(toolCoupling(path, 'const runners: { [Id in ToolId]: Runner } = {};')).toHaveLength(1);
    // Comments and longer strings are not couplings; a partial map does not need every tool.
    expect(toolCoupling(path, `// see 'merge-pdf'\nconst path = '/merge-pdf';`)).toEqual([]);
    expect(toolCoupling(path, 'const some: Partial<Record<ToolId, string>> = {};')).toEqual([]);
    const derived = 'const names = Object.fromEntries(toolIds.map((id) => [id, title(id)])) as Record<ToolId, string>;';
    expect(toolCoupling(path, derived)).toEqual([]);
    expect(toolCoupling(path, `const names = { a: 1 } as Record<ToolId, string>;\n${derived}`)).toHaveLength(1);
  });

  it('lets a tool name itself in its own files, and only itself in the catalogue and engine', () => {
    const entry = 'packages/catalog/src/tools/rotate-pdf.ts';
    expect(toolCoupling(entry, `const name = 'rotate-pdf';`)).toEqual([]);
    expect(toolCoupling(entry, `const other = 'merge-pdf';`)).toEqual([`${entry}:1 'merge-pdf'`]);
    const extras = 'apps/web/app/features/tools/page-extras/merge-pdf.tsx';
    expect(toolCoupling(extras, `const next = ['compress-pdf'];`)).toEqual([]);
  });
});
