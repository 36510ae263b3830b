import type * as mupdf from 'mupdf';
import { looksScanned } from './scanned-pages.js';

export interface PageTextResult {
  pages: number;
  /** Pages that had any text (scans have none). */
  pagesWithText: number;
  /** 1-based numbers of the pages that look scanned: no text, and images over a tenth of the page or more. */
  scannedPages: number[];
}

/**
 * The text of every page in reading order (MuPDF's structured text, which follows columns and blocks), handed to
 * `write` one page at a time, each after a `--- Page N ---` line, and a final line break: the server appends the
 * pieces to a file, the device joins them. See docs/decisions/021.
 */
export function readPageText(doc: mupdf.PDFDocument, write: (text: string) => void): PageTextResult {
  const pages = doc.countPages();
  let pagesWithText = 0;
  const scannedPages: number[] = [];
  for (let index = 0; index < pages; index++) {
    const page = doc.loadPage(index);
    const text = page.toStructuredText('preserve-whitespace,dehyphenate').asText().replace(/\s+$/, '');
    if (text.trim() !== '') pagesWithText++;
    else if (looksScanned(page)) scannedPages.push(index + 1);
    page.destroy();
    write(`${index > 0 ? '\n\n' : ''}--- Page ${index + 1} ---\n${text}`);
  }
  write('\n');
  return { pages, pagesWithText, scannedPages };
}
