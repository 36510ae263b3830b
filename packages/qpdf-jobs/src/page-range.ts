import type { PageSpan } from '@paperknife/catalog/page-ranges';
/** Page numbers as a qpdf page range, runs folded: [1,2,3,7,5] -> `1-3,7,5`. Order and repeats are kept. */
export function qpdfPageRange(pages: readonly number[]): string {
  const parts: string[] = [];
  let start = pages[0];
  let previous = start;
  for (const page of [...pages.slice(1), undefined]) {
    if (page !== undefined && previous !== undefined && page === previous + 1) {
      previous = page;
      continue;
    }
    if (start !== undefined) parts.push(start === previous ? String(start) : `${start}-${previous}`);
    start = page;
    previous = page;
  }
  return parts.join(',');
}

/**
 * qpdf's range for page spans as the user wrote them, an open end as qpdf's "last page" (`7-` as `7-z`): usable
 * before the document's page count is known. The spans must still be checked against that count.
 */
export function qpdfSpanRange(spans: readonly PageSpan[]): string {
  return spans
    .map(({ from, to }) => (to === null ? `${from}-z` : from === to ? String(from) : `${from}-${to}`))
    .join(',');
}

/**
 * The options of every run that writes a document from pages: the /ID from the content rather than the clock and
 * the file name, so the server's qpdf and the browser's write the same bytes from the same input.
 */
export const WRITE_OPTIONS = ['--deterministic-id'] as const;
