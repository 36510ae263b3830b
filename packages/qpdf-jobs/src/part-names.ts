/**
 * Names of files inside result archives, after the upload: `report-page-01.pdf`, `report-pages-4-6.pdf`.
 * Only safe characters survive, so a name can never escape the archive or confuse an unzip tool.
 */
export function uploadStem(fileName: string): string {
  const stem = fileName.slice(0, fileName.length - extension(fileName).length);
  const safe = stem
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .replace(/^[.\s-]+|[.\s-]+$/g, '')
    .slice(0, 80);
  return safe || 'document';
}

/** Zero-pads page numbers to the width of the largest one, at least two digits, so names sort. */
export function padPage(page: number, lastPage: number): string {
  return String(page).padStart(Math.max(2, String(lastPage).length), '0');
}

/** `report-page-01.pdf` for one page, `report-pages-4-6.pdf` for a run of pages (the contract's examples). */
export function partName(fileName: string, pages: readonly number[], lastPage: number, extension: string): string {
  const first = pages[0] ?? 1;
  const last = pages[pages.length - 1] ?? first;
  const label = pages.length === 1 ? `page-${padPage(first, lastPage)}` : `pages-${first}-${last}`;
  return `${uploadStem(fileName)}-${label}${extension}`;
}

/** The name's extension with its dot, as Node's `path.extname` finds it (none for `.bashrc`). */
function extension(fileName: string): string {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 && !/^\.+$/.test(base) ? base.slice(dot) : '';
}
