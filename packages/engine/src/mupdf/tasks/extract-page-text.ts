import { appendFileSync, writeFileSync } from 'node:fs';
import type { PDFPage } from 'mupdf';
import { openPdf } from '../open-pdf.js';

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

/** Share of a page that images must cover for a page without text to count as a scan (not a blank page). */
const SCAN_IMAGE_SHARE = 0.1;

/** Area of the page that image blocks cover (overlaps counted twice: a scan is one image, so they rarely matter). */
function imageShare(page: PDFPage): number {
  const [x0, y0, x1, y1] = page.getBounds();
  const pageArea = Math.max(1, (x1 - x0) * (y1 - y0));
  let covered = 0;
  try {
    const stext = page.toStructuredText('preserve-images');
    try {
      stext.walk({
        onImageBlock([ix0, iy0, ix1, iy1]) {
          covered += Math.max(0, ix1 - ix0) * Math.max(0, iy1 - iy0);
        },
      });
    } finally {
      stext.destroy();
    }
  } catch {
    // An image MuPDF cannot decode: the page is not offered to OCR, and its (empty) text stands.
    return 0;
  }
  return covered / pageArea;
}

/**
 * The text of every page in reading order (MuPDF's structured text, which follows columns and blocks), written to
 * `output` as UTF-8, one page at a time, each after a `--- Page N ---` line. See docs/decisions/021.
 */
export default function extractPageText(payload: ExtractTextPayload): ExtractTextResult {
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
      else if (imageShare(page) >= SCAN_IMAGE_SHARE) scannedPages.push(index + 1);
      page.destroy();
      appendFileSync(payload.output, `${index > 0 ? '\n\n' : ''}--- Page ${index + 1} ---\n${text}`);
    }
    appendFileSync(payload.output, '\n');
    return { pages, pagesWithText, scannedPages };
  } finally {
    doc.destroy();
  }
}
