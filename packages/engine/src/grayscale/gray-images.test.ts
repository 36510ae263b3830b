import { readFileSync, writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { convertToGray } from '../programs/ghostscript.js';
import { tempPath } from '../jobs/temp-path.js';
import {
  COLOUR_IMAGE_NAMES,
  colourImagesPdf,
  largestCellDifference,
  renderGray,
} from '../testing/grayscale-fixtures.js';
import { jobPerTest } from '../testing/test-job.js';
import { grayColourImages } from './gray-images.js';
import { nameOf } from '../mupdf/pdf-objects.js';

const job = jobPerTest();

/** Each fixture image's colour space and filter, by its name in `COLOUR_IMAGE_NAMES`. */
function imageShapes(doc: mupdf.PDFDocument): Record<string, string> {
  const xobjects = doc.findPage(0).get('Resources', 'XObject');
  const shapes: Record<string, string> = {};
  for (const name of COLOUR_IMAGE_NAMES) {
    const image = name === 'nested' ? xobjects.get('Form', 'Resources', 'XObject', 'Im') : xobjects.get(name);
    shapes[name] = `${nameOf(image.get('ColorSpace'))} ${nameOf(image.get('Filter'))}`;
  }
  return shapes;
}

describe('grayColourImages', () => {
  it('turns large RGB, CMYK and soft-masked JPEG images gray as Ghostscript would, wherever they are drawn', async () => {
    const original = await job.input('images.pdf', await colourImagesPdf());
    const prepared = tempPath(job.context, 'prepared');
    const doc = new mupdf.PDFDocument(readFileSync(original.path));
    try {
      expect(grayColourImages(doc)).toBe(4);
      expect(imageShapes(doc)).toEqual({
        rgb: 'DeviceGray FlateDecode',
        cmyk: 'DeviceGray FlateDecode',
        jpegWithSoftMask: 'DeviceGray FlateDecode',
        nested: 'DeviceGray FlateDecode',
        // Left to Ghostscript: an inverting /Decode, a colour-key mask (its ranges are colours), a small image.
        inverted: 'DeviceRGB FlateDecode',
        colourKeyMasked: 'DeviceRGB FlateDecode',
        small: 'DeviceRGB FlateDecode',
      });
      writeFileSync(prepared, doc.saveToBuffer('incremental').asUint8Array());
    } finally {
      doc.destroy();
    }

    // Through Ghostscript, the prepared copy draws each converted image as the original's colours look in gray
    // (MuPDF draws both: it honours the soft mask's /Matte, which poppler ignores), and as Ghostscript's own
    // conversion of the original draws the images without a matte: MuPDF's ICC conversion matches Ghostscript's.
    const [fromOriginal, fromPrepared] = [tempPath(job.context, 'gs-original'), tempPath(job.context, 'gs-prepared')];
    await convertToGray(original.path, fromOriginal, job.context);
    await convertToGray(prepared, fromPrepared, job.context);
    const [source, ghostscript, ours] = [original.path, fromOriginal, fromPrepared].map(renderGray);
    const converted = ['rgb', 'cmyk', 'jpegWithSoftMask', 'nested'] as const;
    for (const name of converted) expect(largestCellDifference(source!, ours!, name), name).toBeLessThanOrEqual(3);
    for (const name of ['rgb', 'cmyk', 'nested'] as const) {
      expect(largestCellDifference(ghostscript!, ours!, name), name).toBeLessThanOrEqual(2);
    }
  });

  it('stops at its byte budget and leaves the other images to Ghostscript', async () => {
    const doc = new mupdf.PDFDocument(await colourImagesPdf());
    try {
      // The first image's gray data goes over one byte: every later one stays as it is.
      expect(grayColourImages(doc, 1)).toBe(1);
      const shapes = Object.values(imageShapes(doc));
      expect(shapes.filter((shape) => shape === 'DeviceGray FlateDecode')).toHaveLength(1);
    } finally {
      doc.destroy();
    }
  });
});
