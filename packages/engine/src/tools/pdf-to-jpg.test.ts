import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool } from '../mupdf/pool.js';
import { MAX_PAGE_PIXELS } from '../render/render-pages-task.js';
import { brokenImageCodecs, brokenImagePage, brokenImagesPdf } from '../testing/broken-image-fixtures.js';
import {
  REPAIRED_PAGE_SIZES,
  refusesAndRepairsAsThePreflight,
  zippedImageSizes,
} from '../testing/beside-preflight-cases.js';
import { makePdf } from '../testing/make-pdf.js';
import { jobPerTest } from '../testing/test-job.js';
import { pdfToJpg } from './pdf-to-jpg.js';

const job = jobPerTest();
afterAll(async () => {
  await closeMupdfPool();
});

describe('pdf-to-jpg', () => {
  it('gives one JPEG for a one-page PDF, sized by the dpi', async () => {
    const file = await job.input('flyer.pdf', makePdf({ pages: [{ width: 612, height: 792 }] }));
    const result = await pdfToJpg([file], parseToolOptions('pdf-to-jpg', { dpi: '144', quality: '90' }), job.context);
    expect(result.download.name).toBe('page-1.jpg');
    const meta = await sharp(await readFile(result.path)).metadata();
    expect([meta.format, meta.width, meta.height, meta.density]).toEqual(['jpeg', 1224, 1584, 144]);
  });

  it('gives a ZIP of numbered JPEGs named after the upload, rotated as a viewer shows them', async () => {
    const file = await job.input('report.pdf', makePdf({ pages: [{}, { rotate: 90 }, { width: 200, height: 100 }] }));
    const result = await pdfToJpg([file], parseToolOptions('pdf-to-jpg', { dpi: '72' }), job.context);
    expect(result.download.name).toBe('pdf-pages-jpg.zip');
    const entries = unzipSync(await readFile(result.path));
    expect(Object.keys(entries)).toEqual(['report-page-01.jpg', 'report-page-02.jpg', 'report-page-03.jpg']);
    const sizes = await Promise.all(
      Object.values(entries).map(async (data) => {
        const meta = await sharp(Buffer.from(data)).metadata();
        return [meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      [612, 792],
      [792, 612],
      [200, 100],
    ]);
  });

  it('draws the upload beside its checks: refuses what they refuse, draws a repaired copy', async () => {
    const options = parseToolOptions('pdf-to-jpg', { dpi: '72' });
    const result = await refusesAndRepairsAsThePreflight(job, (files, context) => pdfToJpg(files, options, context));
    expect(await zippedImageSizes(result.path)).toEqual(REPAIRED_PAGE_SIZES);
  });

  it('renders a huge page at a lower resolution instead of running out of memory', async () => {
    const file = await job.input('poster.pdf', makePdf({ pages: [{ width: 8400, height: 8400 }] }));
    const result = await pdfToJpg([file], parseToolOptions('pdf-to-jpg', { dpi: '300' }), job.context);
    const meta = await sharp(await readFile(result.path)).metadata();
    expect(meta.width! * meta.height!).toBeLessThanOrEqual(MAX_PAGE_PIXELS);
    expect(meta.width).toBeGreaterThan(6000);
  });

  it('draws a page whose image does not decode without it, and says how many pages that happened to', async () => {
    // Not DCT: qpdf's check decodes JPEG data, and the preflight refuses a file it cannot repair.
    const codecs = brokenImageCodecs.filter((codec) => codec !== 'dct');
    const file = await job.input('damaged.pdf', brokenImagesPdf(codecs));
    const result = await pdfToJpg([file], parseToolOptions('pdf-to-jpg', { dpi: '72' }), job.context);
    expect(result.headers).toEqual({ 'X-Pages-With-Broken-Images': String(codecs.length) });
    const entries = Object.values(unzipSync(await readFile(result.path)));
    expect(entries).toHaveLength(codecs.length);
    const { height, box, image } = brokenImagePage;
    const colourAt = async (jpeg: Uint8Array, x: number, y: number) => {
      const { data, info } = await sharp(Buffer.from(jpeg)).raw().toBuffer({ resolveWithObject: true });
      const offset = (Math.round(height - y) * info.width + Math.round(x)) * info.channels;
      return [...data.subarray(offset, offset + 3)];
    };
    const red = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! < 60;
    for (const jpeg of entries) expect(red(await colourAt(jpeg, box.x + 10, box.y + 10))).toBe(true);
    // The JPEG 2000 image cannot be decoded at all: the box shows through where it would be.
    const jpxPage = entries[codecs.indexOf('jpx')]!;
    expect(red(await colourAt(jpxPage, image.x + image.width / 2, image.y + image.height / 2))).toBe(true);
  });
});
