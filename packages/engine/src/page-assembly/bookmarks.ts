import { readFile, rm, writeFile } from 'node:fs/promises';
import { concurrencyLimit } from '../jobs/concurrency-limit.js';
import { tempPath } from '../jobs/temp-path.js';
import { runQpdf } from '../programs/qpdf.js';
import type { ToolContext } from '../jobs/tool-runner.js';

/**
 * Bookmarks (outlines) carried over to a document built with `qpdf --empty --pages`, which drops them: each
 * source's outline tree is read, every destination moved to where its page went in the new document, and the
 * tree written with `qpdf --update-from-json`. Merge and organize use it (docs/decisions/011 and 090).
 */

export interface BookmarkSource {
  /** A PDF whose outline is carried over. */
  path: string;
  /**
   * Where a page of this source is in the new document (0-based in, 0-based out), or undefined when it was left
   * out: its bookmarks go too, unless one of their children still points at a kept page.
   */
  outputPage: (sourcePage: number) => number | undefined;
}

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

/** Bookmarks beyond this many are left out: they would only slow the job down. */
const MAX_BOOKMARKS = 10_000;

interface SourceOutline {
  items: JsonOutline[];
  source: BookmarkSource;
  pageRefs: string[];
}

/**
 * Writes `output`: `built` with the sources' bookmarks, in source order, pointing at their pages in `built`.
 * Returns false (and writes nothing) when no source has a bookmark to keep. The destination view (/Fit, /XYZ ...)
 * is kept; only the page changes. A bookmark whose target cannot be resolved keeps its title without a target.
 */
export async function carryBookmarks(
  sources: readonly BookmarkSource[],
  built: string,
  output: string,
  context: ToolContext,
): Promise<boolean> {
  // The sources' outlines are read side by side, a few at a time (a merge may have many sources).
  const gate = concurrencyLimit(Math.max(2, context.cores ?? 2));
  const read = await Promise.all(
    sources.map((source) =>
      gate(async (): Promise<SourceOutline> => {
        const json = await readJson(['--json-key=outlines', '--json-key=pages'], source.path, context);
        return { items: json.outlines ?? [], source, pageRefs: (json.pages ?? []).map((page) => page.object) };
      }),
    ),
  );
  const outlines = read.filter((outline) => outline.items.length > 0);
  if (outlines.length === 0) return false;

  const { pages = [] } = await readJson(['--json-key=pages'], built, context);
  const trailerJson = await readJson(['--json-key=qpdf', '--json-object=trailer'], built, context);
  const [header, objects] = trailerJson.qpdf ?? [];
  const rootRef = objects?.['trailer']?.value['/Root'];
  if (!header || typeof rootRef !== 'string') return false;
  const rootJson = await readJson(['--json-key=qpdf', `--json-object=${rootRef}`], built, context);
  const root = rootJson.qpdf?.[1][`obj:${rootRef}`]?.value;
  if (!root) return false;

  /** The page in `built` an item points at: a page object, null if unresolvable, 'removed' if left out. */
  const targetOf = (item: JsonOutline, outline: SourceOutline): string | null | 'removed' => {
    const dest = destinationArray(item.dest);
    const index = dest ? pageIndex(item, dest[0], outline.pageRefs) : -1;
    if (index < 0) return null;
    const position = outline.source.outputPage(index);
    if (position === undefined) return 'removed';
    return pages[position]?.object ?? null;
  };
  /** Items to write: those whose page stayed, or that lead to one that did. */
  const keep = (item: JsonOutline, outline: SourceOutline): boolean =>
    targetOf(item, outline) !== 'removed' || item.kids.some((kid) => keep(kid, outline));

  let nextId = header.maxobjectid + 1;
  let written = 0;
  const patch: Record<string, { value: Record<string, unknown> }> = {};
  const outlineRoot = `${nextId++} 0 R`;

  /** Writes `items` as linked siblings under `parent`; returns their refs and how many lines show when open. */
  const writeLevel = (items: { item: JsonOutline; outline: SourceOutline }[], parent: string) => {
    const kept = items
      .filter(({ item, outline }) => keep(item, outline))
      .slice(0, Math.max(0, MAX_BOOKMARKS - written));
    written += kept.length;
    const refs = kept.map(() => `${nextId++} 0 R`);
    let visible = 0;
    kept.forEach(({ item, outline }, i) => {
      const dict: Record<string, unknown> = { '/Title': `u:${item.title}`, '/Parent': parent };
      if (i > 0) dict['/Prev'] = refs[i - 1];
      if (i < refs.length - 1) dict['/Next'] = refs[i + 1];
      const dest = destinationArray(item.dest);
      const target = targetOf(item, outline);
      if (dest && target && target !== 'removed') dict['/Dest'] = [target, ...dest.slice(1).filter(isDirectValue)];
      const level = writeLevel(
        item.kids.map((kid) => ({ item: kid, outline })),
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

  const top = outlines.flatMap((outline) => outline.items.map((item) => ({ item, outline })));
  const level = writeLevel(top, outlineRoot);
  if (level.refs.length === 0) return false;
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
  await runQpdf(['--warning-exit-0', built, `--update-from-json=${patchFile}`, output], context);
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
