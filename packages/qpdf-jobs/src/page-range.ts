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
 * The options of every run that writes a document from pages: the /ID from the content rather than the clock and
 * the file name, so the server's qpdf and the browser's write the same bytes from the same input.
 */
export const WRITE_OPTIONS = ['--deterministic-id'] as const;
