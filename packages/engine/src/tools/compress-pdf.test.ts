import { spawnSync } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool } from '../mupdf/pool.js';
import {
  type FixtureImage,
  type ListedImage,
  chartIndices,
  chartPalette,
  grayJpegPdf,
  iccProfile,
  listImages,
  makeImagePdf,
  makeManyObjectsPdf,
  meanColour,
  photoPixels,
  psnr,
  scanPixels,
  vignetteMask,
} from '../testing/compress-fixtures.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageCount, pdfPageTexts, renderPageRgb } from '../testing/pdf-assertions.js';
import { type TestJob, makeTestJob, toolErrorCode } from '../testing/test-job.js';
import type { ToolResult } from '../jobs/tool-runner.js';
import { compressPdf } from './compress-pdf.js';

const photo: FixtureImage = {
  width: 2400,
  height: 1600,
  channels: 3,
  pixels: photoPixels(2400, 1600, 3),
  encoding: 'jpeg',
};
const cmyk: FixtureImage = {
  width: 1200,
  height: 1200,
  channels: 4,
  pixels: photoPixels(1200, 1200, 4, 2),
  encoding: 'flate',
};
const scan: FixtureImage = {
  width: 2400,
  height: 2400,
  channels: 1,
  pixels: scanPixels(2400, 2400),
  encoding: 'flate',
  bits: 1,
};
const masked: FixtureImage = {
  width: 1600,
  height: 1600,
  channels: 3,
  pixels: photoPixels(1600, 1600, 3, 3),
  encoding: 'flate',
  smask: vignetteMask(1600, 1600),
};
const gray: FixtureImage = {
  width: 2000,
  height: 2000,
  channels: 1,
  pixels: photoPixels(2000, 2000, 1, 4),
  encoding: 'jpeg',
};

/** Page texts, which must survive as text. */
const texts = ['Photo page', 'CMYK and scan page', 'Soft mask page', 'Gray page', 'Photo again, larger'];

let job: TestJob;
let input: { path: string; size: number };
const results = new Map<string, ToolResult>();

async function compress(level: string, file = input, name = 'report.pdf'): Promise<ToolResult> {
  return compressPdf([{ ...file, name }], parseToolOptions('compress-pdf', { level }), job.context);
}

beforeAll(async () => {
  job = await makeTestJob();
  const pdf = await makeImagePdf([
    // 2400 x 1600 px on 4 x 2.67 in: 600 dpi. Drawn larger on page 5, which decides its size.
    { text: texts[0]!, drawings: [{ image: photo, x: 72, y: 400, width: 288, height: 192 }] },
    {
      text: texts[1]!,
      drawings: [
        { image: cmyk, x: 72, y: 300, width: 216, height: 216 },
        { image: scan, x: 320, y: 300, width: 216, height: 216 },
      ],
    },
    { text: texts[2]!, drawings: [{ image: masked, x: 72, y: 300, width: 192, height: 192 }] },
    { text: texts[3]!, drawings: [{ image: gray, x: 72, y: 300, width: 240, height: 240 }] },
    { text: texts[4]!, drawings: [{ image: photo, x: 72, y: 300, width: 432, height: 288 }] },
  ]);
  input = await job.input('report.pdf', pdf);
  for (const level of ['low', 'medium', 'high']) results.set(level, await compress(level));
}, 120_000);

afterAll(async () => {
  await job.cleanup();
  await closeMupdfPool();
});

function result(level: string): ToolResult {
  const found = results.get(level);
  if (!found) throw new Error(`no ${level} result`);
  return found;
}

/** Every object of the PDF as qpdf JSON, without stream data. */
function qpdfJson(path: string): string {
  const json = spawnSync('qpdf', ['--json-output', '--json-stream-data=none', path, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (json.status !== 0) throw new Error(`qpdf --json-output failed: ${json.stderr}`);
  return json.stdout;
}

function imagesOnPage(images: ListedImage[], page: number, type: ListedImage['type'] = 'image'): ListedImage[] {
  return images.filter((image) => image.page === page && image.type === type);
}

describe('compress-pdf, medium', () => {
  it('returns a valid, smaller PDF with size headers and the download name', async () => {
    const { path, headers, download } = result('medium');
    assertValidPdf(path);
    const size = (await stat(path)).size;
    expect(size).toBeLessThan(input.size / 4);
    // The photo, the CMYK image, the masked image (its soft mask not counted), the gray one, and the 1-bit scan
    // re-encoded losslessly at its own size (its regular bars deflate smaller at Flate's level 9 than as G4).
    expect(headers).toEqual({
      'X-Original-Size': String(input.size),
      'X-Output-Size': String(size),
      'X-Images-Recompressed': '5',
      'X-Compress-Result': 'smaller',
    });
    expect(download.name).toBe('compressed-document.pdf');
    expect(pdfPageCount(path)).toBe(5);
  });

  it('resamples each image to 150 dpi of its largest placement', () => {
    const images = listImages(result('medium').path);
    // The photo is drawn 6 x 4 in on page 5: 900 x 600 px, the same object on page 1.
    const [photoPage1] = imagesOnPage(images, 1);
    const [photoPage5] = imagesOnPage(images, 5);
    expect(photoPage5).toMatchObject({ width: 900, height: 600, encoding: 'jpeg', xPpi: 150, yPpi: 150 });
    expect(photoPage1).toMatchObject({ width: 900, height: 600, object: photoPage5!.object });
    // 2.67 in at 150 dpi: 400 px, and its soft mask follows.
    expect(imagesOnPage(images, 3)).toMatchObject([{ width: 400, height: 400, color: 'rgb', xPpi: 150 }]);
    expect(imagesOnPage(images, 3, 'smask')).toMatchObject([{ width: 400, height: 400, color: 'gray' }]);
    // Gray stays one channel: 3.33 in at 150 dpi is 500 px.
    expect(imagesOnPage(images, 4)).toMatchObject([
      { width: 500, height: 500, color: 'gray', components: 1, encoding: 'jpeg', xPpi: 150 },
    ]);
  });

  it('converts device CMYK images to RGB with the colours readers showed, and keeps the 1-bit scan 1-bit at 300 dpi', () => {
    const images = imagesOnPage(listImages(result('medium').path), 2);
    // The scan is drawn at 800 dpi: above medium's bilevel threshold (450), so it goes to 300 dpi, still 1-bit.
    expect(images).toMatchObject([
      { width: 450, height: 450, color: 'rgb', components: 3, encoding: 'jpeg' },
      { width: 900, height: 900, bits: 1, xPpi: 300 },
    ]);
    expectPhotoColoursKept(input.path, result('medium').path);
  });

  it('draws every page as before: same orientation, colours and vectors, text still text', () => {
    const path = result('medium').path;
    for (let page = 1; page <= 5; page++) {
      // Page 2's 1-bit scan goes from 800 to 300 dpi: its 3-pixel strokes become about one pixel wide.
      const bound = page === 2 ? 35 : 40;
      expect(psnr(renderPageRgb(input.path, page, 50).pixels, renderPageRgb(path, page, 50).pixels)).toBeGreaterThan(
        bound,
      );
    }
    expect(pdfPageTexts(path)).toEqual(texts);
    // Nothing was flattened into an image: each page draws the same images as before.
    const countPerPage = (images: ListedImage[]) => [1, 2, 3, 4, 5].map((page) => imagesOnPage(images, page).length);
    expect(countPerPage(listImages(path))).toEqual(countPerPage(listImages(input.path)));
  });
});

describe('compress-pdf, low and high', () => {
  it('low is lossless: every page renders identically and every image is as it was', async () => {
    const path = result('low').path;
    assertValidPdf(path);
    expect((await stat(path)).size).toBeLessThanOrEqual(input.size);
    for (let page = 1; page <= 5; page++) {
      expect(
        Buffer.from(renderPageRgb(path, page, 60).pixels).equals(
          Buffer.from(renderPageRgb(input.path, page, 60).pixels),
        ),
      ).toBe(true);
    }
    const strip = (images: ListedImage[]) => images.map(({ object: _object, ...rest }) => rest);
    expect(strip(listImages(path))).toEqual(strip(listImages(input.path)));
  });

  it('low merges identical images into one object', async () => {
    const copy: FixtureImage = { ...gray, pixels: Uint8Array.from(gray.pixels) };
    const pdf = await makeImagePdf([
      {
        text: 'Twice',
        drawings: [
          { image: gray, x: 72, y: 72, width: 200, height: 200 },
          { image: copy, x: 300, y: 72, width: 200, height: 200 },
        ],
      },
    ]);
    const file = await job.input('twice.pdf', pdf);
    expect(new Set(listImages(file.path).map((image) => image.object)).size).toBe(2);
    const { path } = await compress('low', file);
    assertValidPdf(path);
    expect(new Set(listImages(path).map((image) => image.object)).size).toBe(1);
    expect((await stat(path)).size).toBeLessThan(file.size * 0.6);
  });

  it('merges duplicates quickly in a document of 30,000 objects', async () => {
    const file = await job.input('many.pdf', makeManyObjectsPdf(30_000));
    const started = Date.now();
    const { path } = await compress('low', file, 'many.pdf');
    // A pairwise search (MuPDF's garbage=4) needs about 45 s for this file on a quiet machine, and twice that on a
    // busy one; ours is linear: a few seconds quiet, 31 s measured at a load average of 17 on 2 cores.
    expect(Date.now() - started).toBeLessThan(60_000);
    assertValidPdf(path);
    expect(qpdfJson(path).match(/"\/Type": "\/EmbeddedFile"/g)).toHaveLength(1);
    expect(pdfPageTexts(path)).toEqual(['Many objects']);
  }, 120_000);

  it('high targets 96 dpi and gives a smaller file than medium', async () => {
    const path = result('high').path;
    assertValidPdf(path);
    expect((await stat(path)).size).toBeLessThan((await stat(result('medium').path)).size);
    // 3.33 in at 96 dpi: 320 px.
    expect(imagesOnPage(listImages(path), 4)).toMatchObject([{ width: 320, height: 320, color: 'gray' }]);
    expect(pdfPageTexts(path)).toEqual(texts);
  });
});

describe('compress-pdf, nothing to gain', () => {
  it('never returns a file larger than the upload', async () => {
    const file = await job.input('letter.pdf', makePdf({ pages: [{ text: ['Short letter'] }] }));
    for (const level of ['low', 'medium', 'high']) {
      const { path, headers } = await compress(level, file, 'letter.pdf');
      assertValidPdf(path);
      const size = (await stat(path)).size;
      expect(size).toBeLessThanOrEqual(file.size);
      expect(headers).toEqual({
        'X-Original-Size': String(file.size),
        'X-Output-Size': String(size),
        'X-Images-Recompressed': '0',
        'X-Compress-Result': size < file.size ? 'smaller' : 'unchanged',
      });
      expect(pdfPageTexts(path)).toEqual(['Short letter']);
    }
  });

  it('returns the upload byte for byte, saying so, when it cannot be made smaller', async () => {
    // Compressed once already: a second pass finds nothing to gain.
    const once = await compress('low', await job.input('letter.pdf', makePdf({ pages: [{ text: ['Short letter'] }] })));
    const file = await job.input('compressed-once.pdf', await readFile(once.path));
    const { path, headers } = await compress('low', file, 'compressed-once.pdf');
    expect((await readFile(path)).equals(await readFile(file.path))).toBe(true);
    expect(headers).toMatchObject({
      'X-Output-Size': String(file.size),
      'X-Images-Recompressed': '0',
      'X-Compress-Result': 'unchanged',
    });
  });

  it('leaves a JPEG already at the target resolution untouched at medium', async () => {
    // 600 x 400 px on 4 x 2.67 in: exactly 150 dpi.
    const small: FixtureImage = {
      width: 600,
      height: 400,
      channels: 3,
      pixels: photoPixels(600, 400, 3, 5),
      encoding: 'jpeg',
    };
    const file = await job.input(
      'small.pdf',
      await makeImagePdf([{ text: 'At 150 dpi', drawings: [{ image: small, x: 72, y: 72, width: 288, height: 192 }] }]),
    );
    const { path } = await compress('medium', file);
    assertValidPdf(path);
    expect((await stat(path)).size).toBeLessThanOrEqual(file.size);
    const strip = (images: ListedImage[]) => images.map(({ object: _object, ...rest }) => rest);
    expect(strip(listImages(path))).toEqual(strip(listImages(file.path)));
  });

  it('re-encodes a JPEG at the target resolution at medium when it meets the target for a fifth fewer bytes', async () => {
    // A smooth photograph stored at quality 95 (over the 32 KB below which JPEGs are not tried), 1200 x 800 px on
    // 8 x 5.33 in: exactly 150 dpi.
    const raw = { width: 1200, height: 800, channels: 3 } as const;
    const pixels = await sharp(photoPixels(1200, 800, 3, 9), { raw })
      .blur(2)
      .raw()
      .toBuffer();
    const smooth: FixtureImage = { ...raw, pixels, encoding: 'jpeg' };
    const file = await job.input(
      'smooth.pdf',
      await makeImagePdf([{ text: 'Smooth', drawings: [{ image: smooth, x: 18, y: 72, width: 576, height: 384 }] }]),
    );
    const { path, headers } = await compress('medium', file, 'smooth.pdf');
    assertValidPdf(path);
    expect(headers).toMatchObject({ 'X-Images-Recompressed': '1' });
    expect(imagesOnPage(listImages(path), 1)).toMatchObject([{ width: 1200, height: 800, encoding: 'jpeg' }]);
    expect((await stat(path)).size).toBeLessThan(file.size * 0.8);
    expect(psnr(renderPageRgb(file.path, 1, 72).pixels, renderPageRgb(path, 1, 72).pixels)).toBeGreaterThan(38);
  });

  it('refuses a JPEG that does not decode at every level, as the full preflight does, whether drawn large or small', async () => {
    // Medium and high leave JPEG data out of the preflight and decode only the JPEGs the output copies; one MuPDF
    // cannot decode (it pads it) is not resampled either, so it is copied, and checked.
    for (const size of [64, 600]) {
      const broken = await job.input('broken-jpeg.pdf', await grayJpegPdf(true, size));
      const clean = await job.input('jpeg.pdf', await grayJpegPdf(false, size));
      for (const level of ['low', 'medium', 'high']) {
        expect(await toolErrorCode(compress(level, broken, 'broken-jpeg.pdf')), `${size} px, ${level}`).toBe(
          'damaged_pdf',
        );
        assertValidPdf((await compress(level, clean, 'jpeg.pdf')).path);
      }
    }
  });

  it('runs the preflight: a file that is not a PDF is refused', async () => {
    const path = join(job.context.workDir, 'notes.txt');
    await writeFile(path, 'not a pdf');
    const options = parseToolOptions('compress-pdf', {});
    const code = await toolErrorCode(compressPdf([{ path, name: 'notes.pdf', size: 9 }], options, job.context));
    expect(code).toBe('unsupported_file_type');
  });
});

/** True when any object of the PDF has a /PieceInfo key. */
function hasPieceInfo(path: string): boolean {
  return qpdfJson(path).includes('"/PieceInfo"');
}

describe('compress-pdf, palettes, ICC profiles and private data', () => {
  let file: { path: string; size: number };
  let medium: ToolResult;
  let low: ToolResult;

  beforeAll(async () => {
    // A flat chart stored as a palette image, 2400 x 1600 px on 4 x 2.67 in, on a page with private data.
    const chart: FixtureImage = {
      width: 2400,
      height: 1600,
      channels: 1,
      pixels: chartIndices(2400, 1600),
      encoding: 'flate',
      palette: chartPalette,
    };
    const iccCmyk: FixtureImage = {
      width: 1200,
      height: 1200,
      channels: 4,
      pixels: photoPixels(1200, 1200, 4, 6),
      encoding: 'flate',
      icc: await iccProfile('cmyk'),
    };
    const pdf = await makeImagePdf([
      {
        text: 'Chart',
        drawings: [{ image: chart, x: 72, y: 400, width: 288, height: 192 }],
        pieceInfoBytes: 200_000,
      },
      { text: 'ICC CMYK', drawings: [{ image: iccCmyk, x: 72, y: 300, width: 216, height: 216 }] },
    ]);
    file = await job.input('chart.pdf', pdf);
    medium = await compress('medium', file, 'chart.pdf');
    low = await compress('low', file, 'chart.pdf');
  }, 60_000);

  it('expands a palette chart to RGB at 150 dpi and keeps it lossless, with its colours', () => {
    assertValidPdf(medium.path);
    expect(imagesOnPage(listImages(file.path), 1)).toMatchObject([{ color: 'index', width: 2400 }]);
    // Flat graphics stay Flate ("image" to pdfimages), so bar edges stay sharp.
    expect(imagesOnPage(listImages(medium.path), 1)).toMatchObject([
      { width: 600, height: 400, color: 'rgb', encoding: 'image', xPpi: 150 },
    ]);
    const before = renderPageRgb(file.path, 1, 72);
    const after = renderPageRgb(medium.path, 1, 72);
    expect(psnr(before.pixels, after.pixels)).toBeGreaterThan(35);
    // The middle of the last bar (blue), from the top left of a 72 dpi render.
    const bar = meanColour(after, 325, 360, 20, 25);
    expect(bar.map(Math.round)).toEqual([40, 80, 200]);
  });

  it('converts an ICC-based CMYK image to RGB through its profile at medium, with its colours', () => {
    expect(imagesOnPage(listImages(medium.path), 2)).toMatchObject([
      { width: 450, height: 450, color: 'rgb', components: 3, bits: 8, encoding: 'jpeg' },
    ]);
    expectPhotoColoursKept(file.path, medium.path);
  });

  it('converts an ICC-based CMYK image to RGB through its profile at high, with its colours', async () => {
    const high = await compress('high', file, 'chart.pdf');
    assertValidPdf(high.path);
    expect(imagesOnPage(listImages(high.path), 2)).toMatchObject([
      { width: 288, height: 288, color: 'rgb', components: 3, bits: 8, encoding: 'jpeg' },
    ]);
    expectPhotoColoursKept(file.path, high.path);
  });

  it('keeps an explicit stencil mask attached to its resampled image', async () => {
    // A circle cut out of a photo: pixels outside it are masked out (1).
    const stencil = vignetteMask(1200, 1200).map((alpha) => (alpha > 128 ? 0 : 255));
    const cutOut: FixtureImage = {
      width: 1200,
      height: 1200,
      channels: 3,
      pixels: photoPixels(1200, 1200, 3, 7),
      encoding: 'jpeg',
      stencil,
    };
    const masked = await job.input(
      'cut-out.pdf',
      await makeImagePdf([{ text: 'Cut out', drawings: [{ image: cutOut, x: 72, y: 300, width: 216, height: 216 }] }]),
    );
    const { path } = await compress('medium', masked, 'cut-out.pdf');
    assertValidPdf(path);
    // The image goes to 150 dpi; the 1-bit mask is bilevel and stays at its size (PDF allows the sizes to differ).
    expect(imagesOnPage(listImages(path), 1)).toMatchObject([{ width: 450, height: 450, encoding: 'jpeg' }]);
    expect(imagesOnPage(listImages(path), 1, 'mask')).toMatchObject([{ width: 1200, height: 1200, bits: 1 }]);
    const before = renderPageRgb(masked.path, 1, 72);
    const after = renderPageRgb(path, 1, 72);
    expect(psnr(before.pixels, after.pixels)).toBeGreaterThan(35);
    // Outside the circle the page stays white.
    expect(meanColour(after, 74, 278, 8, 8).map(Math.round)).toEqual([255, 255, 255]);
  });

  it("drops other applications' private data at medium, and keeps it at low", async () => {
    expect(hasPieceInfo(file.path)).toBe(true);
    expect(hasPieceInfo(medium.path)).toBe(false);
    expect(hasPieceInfo(low.path)).toBe(true);
    expect(pdfPageTexts(medium.path)).toEqual(['Chart', 'ICC CMYK']);
    expect((await stat(medium.path)).size).toBeLessThan(file.size / 4);
  });
});

describe('compress-pdf, embedded fonts', () => {
  /** A page of text in a whole embedded font (MuPDF's Times as a composite font: 45 KB for a dozen glyphs). */
  function wholeFontPdf(fieldFont: boolean): Buffer {
    const doc = new mupdf.PDFDocument();
    try {
      const font = doc.addFont(new mupdf.Font('Times-Roman'));
      const text = 'BT /F1 28 Tf 20 100 Td <002400250026002700280029002A002B002C> Tj ET';
      doc.insertPage(-1, doc.addPage([0, 0, 400, 200], 0, { Font: { F1: font } }, text));
      if (fieldFont) {
        // A form whose fields are drawn with this font: a reader typing into a field needs every glyph.
        const root = doc.getTrailer().get('Root');
        root.put(
          'AcroForm',
          doc.addObject({ Fields: [], DA: doc.newString('/F1 12 Tf 0 g'), DR: { Font: { F1: font } } }),
        );
      }
      return Buffer.from(doc.saveToBuffer('compress').asUint8Array());
    } finally {
      doc.destroy();
    }
  }

  it('keeps only the glyphs a whole embedded font draws, at medium, and draws the page the same', async () => {
    const file = await job.input('whole-font.pdf', wholeFontPdf(false));
    const { path } = await compress('medium', file, 'whole-font.pdf');
    assertValidPdf(path);
    expect((await stat(path)).size).toBeLessThan(file.size * 0.4);
    const before = renderPageRgb(file.path, 1, 72).pixels;
    expect(before.some((value) => value < 128)).toBe(true);
    expect(Buffer.from(renderPageRgb(path, 1, 72).pixels).equals(Buffer.from(before))).toBe(true);
  });

  it('keeps fonts whole when form fields use an embedded one', async () => {
    const file = await job.input('field-font.pdf', wholeFontPdf(true));
    const { path } = await compress('medium', file, 'field-font.pdf');
    assertValidPdf(path);
    expect((await stat(path)).size).toBeGreaterThan(file.size * 0.8);
    expect(qpdfJson(path)).toContain('"/DR"');
  });
});

/**
 * Page 2's photo (x 72..288, y 276..492 from the top at 72 dpi) looks the same before and after: the mean colour of
 * its cyan corner, middle and black corner within 8 levels.
 */
function expectPhotoColoursKept(beforePath: string, afterPath: string) {
  const before = renderPageRgb(beforePath, 2, 72);
  const after = renderPageRgb(afterPath, 2, 72);
  for (const [left, top] of [
    [80, 284],
    [160, 360],
    [240, 444],
  ] as const) {
    const expected = meanColour(before, left, top, 36, 36);
    const actual = meanColour(after, left, top, 36, 36);
    for (let c = 0; c < 3; c++) expect(Math.abs(actual[c]! - expected[c]!)).toBeLessThan(8);
  }
}
