import type { PDFPage } from 'mupdf';

/**
 * Which pages hold a picture of text rather than text: the pages OCR is offered for (Extract Text, PDF to Word).
 * A page counts when it has no text and images cover a tenth of it or more (a blank page or a small logo does not).
 */

/** Share of a page that images must cover for a page without text to count as a scan (not a blank page). */
const SCAN_IMAGE_SHARE = 0.1;

/** Share of the page's area that image blocks cover (overlaps counted twice: a scan is one image, so they rarely matter). */
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

/** A page without text (the caller knows) that shows an image big enough to be a scan of text. */
export function looksScanned(page: PDFPage): boolean {
  return imageShare(page) >= SCAN_IMAGE_SHARE;
}
