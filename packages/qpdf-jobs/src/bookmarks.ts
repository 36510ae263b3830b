import { appendUpdate, readCatalogue } from './incremental-update.js';
import { WRITE_OPTIONS } from './page-range.js';
import { type PdfDict, PdfRef, type PdfValue, name } from './pdf-syntax.js';
import type { QpdfFile } from './qpdf-runner.js';
import { type QpdfSession, type SourceDocument, lenient, outputOf, readWhole, runChecked } from './qpdf-session.js';
import type { JsonOutline, SourceOutline } from './source-outline.js';

export type { SourceOutline } from './source-outline.js';

/**
 * Bookmarks (outlines) carried over to a document built with `qpdf --empty --pages`, which drops them: each
 * source's outline tree is read (beside the qpdf run that builds the document), every destination moved to where
 * its page went, and the new tree appended to the built file as an incremental update, so qpdf neither reads nor
 * writes the whole document a second time. Merge and organize use it (docs/decisions/011 and 090).
 */

/** A source's outline and where its pages went. */
export interface BookmarkSource {
  outline: SourceOutline;
  /**
   * Where a page of this source is in the new document (0-based in, 0-based out), or undefined when it was left
   * out: its bookmarks go too, unless one of their children still points at a kept page.
   */
  outputPage: (sourcePage: number) => number | undefined;
}

/**
 * The sources of a document made of whole documents one after another (Merge; a spreadsheet exported in parts):
 * each outline with its pages moved past those of the documents before it, which have `pageCounts` pages.
 */
export function oneAfterAnother(outlines: readonly SourceOutline[], pageCounts: readonly number[]): BookmarkSource[] {
  let firstPage = 0;
  return outlines.map((outline, index) => {
    const offset = firstPage;
    firstPage += pageCounts[index]!;
    return { outline, outputPage: (page: number) => offset + page };
  });
}

/** Bookmarks beyond this many are left out: they would only slow the job down. */
const MAX_BOOKMARKS = 10_000;

/**
 * A PDF's outline, read as qpdf's JSON (written to a file: it can be far larger than a pipe's captured output).
 * qpdf's warnings here change nothing: the document's own run decides about damage.
 */
export async function readOutline(session: QpdfSession, file: QpdfFile): Promise<SourceOutline> {
  return outlineFromJson(await readOutlineJson(session, file));
}

/** A source's outline: the one its caller already read (`SourceDocument.outline`), else read here (readOutline). */
export async function outlineOf(session: QpdfSession, source: SourceDocument): Promise<SourceOutline> {
  return (await source.outline) ?? readOutline(session, source.file);
}

/** A source's outline from qpdf's JSON with the keys `outlines` and `pages`. */
export function outlineFromJson(json: { outlines?: JsonOutline[]; pages?: { object: string }[] }): SourceOutline {
  return { items: json.outlines ?? [], pageRefs: (json.pages ?? []).map((page) => page.object) };
}

async function readOutlineJson(session: QpdfSession, file: QpdfFile) {
  const args = ['--json=2', '--json-key=outlines', '--json-key=pages', 'input.pdf', 'outline.json'];
  const run = await runChecked(lenient(session), {
    args,
    inputs: new Map([['input.pdf', file]]),
    outputs: ['outline.json'],
  });
  return JSON.parse(new TextDecoder().decode(await readWhole(session, outputOf(run, 'outline.json')))) as {
    outlines?: JsonOutline[];
    pages?: { object: string }[];
  };
}

/**
 * The document at `built` with the sources' bookmarks, in source order, pointing at their pages in it: `built`
 * itself, the bookmarks appended, or `built` unchanged when no source has one to keep. The destination view (/Fit,
 * /XYZ ...) is kept; only the page changes. A bookmark whose target cannot be resolved keeps its title without a
 * target. A file of a shape the update cannot extend (qpdf writes none after `--empty --pages`) is rewritten once
 * by qpdf into one that it can.
 */
export async function addBookmarks(
  session: QpdfSession,
  sources: readonly BookmarkSource[],
  built: QpdfFile,
): Promise<QpdfFile> {
  if (!sources.some((source) => source.outline.items.length > 0)) return built;
  let file = built;
  let catalogue = await readCatalogue(session, file);
  if (!catalogue) {
    const args = [...WRITE_OPTIONS, '--object-streams=disable', '--decrypt', 'built.pdf', 'classic.pdf'];
    const run = await runChecked(lenient(session), {
      args,
      inputs: new Map([['built.pdf', built]]),
      outputs: ['classic.pdf'],
    });
    file = outputOf(run, 'classic.pdf');
    catalogue = await readCatalogue(session, file);
    if (!catalogue) throw new Error('qpdf wrote a file whose catalogue the update cannot extend');
  }
  const { pages } = catalogue;

  /** The page in `built` an item points at: its object, null if unresolvable, 'removed' if left out. */
  const targetOf = (item: JsonOutline, source: BookmarkSource): number | null | 'removed' => {
    const dest = destinationArray(item.dest);
    const index = dest ? pageIndex(item, dest[0], source.outline.pageRefs) : -1;
    if (index < 0) return null;
    const position = source.outputPage(index);
    if (position === undefined) return 'removed';
    return pages[position] ?? null;
  };
  /** Items to write: those whose page stayed, or that lead to one that did. */
  const keep = (item: JsonOutline, source: BookmarkSource): boolean =>
    targetOf(item, source) !== 'removed' || item.kids.some((kid) => keep(kid, source));

  // Objects numbered from the file's next free number, in the order they are pushed.
  const objects: PdfDict[] = [];
  const reserve = () => catalogue.size + objects.push({}) - 1;
  const set = (object: number, dict: PdfDict) => (objects[object - catalogue.size] = dict);
  let written = 0;
  const outlineRoot = reserve();

  /** Writes `items` as linked siblings under `parent`; returns their objects and how many lines show when open. */
  const writeLevel = (items: { item: JsonOutline; source: BookmarkSource }[], parent: number) => {
    const kept = items.filter(({ item, source }) => keep(item, source)).slice(0, Math.max(0, MAX_BOOKMARKS - written));
    written += kept.length;
    const refs = kept.map(() => reserve());
    let visible = 0;
    kept.forEach(({ item, source }, i) => {
      const dest = destinationArray(item.dest);
      const target = targetOf(item, source);
      const level = writeLevel(
        item.kids.map((kid) => ({ item: kid, source })),
        refs[i]!,
      );
      const children: PdfDict =
        level.refs.length === 0
          ? {}
          : {
              First: new PdfRef(level.refs[0]!),
              Last: new PdfRef(level.refs.at(-1)!),
              Count: item.open ? level.visible : -level.refs.length,
            };
      if (item.open) visible += level.visible;
      set(refs[i]!, {
        Title: item.title,
        Parent: new PdfRef(parent),
        Prev: i > 0 ? new PdfRef(refs[i - 1]!) : undefined,
        Next: i < refs.length - 1 ? new PdfRef(refs[i + 1]!) : undefined,
        Dest: dest && typeof target === 'number' ? [new PdfRef(target), ...view(dest.slice(1))] : undefined,
        ...children,
      });
      visible += 1;
    });
    return { refs, visible };
  };

  const top = sources.flatMap((source) => source.outline.items.map((item) => ({ item, source })));
  const level = writeLevel(top, outlineRoot);
  if (level.refs.length === 0) return file;
  set(outlineRoot, {
    Type: name('Outlines'),
    First: new PdfRef(level.refs[0]!),
    Last: new PdfRef(level.refs.at(-1)!),
    Count: level.visible,
  });
  return appendUpdate(session, file, catalogue, objects, { Outlines: new PdfRef(outlineRoot) });
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

/**
 * A destination's view (`/XYZ left top zoom`, `/FitH top` ...) as qpdf's JSON gives it: numbers, null and names of
 * letters. Anything else (an indirect value, a stray string) is left out.
 */
function view(values: readonly unknown[]): PdfValue[] {
  return values.flatMap((value): PdfValue[] => {
    if (value === null) return [null];
    if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e9) return [value];
    if (typeof value === 'string' && /^\/[A-Za-z]+$/.test(value)) return [name(value.slice(1))];
    return [];
  });
}
