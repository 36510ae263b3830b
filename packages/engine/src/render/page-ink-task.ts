import * as mupdf from 'mupdf';
import { drawTolerantPage } from '../mupdf/broken-images.js';
import { openPdf } from '../mupdf/open-pdf.js';

/**
 * How much of each page is inked, for Remove Blank Pages: every page drawn in gray at a low resolution, where a
 * scanner's specks blur into the white around them, and the share of pixels darker than near-white counted.
 */

/** Low enough that dust and paper grain average out; a line of text still darkens a few hundred pixels. */
export const INK_DPI = 36;
/** Gray levels (0-255) at or above this count as paper: the faint tint of a scanned blank sheet is not ink. */
export const PAPER_LEVEL = 224;

export interface PageInkPayload {
  input: string;
}

export interface PageInkResult {
  /** Per page, in order: the percentage (0-100) of its pixels that are ink. */
  ink: number[];
}

export function measurePageInk(payload: PageInkPayload): PageInkResult {
  const doc = openPdf(payload.input);
  try {
    const ink: number[] = [];
    const matrix = mupdf.Matrix.scale(INK_DPI / 72, INK_DPI / 72);
    for (let index = 0; index < doc.countPages(); index++) {
      const { value } = drawTolerantPage(doc, index, (page) => {
        const pixmap = page.toPixmap(matrix, mupdf.ColorSpace.DeviceGray, false, true);
        try {
          return inkShare(pixmap.getPixels(), pixmap.getWidth() * pixmap.getHeight());
        } finally {
          pixmap.destroy();
        }
      });
      ink.push(value);
    }
    return { ink };
  } finally {
    doc.destroy();
  }
}

/** Percentage of the gray pixels darker than paper. */
export function inkShare(pixels: ArrayLike<number>, count: number): number {
  if (count === 0) return 0;
  let inked = 0;
  for (let index = 0; index < count; index++) if (pixels[index]! < PAPER_LEVEL) inked++;
  return (inked / count) * 100;
}
