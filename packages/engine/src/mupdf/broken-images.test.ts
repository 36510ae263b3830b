import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { brokenImageCodecs, brokenImagePage, brokenImagesPdf } from '../testing/broken-image-fixtures.js';
import { makePdf } from '../testing/make-pdf.js';
import { drawTolerantPage } from './broken-images.js';

function open(bytes: Buffer): mupdf.PDFDocument {
  return mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()!;
}

/** The RGB colour at (x, y) in points from the bottom left of a 72 dpi pixmap of the page. */
function colourAt(pixmap: mupdf.Pixmap, x: number, y: number): number[] {
  const offset =
    Math.round(brokenImagePage.height - y) * pixmap.getStride() + Math.round(x) * pixmap.getNumberOfComponents();
  return [...pixmap.getPixels().subarray(offset, offset + 3)];
}

const draw = (page: mupdf.PDFPage) => page.toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, false, true);

describe('drawTolerantPage', () => {
  it.each(brokenImageCodecs)('draws a page whose %s image does not decode, and says so', (codec) => {
    const doc = open(brokenImagesPdf([codec]));
    try {
      const { value: pixmap, brokenImages } = drawTolerantPage(doc, 0, draw);
      expect(brokenImages).toBe(true);
      const { box } = brokenImagePage;
      expect(colourAt(pixmap, box.x + 10, box.y + 10)).toEqual([255, 0, 0]);
    } finally {
      doc.destroy();
    }
  });

  it('leaves out an image that throws, showing what is under it', () => {
    const doc = open(brokenImagesPdf(['jpx']));
    try {
      expect(() => draw(doc.loadPage(0))).toThrow(/JPX/);
      const { value: pixmap } = drawTolerantPage(doc, 0, draw);
      const { image } = brokenImagePage;
      expect(colourAt(pixmap, image.x + image.width / 2, image.y + image.height / 2)).toEqual([255, 0, 0]);
    } finally {
      doc.destroy();
    }
  });

  it('draws a sound page once and throws what is not about an image', () => {
    const doc = open(makePdf());
    try {
      let draws = 0;
      expect(drawTolerantPage(doc, 0, () => ++draws)).toEqual({ value: 1, brokenImages: false });
      expect(() =>
        drawTolerantPage(doc, 0, () => {
          throw new Error('not an image');
        }),
      ).toThrow('not an image');
    } finally {
      doc.destroy();
    }
  });
});
