import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { loadImage } from './pdf-objects.js';

/**
 * mupdf.js 1.28 took two references to every image `loadImage` loaded, so none was ever freed (docs/decisions/105):
 * a photo book's every JPEG stayed in the worker's heap. A freed image's memory is reused by the next load of the
 * same size, so its address repeats; a kept one makes every load land somewhere new.
 * Runs isolated: what other test files loaded in this thread's MuPDF would move where the loads land.
 */
describe('loadImage', () => {
  it('loads an image that destroy() and an emptied store free', () => {
    const doc = new mupdf.PDFDocument();
    try {
      const ref = doc.addStream(new Uint8Array(300 * 300).fill(7), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 300,
        Height: 300,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
      });
      const addresses = new Set<number>();
      for (let load = 0; load < 4; load++) {
        const image = loadImage(doc, ref);
        expect(image.getWidth()).toBe(300);
        // Usable until destroyed: drawn into a pixmap.
        const pixmap = image.toPixmap();
        expect(pixmap.getPixels()[0]).toBe(7);
        pixmap.destroy();
        addresses.add(image.pointer);
        image.destroy();
        mupdf.emptyStore();
      }
      expect(addresses.size).toBe(1);
    } finally {
      doc.destroy();
    }
  });
});
