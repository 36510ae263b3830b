import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../testing/make-pdf.js';
import { jpegQuality, pageImages, restoreJpegImages } from './blanked-images.js';

/** A photo-like picture: smooth gradients with a little noise, as JPEG compresses a photo. */
async function photoJpeg(quality: number, width = 320, height = 240, gray = false): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const noise = ((x * 7919 + y * 104729) % 23) - 11;
      pixels[i] = Math.min(255, Math.max(0, (x * 255) / width + noise));
      pixels[i + 1] = Math.min(255, Math.max(0, (y * 255) / height - noise));
      pixels[i + 2] = 128 + noise;
    }
  }
  const picture = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (gray ? picture.toColourspace('b-w') : picture).jpeg({ quality }).toBuffer();
}

/** Redacts the left half of page 1's picture with MuPDF, as Redact PDF and Crop's removal do. */
function redactLeftHalf(pdf: Buffer, restore: boolean) {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf') as mupdf.PDFDocument;
  const page = doc.loadPage(0) as mupdf.PDFPage;
  const before = pageImages(page);
  // The picture covers 320 x 240 pt at (100, 400) from the bottom left: MuPDF's page space is top-left based.
  page.createAnnotation('Redact').setRect([100, 792 - 640, 260, 792 - 400]);
  page.applyRedactions(false, mupdf.PDFPage.REDACT_IMAGE_PIXELS, 0, 0);
  const restored = restore ? restoreJpegImages(doc, page, before) : 0;
  const saved = doc.saveToBuffer('garbage=4,compress').asUint8Array().slice();
  page.destroy();
  doc.destroy();
  const out = mupdf.Document.openDocument(saved, 'application/pdf') as mupdf.PDFDocument;
  const image = firstImage(out);
  return { restored, filter: image.get('Filter').asName(), bytes: image.readRawStream().asUint8Array().length, out };
}

/** The same PDF with page 1's resources moved up to the page tree, which its pages inherit. */
function withInheritedResources(pdf: Buffer): Buffer {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf') as mupdf.PDFDocument;
  const page = doc.findPage(0);
  page.get('Parent').put('Resources', page.get('Resources'));
  page.delete('Resources');
  const saved = Buffer.from(doc.saveToBuffer('').asUint8Array());
  doc.destroy();
  return saved;
}

function firstImage(doc: mupdf.PDFDocument): mupdf.PDFObject {
  let found: mupdf.PDFObject | undefined;
  doc
    .loadPage(0)
    .getObject()
    .getInheritable('Resources')
    .get('XObject')
    .forEach((value) => (found ??= value));
  if (!found) throw new Error('the page draws no image');
  return found;
}

describe('images blanked by a redaction', () => {
  it('reads the libjpeg quality a JPEG was written at from its quantisation table', async () => {
    for (const quality of [40, 75, 90, 95]) {
      expect(Math.abs(jpegQuality(await photoJpeg(quality, 64, 48))! - quality)).toBeLessThanOrEqual(1);
    }
    expect(jpegQuality(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBeUndefined();
  });

  it.each([
    ['RGB', false],
    ['gray', true],
  ])('go back to JPEG at their quality, blank where redacted and as they were elsewhere (%s)', async (_, gray) => {
    const jpeg = await photoJpeg(80, 320, 240, gray);
    const image = { jpeg, pixelWidth: 320, pixelHeight: 240, x: 100, y: 400, width: 320, height: 240, gray };
    const pdf = makePdf({ pages: [{ text: [], image }] });
    const lossless = redactLeftHalf(pdf, false);
    const kept = redactLeftHalf(pdf, true);
    expect(lossless.filter).not.toBe('DCTDecode');
    expect(kept).toMatchObject({ restored: 1, filter: 'DCTDecode' });
    // MuPDF's lossless image is several times the JPEG; the restored one stays near it.
    expect(lossless.bytes).toBeGreaterThan(2 * jpeg.length);
    expect(kept.bytes).toBeLessThan(1.2 * jpeg.length);

    const pixmap = kept.out.loadPage(0).toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, false);
    const samples = pixmap.getPixels();
    const stride = pixmap.getStride();
    const at = (x: number, y: number) => [0, 1, 2].map((c) => samples[y * stride + x * 3 + c]!);
    // Blanked half (page y 152..392 from the top): white, or near it after the encoding.
    for (const [x, y] of [
      [110, 200],
      [200, 300],
      [250, 380],
    ] as const) {
      for (const value of at(x, y)) expect(value).toBeGreaterThan(245);
    }
    // The kept half matches the picture (a gray one too, whose JPEG must keep one component): red rises left to
    // right, green top to bottom, and gray with both.
    const [red1, green1] = at(300, 200);
    const [red2, green2] = at(410, 380);
    expect(red2!).toBeGreaterThan(red1! + 30);
    expect(green2!).toBeGreaterThan(green1! + 30);
  });

  it('are found on a page that inherits its resources from the page tree', async () => {
    const jpeg = await photoJpeg(80);
    const image = { jpeg, pixelWidth: 320, pixelHeight: 240, x: 100, y: 400, width: 320, height: 240 };
    const pdf = withInheritedResources(makePdf({ pages: [{ text: [], image }] }));
    expect(redactLeftHalf(pdf, true)).toMatchObject({ restored: 1, filter: 'DCTDecode' });
  });
});
