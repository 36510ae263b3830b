import { readFile, rm, writeFile } from 'node:fs/promises';
import { ToolError } from '@paperknife/catalog/errors';
import { tools } from '@paperknife/catalog/tools';
import { type PreparedPdf, preparePdfInput, tempPath } from '../pdf-input.js';
import { runQpdf } from '../qpdf.js';
import type { ToolContext, ToolRunner } from '../tool-runner.js';

/**
 * Joins PDFs in the order given. qpdf copies whole pages with their annotations (links) and form fields
 * (renaming clashing fields); it drops document-level bookmarks, so we rebuild them afterwards, each document's
 * bookmarks pointing at its pages in the merged file (see docs/decisions/011-merge-bookmarks.md).
 */
export const mergePdf: ToolRunner<'merge-pdf'> = async (files, _options, context) => {
  if (files.length < 2) throw new ToolError('not_enough_files');
  const inputs: PreparedPdf[] = [];
  for (const file of files) inputs.push(await preparePdfInput(file, context));
  const total = inputs.reduce((sum, input) => sum + input.pageCount, 0);
  if (total > context.limits.maxPages) {
    throw new ToolError(
      'too_many_pages',
      `Together these PDFs have ${total} pages; the limit is ${context.limits.maxPages}. Merge fewer files at once.`,
    );
  }

  const merged = tempPath(context, 'merged');
  const pageArgs = inputs.flatMap((input) => [input.path, '1-z']);
  await runQpdf(['--warning-exit-0', '--empty', '--pages', ...pageArgs, '--', merged], context);

  const output = tempPath(context, 'merged-document');
  const withBookmarks = await addBookmarks(inputs, merged, output, context);
  return { path: withBookmarks ? output : merged, download: tools['merge-pdf'].download };
};

/** An outline item as `qpdf --json=2 --json-key=outlines` describes it. */
interface JsonOutline {
  title: string;
  /** A destination array, a dictionary holding one under /D (named destinations), or null. */
  dest: unknown;
  destpageposfrom1: number | null;
  open: boolean;
  kids: JsonOutline[];
}

interface QpdfJson {
  outlines?: JsonOutline[];
  pages?: { object: string }[];
  qpdf?: [{ maxobjectid: number }, Record<string, { value: Record<string, unknown> }>];
}

/** qpdf's JSON view of a file, written to a file first (it can be far larger than a pipe's captured output). */
async function readJson(args: string[], input: string, context: ToolContext): Promise<QpdfJson> {
  const target = tempPath(context, 'structure', '.json');
  try {
    await runQpdf(['--json=2', ...args, input, target], context);
    return JSON.parse(await readFile(target, 'utf8')) as QpdfJson;
  } finally {
    await rm(target, { force: true });
  }
}

/** Bookmarks beyond this many are left out: they would only slow the merge down. */
const MAX_BOOKMARKS = 10_000;

/**
 * Writes `output` with the inputs' bookmarks rebuilt on the merged pages. Returns false (and writes nothing)
 * when no input has bookmarks. The destination view (/Fit, /XYZ ...) is kept; only the page changes.
 */
async function addBookmarks(
  inputs: readonly PreparedPdf[],
  merged: string,
  output: string,
  context: ToolContext,
): Promise<boolean> {
  const outlines: { items: JsonOutline[]; firstPage: number; pageRefs: string[] }[] = [];
  let firstPage = 0;
  for (const input of inputs) {
    const json = await readJson(['--json-key=outlines', '--json-key=pages'], input.path, context);
    const items = json.outlines ?? [];
    const pageRefs = (json.pages ?? []).map((page) => page.object);
    if (items.length > 0) outlines.push({ items, firstPage, pageRefs });
    firstPage += input.pageCount;
  }
  if (outlines.length === 0) return false;

  const { pages = [] } = await readJson(['--json-key=pages'], merged, context);
  const trailerJson = await readJson(['--json-key=qpdf', '--json-object=trailer'], merged, context);
  const [header, objects] = trailerJson.qpdf ?? [];
  const rootRef = objects?.['trailer']?.value['/Root'];
  if (!header || typeof rootRef !== 'string') return false;
  const rootJson = await readJson(['--json-key=qpdf', `--json-object=${rootRef}`], merged, context);
  const root = rootJson.qpdf?.[1][`obj:${rootRef}`]?.value;
  if (!root) return false;

  let nextId = header.maxobjectid + 1;
  let written = 0;
  const patch: Record<string, { value: Record<string, unknown> }> = {};
  const outlineRoot = `${nextId++} 0 R`;

  /** Writes `items` as linked siblings under `parent`; returns their refs and how many lines show when open. */
  const writeLevel = (items: { item: JsonOutline; source: (typeof outlines)[number] }[], parent: string) => {
    const kept = items.slice(0, Math.max(0, MAX_BOOKMARKS - written));
    written += kept.length;
    const refs = kept.map(() => `${nextId++} 0 R`);
    let visible = 0;
    kept.forEach(({ item, source }, i) => {
      const dict: Record<string, unknown> = { '/Title': `u:${item.title}`, '/Parent': parent };
      if (i > 0) dict['/Prev'] = refs[i - 1];
      if (i < refs.length - 1) dict['/Next'] = refs[i + 1];
      const dest = destinationArray(item.dest);
      const index = dest ? pageIndex(item, dest[0], source.pageRefs) : -1;
      const page = index >= 0 ? pages[source.firstPage + index] : undefined;
      if (page && dest) dict['/Dest'] = [page.object, ...dest.slice(1).filter(isDirectValue)];
      const level = writeLevel(
        item.kids.map((kid) => ({ item: kid, source })),
        refs[i]!,
      );
      if (level.refs.length > 0) {
        dict['/First'] = level.refs[0];
        dict['/Last'] = level.refs[level.refs.length - 1];
        dict['/Count'] = item.open ? level.visible : -level.refs.length;
        if (item.open) visible += level.visible;
      }
      patch[`obj:${refs[i]}`] = { value: dict };
      visible += 1;
    });
    return { refs, visible };
  };

  const top = outlines.flatMap((source) => source.items.map((item) => ({ item, source })));
  const level = writeLevel(top, outlineRoot);
  patch[`obj:${outlineRoot}`] = {
    value: {
      '/Type': '/Outlines',
      '/First': level.refs[0],
      '/Last': level.refs[level.refs.length - 1],
      '/Count': level.visible,
    },
  };
  patch[`obj:${rootRef}`] = { value: { ...root, '/Outlines': outlineRoot } };

  const patchFile = tempPath(context, 'bookmarks', '.json');
  await writeFile(patchFile, JSON.stringify({ qpdf: [{ jsonversion: 2 }, patch] }));
  await runQpdf(['--warning-exit-0', merged, `--update-from-json=${patchFile}`, output], context);
  return true;
}

function destinationArray(dest: unknown): unknown[] | undefined {
  if (Array.isArray(dest)) return dest;
  if (dest && typeof dest === 'object' && '/D' in dest && Array.isArray(dest['/D'])) return dest['/D'];
  return undefined;
}

/** The 0-based page a destination points at in its own document, or -1. */
function pageIndex(item: JsonOutline, target: unknown, pageRefs: readonly string[]): number {
  if (item.destpageposfrom1) return item.destpageposfrom1 - 1;
  if (typeof target === 'string') return pageRefs.indexOf(target);
  if (typeof target === 'number' && Number.isInteger(target) && target < pageRefs.length) return target;
  return -1;
}

/** Numbers, names and null in a destination's view part; anything indirect is left out. */
function isDirectValue(value: unknown): boolean {
  return value === null || typeof value === 'number' || (typeof value === 'string' && value.startsWith('/'));
}
