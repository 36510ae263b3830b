import { ToolError } from './errors.js';
import { resolvePageSpans } from './page-ranges.js';

/**
 * The page-spec of Organize PDF: the pages of the new document, in order. Comma-separated items, spaces ignored,
 * letters in any case:
 * - `3` a page, `1-3` a range, `5-` from page 5 to the last page;
 * - `blank` a blank page the size of the page before it (of the page after it when it comes first);
 * - a suffix `r90`, `r180` or `r270` turns the item clockwise, on top of the page's own rotation: `4r90`, `1-3r180`.
 * Pages may repeat (a copy) and be left out (deleted). Example: `3,1-2,4r90,blank,5-`.
 */

/** Clockwise turn added to a page's own rotation. */
export type PageTurn = 0 | 90 | 180 | 270;

export const pageTurns = [0, 90, 180, 270] as const satisfies readonly PageTurn[];

export type PageSpecItem =
  { kind: 'pages'; from: number; to: number | null; turn: PageTurn } | { kind: 'blank'; turn: PageTurn };

/** One page of the new document: a page of the original (1-based) or a blank page, and its added turn. */
export type PageSpecEntry = { kind: 'page'; page: number; turn: PageTurn } | { kind: 'blank'; turn: PageTurn };

export const PAGE_SPEC_EXAMPLE = '3,1-2,4r90,blank,5-';

const ITEM = /^(?:(\d+)(?:(-)(\d*))?|(blank))(?:r(\d+))?$/;

/** Parses the syntax; `resolvePageSpec` checks the page numbers against a document. */
export function parsePageSpec(input: string): PageSpecItem[] {
  const compact = input.replace(/\s+/g, '').toLowerCase();
  if (compact === '') {
    throw new ToolError('invalid_page_range', `Enter the pages in their new order, for example ${PAGE_SPEC_EXAMPLE}.`);
  }
  return compact.split(',').map((piece) => {
    if (piece === '') {
      throw new ToolError(
        'invalid_page_range',
        `An item is empty: remove the extra comma. Example: ${PAGE_SPEC_EXAMPLE}.`,
      );
    }
    const match = ITEM.exec(piece);
    if (!match) {
      throw new ToolError(
        'invalid_page_range',
        `"${piece}" is not a page, a range or "blank". Write items such as ${PAGE_SPEC_EXAMPLE}.`,
      );
    }
    const turn = parseTurn(match[5], piece);
    if (match[4]) return { kind: 'blank', turn };
    const from = Number(match[1]);
    const to = match[2] ? (match[3] ? Number(match[3]) : null) : from;
    if (from < 1 || (to !== null && to < 1)) {
      throw new ToolError('invalid_page_range', 'Page numbers start at 1.');
    }
    if (to !== null && to < from) {
      throw new ToolError(
        'invalid_page_range',
        `The range ${piece} goes backwards: write the smaller page first, or list the pages one by one (3,2,1).`,
      );
    }
    return { kind: 'pages', from, to, turn };
  });
}

function parseTurn(degrees: string | undefined, piece: string): PageTurn {
  if (degrees === undefined) return 0;
  const turn = Number(degrees);
  if (turn === 90 || turn === 180 || turn === 270) return turn;
  throw new ToolError(
    'invalid_page_range',
    `"${piece}" has a rotation of ${degrees}: use r90, r180 or r270 (clockwise), as in 4r90.`,
  );
}

/** Expands the items to the pages of the new document for a PDF of `pageCount` pages. */
export function resolvePageSpec(items: readonly PageSpecItem[], pageCount: number): PageSpecEntry[] {
  const entries = items.flatMap((item): PageSpecEntry[] => {
    if (item.kind === 'blank') return [item];
    const [pages = []] = resolvePageSpans([item], pageCount);
    return pages.map((page) => ({ kind: 'page', page, turn: item.turn }));
  });
  if (!entries.some((entry) => entry.kind === 'page')) {
    throw new ToolError('no_pages_left', 'Keep at least one page of the PDF: the result cannot be only blank pages.');
  }
  return entries;
}

/** Parses and resolves in one go. */
export function organizePages(input: string, pageCount: number): PageSpecEntry[] {
  return resolvePageSpec(parsePageSpec(input), pageCount);
}

/**
 * Writes entries as a spec, runs of consecutive pages with the same turn folded into ranges:
 * the editor's output, and what `organizePages` reads back to the same entries.
 */
export function formatPageSpec(entries: readonly PageSpecEntry[]): string {
  const items: string[] = [];
  let index = 0;
  while (index < entries.length) {
    const entry = entries[index]!;
    const suffix = entry.turn === 0 ? '' : `r${entry.turn}`;
    if (entry.kind === 'blank') {
      items.push(`blank${suffix}`);
      index += 1;
      continue;
    }
    let last = index;
    for (;;) {
      const next = entries[last + 1];
      const current = entries[last]!;
      if (next?.kind !== 'page' || current.kind !== 'page') break;
      if (next.page !== current.page + 1 || next.turn !== entry.turn) break;
      last += 1;
    }
    const end = entries[last]!;
    const range = end.kind === 'page' && end.page !== entry.page ? `${entry.page}-${end.page}` : `${entry.page}`;
    items.push(`${range}${suffix}`);
    index = last + 1;
  }
  return items.join(',');
}

/** The pages of a document in their own order: the editor's starting point. */
export function identityPageSpec(pageCount: number): PageSpecEntry[] {
  return Array.from({ length: pageCount }, (_, i) => ({ kind: 'page', page: i + 1, turn: 0 }));
}
