import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool } from '../mupdf/pool.js';
import { brokenImageCodecs, brokenImagesPdf } from '../testing/broken-image-fixtures.js';
import { makePdf } from '../testing/make-pdf.js';
import { pdfPageCount, renderPageRgb } from '../testing/pdf-assertions.js';
import { REPAIRED_PAGE_SIZES, refusesAndRepairsAsThePreflight } from '../testing/beside-preflight-cases.js';
import { jobPerTest } from '../testing/test-job.js';
import { pdfToTiff } from './pdf-to-tiff.js';

const job = jobPerTest();
afterAll(async () => {
  await closeMupdfPool();
});

const corpusScan = fileURLToPath(new URL('../../../../../shared/corpus/pdf/pdfcpu-hl1396-scan.pdf', import.meta.url));

/** A page of the TIFF as libtiff (through sharp) decodes it: its size, resolution, bits and pixels. */
async function tiffPage(tiff: Buffer, page: number) {
  const image = sharp(tiff, { page });
  const meta = await image.metadata();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { meta, pixels: data, width: info.width, height: info.height, channels: info.channels };
}

/** The TIFF fields of a page's IFD, read straight from the file: the compression and photometric stored. */
function ifdFields(tiff: Buffer, page: number): Map<number, number> {
  let ifd = tiff.readUInt32LE(4);
  for (let i = 0; i < page; i++) ifd = tiff.readUInt32LE(ifd + 2 + tiff.readUInt16LE(ifd) * 12);
  const fields = new Map<number, number>();
  for (let i = 0; i < tiff.readUInt16LE(ifd); i++) {
    const at = ifd + 2 + i * 12;
    const type = tiff.readUInt16LE(at + 2);
    fields.set(tiff.readUInt16LE(at), type === 3 ? tiff.readUInt16LE(at + 8) : tiff.readUInt32LE(at + 8));
  }
  return fields;
}

/** Mean absolute difference per sample between two renders of the same size, 0-255. */
function meanDifference(a: Uint8Array, b: Uint8Array): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

const pagesOf = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ text: [`Page ${i + 1} of the report`, 'Some words in a line.'] }));

describe('pdf-to-tiff', () => {
  it('gives one multi-page TIFF, a page per PDF page at its own size, as pdftoppm draws them', async () => {
    const pdf = makePdf({
      pages: [
        { box: { rgb: [0.9, 0.1, 0.1], x: 72, y: 500, width: 200, height: 100 } },
        { rotate: 90 },
        { width: 200, height: 100 },
      ],
    });
    const file = await job.input('report.pdf', pdf);
    const result = await pdfToTiff([file], parseToolOptions('pdf-to-tiff', { dpi: '72' }), job.context);
    expect(result.download).toEqual({ name: 'converted-document.tiff', contentType: 'image/tiff' });
    expect(result.headers).toEqual({ 'X-Pages-With-Broken-Images': '0' });
    const tiff = await readFile(result.path);
    expect((await sharp(tiff).metadata()).pages).toBe(3);
    const sizes = [];
    for (let page = 0; page < 3; page++) {
      const { meta, pixels, width, height, channels } = await tiffPage(tiff, page);
      sizes.push([width, height]);
      expect([meta.format, meta.density, meta.space, meta.bitsPerSample, channels]).toEqual(['tiff', 72, 'srgb', 8, 3]);
      expect(ifdFields(tiff, page).get(259)).toBe(8); // Adobe Deflate
      expect(ifdFields(tiff, page).get(317)).toBe(2); // horizontal differencing
      const reference = renderPageRgb(file.path, page + 1, 72);
      expect([reference.width, reference.height]).toEqual([width, height]);
      expect(meanDifference(pixels, reference.pixels)).toBeLessThan(3);
    }
    expect(sizes).toEqual([
      [612, 792],
      [792, 612],
      [200, 100],
    ]);
  });

  it('draws the upload beside its checks: refuses what they refuse, draws a repaired copy', async () => {
    const options = parseToolOptions('pdf-to-tiff', { dpi: '72' });
    const result = await refusesAndRepairsAsThePreflight(job, (files, context) => pdfToTiff(files, options, context));
    const tiff = await readFile(result.path);
    const pages = await Promise.all([0, 1].map(async (page) => (await tiffPage(tiff, page)).meta));
    expect(pages.map((meta) => meta.pages)).toEqual([2, 2]);
    expect(pages.map((meta) => [meta.width, meta.height])).toEqual(REPAIRED_PAGE_SIZES);
  });

  it('makes black-and-white pages 1-bit CCITT Group 4, far smaller than colour, sized by the dpi', async () => {
    const pdf = makePdf({ pages: pagesOf(4) });
    const file = await job.input('letter.pdf', pdf);
    const bw = await pdfToTiff(
      [file],
      parseToolOptions('pdf-to-tiff', { dpi: '200', colorMode: 'black-and-white' }),
      job.context,
    );
    const colour = await pdfToTiff([file], parseToolOptions('pdf-to-tiff', { dpi: '200' }), job.context);
    const tiff = await readFile(bw.path);
    expect((await sharp(tiff).metadata()).pages).toBe(4);
    for (let page = 0; page < 4; page++) {
      const fields = ifdFields(tiff, page);
      // CCITT T.6, WhiteIsZero, 1 bit per sample, one strip.
      expect([fields.get(259), fields.get(262), fields.get(258), fields.get(278)]).toEqual([4, 0, 1, 2200]);
      const { meta, pixels, width, height, channels } = await tiffPage(tiff, page);
      expect([width, height, meta.density, meta.space, meta.bitsPerSample]).toEqual([1700, 2200, 200, 'b-w', 1]);
      // The same page drawn by pdftoppm, made black and white at mid-gray: the same strokes.
      const reference = renderPageRgb(file.path, page + 1, 200);
      let differ = 0;
      let black = 0;
      for (let i = 0; i < width * height; i++) {
        const ours = pixels[i * channels]! < 128;
        if (ours) black++;
        if (ours !== reference.pixels[i * 3]! < 128) differ++;
      }
      let refBlack = 0;
      for (let i = 0; i < width * height; i++) if (reference.pixels[i * 3]! < 128) refBlack++;
      // Glyph edges differ between the two renderers; a shifted or inverted page would differ everywhere.
      expect(black).toBeGreaterThan(1000);
      expect(Math.abs(black - refBlack) / refBlack).toBeLessThan(0.05);
      expect(differ / black).toBeLessThan(0.25);
    }
    expect((await readFile(colour.path)).length).toBeGreaterThan(tiff.length * 5);
  });

  it('draws a page whose image does not decode without it, and says how many pages that happened to', async () => {
    // Not DCT: qpdf's check decodes JPEG data, and the preflight refuses a file it cannot repair.
    const codecs = brokenImageCodecs.filter((codec) => codec !== 'dct');
    const file = await job.input('damaged.pdf', brokenImagesPdf(codecs));
    const result = await pdfToTiff([file], parseToolOptions('pdf-to-tiff', { dpi: '72' }), job.context);
    expect(result.headers).toEqual({ 'X-Pages-With-Broken-Images': String(codecs.length) });
    expect((await sharp(await readFile(result.path)).metadata()).pages).toBe(codecs.length);
  });

  it.skipIf(!existsSync(corpusScan))('turns a scan of 18 page sizes and rotations into 18 TIFF pages', async () => {
    const file = await job.input('scan.pdf', await readFile(corpusScan));
    const result = await pdfToTiff(
      [file],
      parseToolOptions('pdf-to-tiff', { dpi: '100', colorMode: 'black-and-white' }),
      job.context,
    );
    const tiff = await readFile(result.path);
    const pages = pdfPageCount(corpusScan);
    expect((await sharp(tiff).metadata()).pages).toBe(pages);
    // pdftoppm gives each page the size MuPDF does (both round the page box out at 100 dpi).
    const sizes = spawnSync('pdfinfo', ['-f', '1', '-l', String(pages), corpusScan]).stdout.toString();
    const boxes = [...sizes.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)];
    const rotations = [...sizes.matchAll(/Page\s+\d+ rot:\s+(\d+)/g)].map((match) => Number(match[1]));
    expect(boxes).toHaveLength(pages);
    for (let page = 0; page < pages; page++) {
      const { width, height } = (await sharp(tiff, { page }).metadata()) as { width: number; height: number };
      const [w, h] = [Number(boxes[page]![1]), Number(boxes[page]![2])].map((pt) => (pt * 100) / 72);
      const turned = rotations[page]! % 180 === 90;
      expect(Math.abs(width - (turned ? h! : w!)), `page ${page + 1}`).toBeLessThanOrEqual(1);
      expect(Math.abs(height - (turned ? w! : h!)), `page ${page + 1}`).toBeLessThanOrEqual(1);
    }
  });
});

if (!existsSync(corpusScan)) console.warn(`pdf-to-tiff: ${corpusScan} is absent, the corpus test is skipped`);
