import { appendFileSync, writeFileSync } from 'node:fs';
import { openPdf } from '../mupdf/open-pdf.js';
import { looksScanned } from './scanned-pages.js';

export interface ExtractTextPayload {
  input: string;
  output: string;
}

export interface ExtractTextResult {
  pages: number;
  /** Pages that had any text (scans have none). */
  pagesWithText: number;
  /** 1-based numbers of the pages that look scanned: no text, and images over a tenth of the page or more. */
  scannedPages: number[];
}

/**
 * The text of every page in reading order (MuPDF's structured text, which follows columns and blocks), written to
 * `output` as UTF-8, one page at a time, each after a `--- Page N ---` line. See docs/decisions/021.
 */
export function extractPageText(payload: ExtractTextPayload): ExtractTextResult {
  const doc = openPdf(payload.input);
  try {
    writeFileSync(payload.output, '');
    const pages = doc.countPages();
    let pagesWithText = 0;
    const scannedPages: number[] = [];
    for (let index = 0; index < pages; index++) {
      const page = doc.loadPage(index);
      const text = page.toStructuredText('preserve-whitespace,dehyphenate').asText().replace(/\s+$/, '');
      if (text.trim() !== '') pagesWithText++;
      else if (looksScanned(page)) scannedPages.push(index + 1);
      page.destroy();
      appendFileSync(payload.output, `${index > 0 ? '\n\n' : ''}--- Page ${index + 1} ---\n${text}`);
    }
    appendFileSync(payload.output, '\n');
    return { pages, pagesWithText, scannedPages };
  } finally {
    doc.destroy();
  }
}
