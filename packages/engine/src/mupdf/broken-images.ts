import * as mupdf from 'mupdf';
import * as shared from '@paperknife/mupdf-jobs/broken-images';

/**
 * Damaged images inside pages (`@paperknife/mupdf-jobs/broken-images`, which the browser runs too), with the
 * server's `mupdf` module bound. See docs/decisions/021.
 */
export type { DrawnPage } from '@paperknife/mupdf-jobs/broken-images';

/** A JPEG that MuPDF decodes whole, without an error: one that Extract Images may copy out as it is stored. */
export function jpegDecodes(doc: mupdf.PDFDocument, ref: mupdf.PDFObject): boolean {
  return shared.jpegDecodes(mupdf, doc, ref);
}

/** Runs `draw` on page `index` (0-based), drawing it without the images MuPDF cannot decode. */
export function drawTolerantPage<T>(
  doc: mupdf.PDFDocument,
  index: number,
  draw: (page: mupdf.PDFPage) => T,
): shared.DrawnPage<T> {
  return shared.drawTolerantPage(mupdf, doc, index, draw);
}
