import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool } from '../mupdf/pool.js';
import { brokenImageCodecs, brokenImagesPdf } from '../testing/broken-image-fixtures.js';
import {
  REPAIRED_PAGE_SIZES,
  refusesAndRepairsAsThePreflight,
  zippedImageSizes,
} from '../testing/beside-preflight-cases.js';
import { makePdf } from '../testing/make-pdf.js';
import { renderPageRgb } from '../testing/pdf-assertions.js';
import { jobPerTest } from '../testing/test-job.js';
import { pdfToPng } from './pdf-to-png.js';

const job = jobPerTest();
afterAll(async () => {
  await closeMupdfPool();
});

const box = { rgb: [0.9, 0.1, 0.1] as [number, number, number], x: 72, y: 500, width: 200, height: 100 };

/** The RGBA (or RGB) samples of one pixel, counted from the top left. */
async function pixelAt(png: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(Buffer.from(png)).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + info.channels)];
}

describe('pdf-to-png', () => {
  it('gives one PNG for a one-page PDF, sized by the dpi, on white, as pdftoppm draws it', async () => {
    const file = await job.input('flyer.pdf', makePdf({ pages: [{ width: 612, height: 792, box }] }));
    const result = await pdfToPng([file], parseToolOptions('pdf-to-png', { dpi: '144' }), job.context);
    expect(result.download).toEqual({ name: 'page-1.png', contentType: 'image/png' });
    expect(result.headers).toEqual({ 'X-Pages-With-Broken-Images': '0' });
    const png = await readFile(result.path);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height, meta.density, meta.hasAlpha]).toEqual([
      'png',
      1224,
      1584,
      144,
      false,
    ]);
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const reference = renderPageRgb(file.path, 1, 144);
    let sum = 0;
    for (let i = 0; i < data.length; i++) sum += Math.abs(data[i]! - reference.pixels[i]!);
    expect(sum / data.length).toBeLessThan(2);
  });

  it('keeps the background transparent when asked, and what the page draws opaque in its colour', async () => {
    // Its left edge half a pixel in at 72 dpi: that column is half covered.
    const halfPixelBox = { ...box, x: 72.5 };
    const file = await job.input(
      'logo.pdf',
      makePdf({ pages: [{ width: 400, height: 700, box: halfPixelBox, text: [] }] }),
    );
    const result = await pdfToPng(
      [file],
      parseToolOptions('pdf-to-png', { dpi: '72', transparent: 'true' }),
      job.context,
    );
    const png = await readFile(result.path);
    const meta = await sharp(png).metadata();
    expect([meta.hasAlpha, meta.channels]).toEqual([true, 4]);
    // Outside the box: nothing drawn, fully transparent. Inside (PDF y is from the bottom): the box's red, opaque.
    expect((await pixelAt(png, 10, 10))[3]).toBe(0);
    const [r, g, b, a] = await pixelAt(png, box.x + 100, 700 - box.y - 50);
    expect(a).toBe(255);
    expect(Math.max(Math.abs(r! - 230), Math.abs(g! - 26), Math.abs(b! - 26))).toBeLessThanOrEqual(2);
    // Exactly the box is drawn: its rows and columns, nothing else.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const drawn = { top: info.height, bottom: -1, left: info.width, right: -1 };
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        if (data[(y * info.width + x) * 4 + 3] === 0) continue;
        drawn.top = Math.min(drawn.top, y);
        drawn.bottom = Math.max(drawn.bottom, y);
        drawn.left = Math.min(drawn.left, x);
        drawn.right = Math.max(drawn.right, x);
      }
    }
    expect(drawn).toEqual({ top: 700 - box.y - box.height, bottom: 700 - box.y - 1, left: 72, right: 72 + box.width });
    // The half-covered edge: half opaque, and still the box's red, not darkened by premultiplied alpha.
    const edge = await pixelAt(png, 72, 700 - box.y - 50);
    expect(edge[3]).toBeGreaterThan(64);
    expect(edge[3]).toBeLessThan(192);
    expect(Math.abs(edge[0]! - 230)).toBeLessThanOrEqual(6);
  });

  it('gives a ZIP of numbered PNGs named after the upload, rotated as a viewer shows them', async () => {
    const file = await job.input('report.pdf', makePdf({ pages: [{}, { rotate: 90 }, { width: 200, height: 100 }] }));
    const result = await pdfToPng([file], parseToolOptions('pdf-to-png', { dpi: '72' }), job.context);
    expect(result.download).toEqual({ name: 'pdf-pages-png.zip', contentType: 'application/zip' });
    const entries = unzipSync(await readFile(result.path));
    expect(Object.keys(entries)).toEqual(['report-page-01.png', 'report-page-02.png', 'report-page-03.png']);
    const sizes = await Promise.all(
      Object.values(entries).map(async (data) => {
        const meta = await sharp(Buffer.from(data)).metadata();
        return [meta.format, meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      ['png', 612, 792],
      ['png', 792, 612],
      ['png', 200, 100],
    ]);
  });

  it('draws the upload beside its checks: refuses what they refuse, draws a repaired copy', async () => {
    const options = parseToolOptions('pdf-to-png', { dpi: '72' });
    const result = await refusesAndRepairsAsThePreflight(job, (files, context) => pdfToPng(files, options, context));
    expect(await zippedImageSizes(result.path)).toEqual(REPAIRED_PAGE_SIZES);
  });

  it('draws a page whose image does not decode without it, and says how many pages that happened to', async () => {
    // Not DCT: qpdf's check decodes JPEG data, and the preflight refuses a file it cannot repair.
    const codecs = brokenImageCodecs.filter((codec) => codec !== 'dct');
    const file = await job.input('damaged.pdf', brokenImagesPdf(codecs));
    const result = await pdfToPng([file], parseToolOptions('pdf-to-png', { dpi: '72' }), job.context);
    expect(result.headers).toEqual({ 'X-Pages-With-Broken-Images': String(codecs.length) });
    expect(Object.keys(unzipSync(await readFile(result.path)))).toHaveLength(codecs.length);
  });
});
