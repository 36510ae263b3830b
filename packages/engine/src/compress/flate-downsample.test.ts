import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import {
  STREAMED_MIN_BYTES,
  type FlateImage,
  downsampledFlateImage,
  streamableFlateImage,
} from './flate-downsample.js';
import { compressPrepare } from './compress-prepare-task.js';

/**
 * The streamed downsampler must give what an area average of the decoded image gives, whatever PNG row filters the
 * writer chose, and must hand anything it does not read exactly back to MuPDF.
 */

/** Test pixels: gradients, a hard edge and a few odd values, so every filter type has work to do. */
function testPixels(width: number, height: number, components: number): Uint8Array {
  const pixels = new Uint8Array(width * height * components);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < components; c++) {
        const edge = x > width / 2 && y > height / 3 ? 200 : 0;
        pixels[(y * width + x) * components + c] = (x * 3 + y * (c + 1) + edge + ((x * y) % 7)) & 0xff;
      }
    }
  }
  return pixels;
}

/** Rows PNG-filtered, cycling through the five filter types (None, Sub, Up, Average, Paeth). */
function pngFiltered(pixels: Uint8Array, width: number, height: number, components: number): Uint8Array {
  const rowBytes = width * components;
  const out = new Uint8Array(height * (rowBytes + 1));
  for (let y = 0; y < height; y++) {
    const type = y % 5;
    out[y * (rowBytes + 1)] = type;
    for (let i = 0; i < rowBytes; i++) {
      const value = pixels[y * rowBytes + i]!;
      const left = i >= components ? pixels[y * rowBytes + i - components]! : 0;
      const up = y > 0 ? pixels[(y - 1) * rowBytes + i]! : 0;
      const upLeft = y > 0 && i >= components ? pixels[(y - 1) * rowBytes + i - components]! : 0;
      const estimate = left + up - upLeft;
      const paeth =
        Math.abs(estimate - left) <= Math.abs(estimate - up) && Math.abs(estimate - left) <= Math.abs(estimate - upLeft)
          ? left
          : Math.abs(estimate - up) <= Math.abs(estimate - upLeft)
            ? up
            : upLeft;
      const predicted = [0, left, up, (left + up) >> 1, paeth][type]!;
      out[y * (rowBytes + 1) + 1 + i] = (value - predicted) & 0xff;
    }
  }
  return out;
}

/** The area average the downsampler promises, computed the plain way from the whole decoded image. */
function areaAverage(
  pixels: Uint8Array,
  image: { width: number; height: number; components: number },
  newWidth: number,
  newHeight: number,
): Uint8Array {
  const { width, height, components } = image;
  const sums = new Float64Array(newWidth * newHeight * components);
  const counts = new Float64Array(newWidth * newHeight);
  for (let y = 0; y < height; y++) {
    const cellY = Math.min(newHeight - 1, Math.floor((y * newHeight) / height));
    for (let x = 0; x < width; x++) {
      const cell = cellY * newWidth + Math.min(newWidth - 1, Math.floor((x * newWidth) / width));
      counts[cell]! += 1;
      for (let c = 0; c < components; c++) sums[cell * components + c]! += pixels[(y * width + x) * components + c]!;
    }
  }
  return Uint8Array.from(sums, (sum, at) => Math.round(sum / counts[Math.floor(at / components)]!));
}

describe('downsampledFlateImage', () => {
  const [width, height] = [301, 203];

  for (const components of [1, 3] as const) {
    it(`averages ${components === 1 ? 'gray' : 'RGB'} samples into cells, with and without PNG predictors`, async () => {
      const pixels = testPixels(width, height, components);
      const expected = areaAverage(pixels, { width, height, components }, 75, 50);
      const plain: FlateImage = { width, height, components, pngPredictor: false };
      expect(await downsampledFlateImage(deflateSync(pixels), plain, 75, 50)).toEqual(expected);
      const filtered = deflateSync(pngFiltered(pixels, width, height, components));
      expect(await downsampledFlateImage(filtered, { ...plain, pngPredictor: true }, 75, 50)).toEqual(expected);
    });
  }

  it('hands data that ends early or does not inflate back (undefined)', async () => {
    const image: FlateImage = { width, height, components: 3, pngPredictor: false };
    const pixels = testPixels(width, height, 3);
    expect(await downsampledFlateImage(deflateSync(pixels.subarray(0, pixels.length - 10)), image, 75, 50)).toBe(
      undefined,
    );
    expect(await downsampledFlateImage(pixels.subarray(0, 5000), image, 75, 50)).toBe(undefined);
  });
});

describe('streamableFlateImage', () => {
  /** An image stream with these dictionary entries over a 4 x 2 RGB Flate default. */
  function imageStream(entries: Record<string, unknown>): { doc: mupdf.PDFDocument; ref: mupdf.PDFObject } {
    const doc = new mupdf.PDFDocument();
    const dictionary = {
      ...{ Type: 'XObject', Subtype: 'Image', Width: 4, Height: 2, ColorSpace: 'DeviceRGB', BitsPerComponent: 8 },
      ...entries,
    };
    const ref = doc.addRawStream(deflateSync(new Uint8Array(24)), { Filter: 'FlateDecode', ...dictionary });
    return { doc, ref };
  }

  it('takes 8-bit Flate data with no predictor or a PNG one that matches the image', () => {
    const accepted: [Record<string, unknown>, boolean][] = [
      [{}, false],
      [{ Filter: ['FlateDecode'] }, false],
      [{ DecodeParms: { Predictor: 15, Colors: 3, Columns: 4 } }, true],
      [{ DecodeParms: { Predictor: 1 } }, false],
    ];
    for (const [entries, pngPredictor] of accepted) {
      const { doc, ref } = imageStream(entries);
      expect(streamableFlateImage(ref, 3), JSON.stringify(entries)).toEqual({
        ...{ width: 4, height: 2, components: 3 },
        pngPredictor,
      });
      doc.destroy();
    }
  });

  it('leaves everything else to MuPDF', () => {
    const refused: Record<string, unknown>[] = [
      { Filter: 'DCTDecode' },
      { Filter: ['FlateDecode', 'DCTDecode'] },
      { BitsPerComponent: 16 },
      { Decode: [1, 0, 1, 0, 1, 0] },
      { DecodeParms: { Predictor: 2, Colors: 3, Columns: 4 } },
      { DecodeParms: { Predictor: 15, Colors: 1, Columns: 4 } },
      { DecodeParms: { Predictor: 15, Colors: 3, Columns: 5 } },
    ];
    for (const entries of refused) {
      const { doc, ref } = imageStream(entries);
      expect(streamableFlateImage(ref, 3), JSON.stringify(entries)).toBe(undefined);
      doc.destroy();
    }
    const { doc, ref } = imageStream({});
    expect(streamableFlateImage(ref, 4)).toBe(undefined);
    doc.destroy();
  });
});

describe('Compress on a large Flate image', () => {
  it('resamples it as it inflates: the pixels handed over are the area average, not MuPDF drawing', async () => {
    // 3400 x 3400 RGB (34.7 MB decoded) drawn 612 pt wide: 150 dpi at medium makes it 1275 x 1275.
    const [side, drawn, components] = [3400, 612, 3] as const;
    expect(side * side * components).toBeGreaterThanOrEqual(STREAMED_MIN_BYTES);
    const pixels = testPixels(side, side, components);
    const doc = new mupdf.PDFDocument();
    const folder = await mkdtemp(join(tmpdir(), 'paperknife-flate-downsample-'));
    try {
      // No predictor: the unit tests above cover those.
      const image = doc.addRawStream(deflateSync(pixels, { level: 1 }), {
        ...{ Type: 'XObject', Subtype: 'Image', Width: side, Height: side, ColorSpace: 'DeviceRGB' },
        ...{ BitsPerComponent: 8, Filter: 'FlateDecode' },
      });
      const content = `q ${drawn} 0 0 ${drawn} 0 90 cm /Im0 Do Q`;
      doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, { XObject: { Im0: image } }, content));
      const input = join(folder, 'scan.pdf');
      await writeFile(input, doc.saveToBuffer('').asUint8Array());
      const settings = { dpi: 150, recodeLossy: true, folder };
      const result = await compressPrepare({ input, output: join(folder, 'out.pdf'), images: settings });
      const [sampled] = result.images;
      const newSide = (drawn / 72) * 150;
      expect(sampled).toMatchObject({ object: image.asIndirect(), width: newSide, height: newSide, channels: 3 });
      const handed = await readFile(sampled!.pixels!);
      const expected = areaAverage(pixels, { width: side, height: side, components }, newSide, newSide);
      // Compared as buffers: a deep equality of 4.9 million numbers takes seconds.
      expect(handed.equals(expected)).toBe(true);
    } finally {
      doc.destroy();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
