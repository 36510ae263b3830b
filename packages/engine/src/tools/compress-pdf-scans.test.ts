import { spawnSync } from 'node:child_process';
import { stat } from 'node:fs/promises';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool } from '../mupdf/pool.js';
import { iccProfile, listImages, psnr } from '../testing/compress-fixtures.js';
import { assertValidPdf, pdfPageTexts, renderPageRgb } from '../testing/pdf-assertions.js';
import { makeBilevelTextScanPdf, makeNoisyTextScanPdf } from '../testing/text-scan-fixtures.js';
import { makeScanPdf } from '../testing/scan-fixtures.js';
import { type TestJob, makeTestJob } from '../testing/test-job.js';
import type { ToolResult } from '../jobs/tool-runner.js';
import { compressPrepare } from '../compress/compress-prepare-task.js';
import { compressPdf } from './compress-pdf.js';

/**
 * Compress PDF on scanned documents as scanners and OCR tools write them: each page one 300 ppi colour JPEG named
 * /Im0 in the page's own resources, under a large invisible text layer. Three half-size pages (300 ppi on
 * 4.25 x 5.85 in) are enough to show that every page is handled, not only the first; the benchmark runs full pages.
 */

const PAGES = 3;
let job: TestJob;
let input: { path: string; size: number };
const results = new Map<string, ToolResult>();

beforeAll(async () => {
  job = await makeTestJob();
  const pdf = await makeScanPdf({
    pages: PAGES,
    width: 1275,
    height: 1755,
    ppi: 300,
    kind: 'rgb-jpeg',
    textLines: 1500,
  });
  input = await job.input('scan.pdf', pdf);
  for (const level of ['medium', 'high']) {
    const options = parseToolOptions('compress-pdf', { level });
    results.set(level, await compressPdf([{ ...input, name: 'scan.pdf' }], options, job.context));
  }
}, 180_000);

afterAll(async () => {
  await job.cleanup();
  await closeMupdfPool();
});

function result(level: string): ToolResult {
  const found = results.get(level);
  if (!found) throw new Error(`no ${level} result`);
  return found;
}

describe('compress-pdf, a scanned document whose pages all name their image /Im0', () => {
  it.each([
    ['medium', 638, 878, 150],
    ['high', 408, 562, 96],
  ])(
    '%s resamples every page’s JPEG, keeping it an 8-bit RGB JPEG',
    (level, width, height, ppi) => {
      const before = listImages(input.path);
      expect(before).toHaveLength(PAGES);
      expect(new Set(before.map((image) => image.object)).size).toBe(PAGES);
      const images = listImages(result(level).path);
      expect(images).toHaveLength(PAGES);
      for (let page = 1; page <= PAGES; page++) {
        expect(images.filter((image) => image.page === page)).toMatchObject([
          { type: 'image', width, height, color: 'rgb', components: 3, bits: 8, encoding: 'jpeg', xPpi: ppi },
        ]);
      }
    },
    20_000,
  );

  it.each([
    ['medium', 1 / 4],
    ['high', 1 / 6],
  ])(
    '%s makes the file much smaller, keeps the text layer and draws the same pages',
    async (level, share) => {
      const { path, headers } = result(level);
      assertValidPdf(path);
      expect(headers).toMatchObject({ 'X-Images-Recompressed': String(PAGES), 'X-Compress-Result': 'smaller' });
      expect((await stat(path)).size).toBeLessThan(input.size * share);
      expect(pdfPageTexts(path)).toEqual(pdfPageTexts(input.path));
      for (let page = 1; page <= PAGES; page++) {
        const quality = psnr(renderPageRgb(input.path, page, 50).pixels, renderPageRgb(path, page, 50).pixels);
        expect(quality).toBeGreaterThan(30);
      }
    },
    30_000,
  );
});

describe('compress-pdf, a black-and-white page scanned in colour', () => {
  it('stores the gray-looking RGB scan as one-channel gray JPEG, with the same page drawn', async () => {
    const pdf = await makeScanPdf({
      ...{ pages: 2, width: 1275, height: 1755, ppi: 300, kind: 'rgb-jpeg', textLines: 200 },
      ink: 'gray',
    });
    const grayScan = await job.input('gray-scan.pdf', pdf);
    const options = parseToolOptions('compress-pdf', { level: 'medium' });
    const { path } = await compressPdf([{ ...grayScan, name: 'gray-scan.pdf' }], options, job.context);
    assertValidPdf(path);
    expect(listImages(grayScan.path).map((image) => image.color)).toEqual(['rgb', 'rgb']);
    for (const image of listImages(path)) {
      expect(image).toMatchObject({ width: 638, height: 878, color: 'gray', components: 1, encoding: 'jpeg' });
    }
    for (let page = 1; page <= 2; page++) {
      const quality = psnr(renderPageRgb(grayScan.path, page, 50).pixels, renderPageRgb(path, page, 50).pixels);
      expect(quality).toBeGreaterThan(30);
    }
  }, 60_000);
});

describe('compress-pdf, a 1-bit scan', () => {
  let bilevel: { path: string; size: number };
  let at400: { path: string; size: number };
  const outputs = new Map<string, ToolResult>();
  const mean = (pixels: Uint8Array) => pixels.reduce((sum, value) => sum + value, 0) / pixels.length;

  beforeAll(async () => {
    // Two pages of printed text, each a 600 ppi 1-bit Flate image named /Im0 (4.25 x 5.5 in: 2550 x 3300 px).
    const pdf = await makeBilevelTextScanPdf({ pages: 2, pageWidth: 306, pageHeight: 396, ppi: 600 });
    bilevel = await job.input('bilevel.pdf', pdf);
    // The same at 400 ppi: under medium's bilevel threshold (450 dpi), above high's.
    at400 = await job.input(
      'bilevel-400.pdf',
      await makeBilevelTextScanPdf({ pages: 1, pageWidth: 306, pageHeight: 396, ppi: 400 }),
    );
    for (const level of ['medium', 'high']) {
      const options = parseToolOptions('compress-pdf', { level });
      outputs.set(level, await compressPdf([{ ...bilevel, name: 'bilevel.pdf' }], options, job.context));
      outputs.set(`${level}-400`, await compressPdf([{ ...at400, name: 'bilevel-400.pdf' }], options, job.context));
    }
  }, 120_000);

  it('stays 1-bit at its own size at medium under 450 dpi, re-encoded as CCITT G4 with the same pixels', async () => {
    const { path, headers } = outputs.get('medium-400')!;
    assertValidPdf(path);
    expect(headers).toMatchObject({ 'X-Images-Recompressed': '1', 'X-Compress-Result': 'smaller' });
    const images = listImages(path);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ width: 1700, height: 2200, bits: 1, color: 'gray', encoding: 'ccitt' });
    // The fixture stores its rows with Flate; G4 codes the same text in about half its bytes.
    expect((await stat(path)).size).toBeLessThan(at400.size * 0.6);
    expect(Buffer.compare(renderPageRgb(path, 1, 50).pixels, renderPageRgb(at400.path, 1, 50).pixels)).toBe(0);
  });

  it.each(['medium', 'high'])(
    'is resampled from 600 to 300 dpi at %s and stays 1-bit, never JPEG, with the same page drawn',
    async (level) => {
      const { path, headers } = outputs.get(level)!;
      assertValidPdf(path);
      expect(headers).toMatchObject({ 'X-Images-Recompressed': '2', 'X-Compress-Result': 'smaller' });
      const images = listImages(path);
      expect(images).toHaveLength(2);
      for (const image of images) {
        expect(image).toMatchObject({ width: 1275, height: 1650, bits: 1, components: 1, color: 'gray', xPpi: 300 });
        // G4 codes the thresholded rows in fewer bytes than Flate.
        expect(image.encoding).toBe('ccitt');
      }
      expect((await stat(path)).size).toBeLessThan(bilevel.size * 0.3);
      // Renderers smooth a 600 ppi 1-bit image into gray when drawing it small, so the two renders differ in
      // texture: the bound is low (a blank page against the text scores about 11.5 dB). The ink stays as dark.
      for (let page = 1; page <= 2; page++) {
        const before = renderPageRgb(bilevel.path, page, 50).pixels;
        const after = renderPageRgb(path, page, 50).pixels;
        expect(psnr(before, after)).toBeGreaterThan(16);
        expect(Math.abs(mean(before) - mean(after))).toBeLessThan(10);
      }
    },
  );

  it('is resampled at high from 400 dpi too', async () => {
    const { path } = outputs.get('high-400')!;
    assertValidPdf(path);
    expect(listImages(path)[0]).toMatchObject({ width: 1275, height: 1650, bits: 1, encoding: 'ccitt' });
  });

  it('keeps the dot density of a halftoned picture when resampling it (no solid black or white)', async () => {
    const pdf = await makeBilevelTextScanPdf({ pages: 1, pageWidth: 306, pageHeight: 396, ppi: 600, halftone: true });
    const scan = await job.input('halftone.pdf', pdf);
    const options = parseToolOptions('compress-pdf', { level: 'medium' });
    const { path } = await compressPdf([{ ...scan, name: 'halftone.pdf' }], options, job.context);
    assertValidPdf(path);
    expect(listImages(path)[0]).toMatchObject({ width: 1275, height: 1650, bits: 1 });
    // Rendered at 50 dpi (213 x 275), the picture's columns keep their ink: a split of each new pixel's area at
    // mid-gray would make the ramp's light fifth white and its dark fifth black.
    const before = renderPageRgb(scan.path, 1, 50);
    const after = renderPageRgb(path, 1, 50);
    const columnMean = (render: typeof before, from: number, to: number) => {
      let sum = 0;
      let count = 0;
      for (let y = Math.ceil(render.height * 0.55); y < render.height * 0.95; y++) {
        for (let x = Math.floor(render.width * from); x < render.width * to; x++) {
          sum += render.pixels[(y * render.width + x) * 3]!;
          count++;
        }
      }
      return sum / count;
    };
    for (const [from, to] of [
      [0.02, 0.2],
      [0.4, 0.6],
      [0.8, 0.98],
    ] as const) {
      expect(Math.abs(columnMean(after, from, to) - columnMean(before, from, to))).toBeLessThan(12);
    }
  }, 60_000);
});

describe('compress-pdf, 1-bit text scans stored other ways', () => {
  it.each([
    ['inverted-decode', 'with 1 = black and /Decode [1 0]', 'gray'],
    ['image-mask', 'as a stencil image mask', undefined],
  ] as const)(
    'writes a page %s (%s) as CCITT G4 at medium with the same bits and the same page drawn',
    async (storage, _how, color) => {
      // 400 ppi: under medium's bilevel threshold, so the image keeps its size.
      const pdf = await makeBilevelTextScanPdf({ pages: 1, pageWidth: 216, pageHeight: 144, ppi: 400, storage });
      const scan = await job.input(`${storage}.pdf`, pdf);
      const options = parseToolOptions('compress-pdf', { level: 'medium' });
      const { path, headers } = await compressPdf([{ ...scan, name: `${storage}.pdf` }], options, job.context);
      assertValidPdf(path);
      expect(headers).toMatchObject({ 'X-Images-Recompressed': '1', 'X-Compress-Result': 'smaller' });
      const [image] = listImages(path).filter((listed) => listed.page === 1);
      expect(image).toMatchObject({ width: 1200, height: 800, bits: 1, encoding: 'ccitt' });
      if (color) expect(image!.color).toBe(color);
      // The new stream decodes to the stored samples, so the /Decode array (or the stencil's meaning) still holds.
      expect(Buffer.compare(renderPageRgb(path, 1, 50).pixels, renderPageRgb(scan.path, 1, 50).pixels)).toBe(0);
      // At 400 ppi G4 saves about a third over Flate (half at 600 ppi).
      expect((await stat(path)).size).toBeLessThan(scan.size * 0.7);
    },
    30_000,
  );

  it('offers 1-bit Flate for G4 re-encoding but leaves unpadded G4, which would come out the same, undecoded', async () => {
    const options = { pages: 1, pageWidth: 216, pageHeight: 144, ppi: 600 } as const;
    const prepared = async (storage: 'gray' | 'ccitt-g4') => {
      const scan = await job.input(`${storage}-prepare.pdf`, await makeBilevelTextScanPdf({ ...options, storage }));
      const images = { dpi: 150, recodeLossy: true, folder: job.context.workDir };
      return compressPrepare({ input: scan.path, output: `${scan.path}-prepared.pdf`, images });
    };
    const flate = await prepared('gray');
    expect(flate.images).toMatchObject([{ width: 1800, height: 1200, bilevel: { asStored: true, blackIs1: false } }]);
    const g4 = await prepared('ccitt-g4');
    expect(g4.images).toEqual([]);
    expect(g4.skipped).toEqual({ bilevel: 1 });
  });
});

describe('compress-pdf, a grainy colour scan of text at the resolution it is drawn at', () => {
  it('re-encodes the JPEG at medium, judged without the grain no JPEG keeps, with the page drawn the same', async () => {
    // 600 x 450 px on 4 x 3 in: exactly medium's 150 dpi, so only a re-encode at its own size can save anything.
    const pdf = await makeNoisyTextScanPdf({ pageWidth: 288, pageHeight: 216, ppi: 150 });
    const scan = await job.input('grainy-scan.pdf', pdf);
    const options = parseToolOptions('compress-pdf', { level: 'medium' });
    const { path, headers } = await compressPdf([{ ...scan, name: 'grainy-scan.pdf' }], options, job.context);
    assertValidPdf(path);
    expect(headers).toMatchObject({ 'X-Images-Recompressed': '1', 'X-Compress-Result': 'smaller' });
    expect(listImages(path)).toMatchObject([{ width: 600, height: 450, color: 'rgb', encoding: 'jpeg' }]);
    expect((await stat(path)).size).toBeLessThan(scan.size * 0.8);
    expect(psnr(renderPageRgb(scan.path, 1, 72).pixels, renderPageRgb(path, 1, 72).pixels)).toBeGreaterThan(33);
  }, 30_000);
});

describe('compress-pdf, a CMYK JPEG scan (Adobe, samples stored inverted)', () => {
  it('resamples every page at medium, converts it to RGB and draws the same colours', async () => {
    const pdf = await makeScanPdf({ pages: 2, width: 1275, height: 1755, ppi: 300, kind: 'cmyk-jpeg', textLines: 200 });
    const cmyk = await job.input('cmyk.pdf', pdf);
    const options = parseToolOptions('compress-pdf', { level: 'medium' });
    const { path, headers } = await compressPdf([{ ...cmyk, name: 'cmyk.pdf' }], options, job.context);
    assertValidPdf(path);
    expect(headers).toMatchObject({ 'X-Images-Recompressed': '2' });
    const images = listImages(path);
    expect(images).toHaveLength(2);
    for (const image of images) {
      // RGB, or gray when the converted scan looks gray.
      expect(image).toMatchObject({ width: 638, height: 878, bits: 8, encoding: 'jpeg' });
      expect(['rgb', 'gray']).toContain(image.color);
    }
    for (let page = 1; page <= 2; page++) {
      const quality = psnr(renderPageRgb(cmyk.path, page, 50).pixels, renderPageRgb(path, page, 50).pixels);
      expect(quality).toBeGreaterThan(30);
    }
  }, 60_000);
});

describe('compress-pdf, a press-ready PDF/X scan (device CMYK under a CMYK output intent)', () => {
  it('converts the images to RGB through the output intent’s profile at high and drops the profile', async () => {
    const profile = await iccProfile('cmyk');
    const pdf = await makeScanPdf({
      ...{ pages: 2, width: 1275, height: 1755, ppi: 300, kind: 'cmyk-jpeg', textLines: 200 },
      pdfxProfile: profile,
    });
    const pdfx = await job.input('pdfx.pdf', pdf);
    const options = parseToolOptions('compress-pdf', { level: 'high' });
    const { path, headers } = await compressPdf([{ ...pdfx, name: 'pdfx.pdf' }], options, job.context);
    assertValidPdf(path);
    expect(headers).toMatchObject({ 'X-Images-Recompressed': '2' });
    for (const image of listImages(path)) {
      // RGB, or gray when the converted scan looks gray (its blue-black ink comes out near neutral).
      expect(image).toMatchObject({ width: 408, height: 562, bits: 8, encoding: 'jpeg' });
      expect(['rgb', 'gray']).toContain(image.color);
    }
    const objects = qpdfObjects(path);
    expect(objects).not.toContain('/OutputIntents');
    expect(objects).not.toContain('/DefaultCMYK');
    // Both copies of the profile are gone: the file is smaller than one of them.
    expect((await stat(path)).size).toBeLessThan(profile.length / 2);
    for (let page = 1; page <= 2; page++) {
      const quality = psnr(renderPageRgb(pdfx.path, page, 50).pixels, renderPageRgb(path, page, 50).pixels);
      expect(quality).toBeGreaterThan(28);
    }
  }, 60_000);
});

describe('compress-pdf, a PDF/X scan at medium', () => {
  it('converts every device CMYK image to RGB through the intent’s profile and then drops the intent', async () => {
    const profile = await iccProfile('cmyk');
    const pdf = await makeScanPdf({
      ...{ pages: 2, width: 1275, height: 1755, ppi: 300, kind: 'cmyk-jpeg', textLines: 200 },
      pdfxProfile: profile,
    });
    const pdfx = await job.input('pdfx.pdf', pdf);
    const options = parseToolOptions('compress-pdf', { level: 'medium' });
    const { path, headers } = await compressPdf([{ ...pdfx, name: 'pdfx.pdf' }], options, job.context);
    assertValidPdf(path);
    expect(headers).toMatchObject({ 'X-Images-Recompressed': '2' });
    for (const image of listImages(path)) {
      expect(image).toMatchObject({ width: 638, height: 878, bits: 8, encoding: 'jpeg' });
      expect(['rgb', 'gray']).toContain(image.color);
    }
    const objects = qpdfObjects(path);
    expect(objects).not.toContain('/OutputIntents');
    expect(objects).not.toContain('/DefaultCMYK');
    for (let page = 1; page <= 2; page++) {
      const quality = psnr(renderPageRgb(pdfx.path, page, 50).pixels, renderPageRgb(path, page, 50).pixels);
      expect(quality).toBeGreaterThan(30);
    }
  }, 60_000);

  it('keeps the intent when a device CMYK image has to stay as it is', async () => {
    const pdf = await makeScanPdf({
      ...{ pages: 2, width: 1275, height: 1755, ppi: 300, kind: 'cmyk-jpeg', textLines: 200 },
      pdfxProfile: await iccProfile('cmyk'),
    });
    // A colour key on page 2's image: lossy pixels would miss it, so that image is left alone, in CMYK.
    const doc = new mupdf.PDFDocument(pdf);
    let keyed: Buffer;
    try {
      const image = doc.findPage(1).get('Resources').get('XObject').get('Im0');
      const key = doc.newArray();
      for (let i = 0; i < 8; i++) key.push(0);
      image.put('Mask', key);
      keyed = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
    } finally {
      doc.destroy();
    }
    const file = await job.input('pdfx-keyed.pdf', keyed);
    const options = parseToolOptions('compress-pdf', { level: 'medium' });
    const { path, headers } = await compressPdf([{ ...file, name: 'pdfx-keyed.pdf' }], options, job.context);
    assertValidPdf(path);
    expect(headers).toMatchObject({ 'X-Images-Recompressed': '1' });
    const [first, second] = listImages(path);
    expect(['rgb', 'gray']).toContain(first?.color);
    // Still device CMYK, which pdfimages reports as ICC: the page's /DefaultCMYK (the intent's profile) stays.
    expect(second).toMatchObject({ width: 1275, height: 1755, color: 'icc', components: 4 });
    const objects = qpdfObjects(path);
    expect(objects).toContain('/GTS_PDFX');
    expect(objects).toContain('/DefaultCMYK');
  }, 60_000);
});

/** Every object of the PDF as qpdf JSON, without stream data. */
function qpdfObjects(path: string): string {
  const json = spawnSync('qpdf', ['--json-output', '--json-stream-data=none', path, '-'], { encoding: 'utf8' });
  if (json.status !== 0) throw new Error(`qpdf --json-output failed: ${json.stderr}`);
  return json.stdout;
}
