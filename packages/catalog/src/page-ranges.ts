import { ToolError } from './errors.js';

/** One piece of a page range: `from` to `to` inclusive, 1-based; `to: null` means "to the last page". */
export interface PageSpan {
  from: number;
  to: number | null;
}

const SPAN = /^(\d+)(?:(-)(\d*))?$/;

/**
 * Parses `1-3,5,7-` (spaces ignored). Throws `invalid_page_range` with a message naming the bad piece.
 * Only syntax is checked here; `resolvePageSpans` checks the numbers against a document.
 */
export function parsePageRanges(input: string): PageSpan[] {
  const compact = input.replace(/\s+/g, '');
  if (compact === '') {
    throw new ToolError('invalid_page_range', 'Enter the pages to use, for example 1-3,5,7-9.');
  }
  return compact.split(',').map((piece) => {
    const match = SPAN.exec(piece);
    if (!match) {
      throw new ToolError(
        'invalid_page_range',
        `"${piece || ','}" is not a page or a range. Use page numbers and ranges such as 1-3,5,7-9.`,
      );
    }
    const from = Number(match[1]);
    const to = match[2] ? (match[3] ? Number(match[3]) : null) : from;
    if (from < 1 || (to !== null && to < 1)) {
      throw new ToolError('invalid_page_range', 'Page numbers start at 1.');
    }
    if (to !== null && to < from) {
      throw new ToolError('invalid_page_range', `The range ${piece} goes backwards: write the smaller page first.`);
    }
    return { from, to };
  });
}

/** Expands spans to page numbers for a document of `pageCount` pages, in the order written. */
export function resolvePageSpans(spans: readonly PageSpan[], pageCount: number): number[][] {
  return spans.map(({ from, to }) => {
    const last = to ?? pageCount;
    const beyond = Math.max(from, last);
    if (beyond > pageCount) {
      throw new ToolError(
        'page_out_of_range',
        `Page ${beyond} does not exist: this PDF has ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}.`,
      );
    }
    return Array.from({ length: last - from + 1 }, (_, i) => from + i);
  });
}

/** Parses and resolves in one go: each span becomes its list of pages. */
export function pageGroups(input: string, pageCount: number): number[][] {
  return resolvePageSpans(parsePageRanges(input), pageCount);
}

/** The pages a range selects, in the order written (duplicates kept, as extract keeps them). */
export function selectPages(input: string, pageCount: number): number[] {
  return pageGroups(input, pageCount).flat();
}

/** The set of pages an optional range selects; an empty or missing range means every page. */
export function pageSet(input: string | undefined, pageCount: number): Set<number> {
  if (input === undefined || input.trim() === '') {
    return new Set(Array.from({ length: pageCount }, (_, i) => i + 1));
  }
  return new Set(selectPages(input, pageCount));
}
