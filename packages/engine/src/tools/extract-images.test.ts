import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { skippedImagesHeader } from '@paperknife/catalog/http-api';
import { closeMupdfPool } from '../mupdf/pool.js';
import { runQpdf } from '../programs/qpdf.js';
import { brokenImagesPdf } from '../testing/broken-image-fixtures.js';
import { makePdf } from '../testing/make-pdf.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { extractImages } from './extract-images.js';

const job = jobPerTest();
afterAll(async () => {
  await closeMupdfPool();
});

async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 31) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A page with an RGB image (Flate) that has a soft mask, built with MuPDF. */
function pdfWithMaskedImage(): Buffer {
  const doc = new mupdf.PDFDocument();
  const rgb = new Uint8Array(20 * 10 * 3).fill(200);
  const alpha = new Uint8Array(20 * 10).map((_, i) => (i % 20 < 10 ? 255 : 0));
  const mask = doc.addStream(alpha, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 20,
    Height: 10,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
  });
  const image = doc.addStream(rgb, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 20,
    Height: 10,
    ColorSpace: 'DeviceRGB',
    BitsPerComponent: 8,
    SMask: mask,
  });
  const resources = doc.addObject({ XObject: { Im1: image } });
  doc.insertPage(-1, doc.addPage([0, 0, 200, 200], 0, resources, 'q 100 0 0 50 50 50 cm /Im1 Do Q'));
  return Buffer.from(doc.saveToBuffer('compress').asUint8Array());
}

describe('extract-images', () => {
  it('copies JPEGs byte for byte, once even when drawn on several pages', async () => {
    const jpeg = await photo(64, 48);
    const image = { jpeg, pixelWidth: 64, pixelHeight: 48, x: 10, y: 10, width: 64, height: 48 };
    const file = await job.input('album.pdf', makePdf({ pages: [{ image }, { image }, {}] }));
    const result = await extractImages([file], {}, job.context);
    expect(result.download.name).toBe('extracted-images.zip');
    const entries = unzipSync(await readFile(result.path));
    expect(Object.keys(entries)).toEqual(['album-page-01-image-1.jpg']);
    expect(Buffer.from(entries['album-page-01-image-1.jpg']!).equals(jpeg)).toBe(true);
  });

  it('saves other images as PNG with their soft mask as transparency', async () => {
    const file = await job.input('masked.pdf', pdfWithMaskedImage());
    const entries = unzipSync(await readFile((await extractImages([file], {}, job.context)).path));
    const png = Buffer.from(entries['masked-page-01-image-1.png']!);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([20, 10, 4]);
    expect(data[3]).toBe(255); // left half opaque
    expect(data[15 * 4 + 3]).toBe(0); // right half transparent
    expect(data[0]).toBe(200);
  });

  it('says so when a PDF has no images', async () => {
    const file = await job.input('text.pdf', makePdf({ pageCount: 2 }));
    expect(await toolErrorCode(extractImages([file], {}, job.context))).toBe('no_images');
  });

  it('answers damaged_images, not no_images, when its only image cannot be decoded', async () => {
    for (const codec of ['jpx', 'jbig2', 'dct'] as const) {
      const file = await job.input(`${codec}.pdf`, brokenImagesPdf([codec]));
      expect(await toolErrorCode(extractImages([file], {}, job.context)), codec).toBe('damaged_images');
    }
  });

  it('leaves damaged images out, extracts the others and says how many it left out', async () => {
    const jpeg = await photo(64, 48);
    const image = { jpeg, pixelWidth: 64, pixelHeight: 48, x: 10, y: 10, width: 64, height: 48 };
    const sound = await job.input('photo.pdf', makePdf({ pages: [{ image }] }));
    const broken = await job.input('broken.pdf', brokenImagesPdf(['jpx', 'dct']));
    const mixed = `${sound.path}-mixed.pdf`;
    await runQpdf(['--empty', '--pages', sound.path, broken.path, '--', mixed], job.context);
    const file = await job.input('mixed.pdf', await readFile(mixed));

    const result = await extractImages([file], {}, job.context);
    expect(result.headers).toEqual({ [skippedImagesHeader.name]: '2' });
    const entries = unzipSync(await readFile(result.path));
    expect(Object.keys(entries)).toEqual(['mixed-page-01-image-1.jpg']);
    expect(Buffer.from(entries['mixed-page-01-image-1.jpg']!).equals(jpeg)).toBe(true);

    const plain = await extractImages([sound], {}, job.context);
    expect(plain.headers).toEqual({ [skippedImagesHeader.name]: '0' });
  });
});
