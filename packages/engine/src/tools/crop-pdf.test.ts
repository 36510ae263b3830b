import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool } from '../mupdf/pool.js';
import { brokenImagesPdf } from '../testing/broken-image-fixtures.js';
import { makePdf, writePdfObjects } from '../testing/make-pdf.js';
import { corpusDir, corpusPresent } from '../testing/corpus.js';
import { assertValidPdf, pdfPageSizes, renderPageRgb } from '../testing/pdf-assertions.js';
import {
  AROUND_CROP_MARGINS,
  STRADDLING_IMAGE_PIXELS,
  contentAroundCropPdf,
  pageBoxes,
} from '../testing/page-layout-fixtures.js';
import { parsePpm } from '../testing/ppm.js';
import { extractedText, readersFinding } from '../testing/redaction-checks.js';
import { pdfObjectsText } from '../testing/document-data-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { cropPdf } from './crop-pdf.js';

const job = jobPerTest();
afterAll(async () => {
  await closeMupdfPool();
});

const MM = 72 / 25.4;

/** The words of a page with their boxes (`pdftotext -bbox`): points from the top left of its crop box. */
function wordBoxes(path: string, page: number) {
  const html = spawnSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), path, '-'], {
    encoding: 'utf8',
  }).stdout;
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">/g)].map((match) => ({
    xMin: Number(match[1]),
    yMin: Number(match[2]),
    xMax: Number(match[3]),
    yMax: Number(match[4]),
  }));
}

const run = async (pdf: Uint8Array, raw: Record<string, unknown>) => {
  const file = await job.input('doc.pdf', pdf);
  const result = await cropPdf([file], parseToolOptions('crop-pdf', raw), job.context);
  assertValidPdf(result.path);
  expect(result.download.name).toBe('cropped-document.pdf');
  return result.path;
};

const expectBox = (actual: number[] | undefined, expected: number[], tolerance = 0.01) => {
  expect(actual, `box ${JSON.stringify(actual)}`).toBeDefined();
  actual!.forEach((value, index) =>
    expect(Math.abs(value - expected[index]!), JSON.stringify(actual)).toBeLessThan(tolerance),
  );
};

/** A page of nothing but a black rectangle, for trimming. */
const inkPage = (x: number, y: number, width: number, height: number) => ({
  text: [],
  box: { rgb: [0, 0, 0] as [number, number, number], x, y, width, height },
});

describe('crop-pdf', () => {
  it('cuts margins in millimetres from each side as the page is shown, on upright and turned pages', async () => {
    const path = await run(makePdf({ pages: [{}, { rotate: 90 }] }), {
      mode: 'margins',
      top: '10',
      right: '20',
      bottom: '30',
      left: '40',
    });
    const [upright, turned] = pageBoxes(path);
    expectBox(upright!.cropBox, [40 * MM, 30 * MM, 612 - 20 * MM, 792 - 10 * MM]);
    // Turned 90° clockwise: the visible top is the box's left edge, the visible right its top edge.
    expectBox(turned!.cropBox, [10 * MM, 40 * MM, 612 - 30 * MM, 792 - 20 * MM]);
    expect(upright!.mediaBox).toEqual([0, 0, 612, 792]);
    // Viewers show the crop box: poppler reads the new size.
    const [first] = pdfPageSizes(path);
    expect(first![0]).toBeCloseTo(612 - 60 * MM, 0);
    expect(first![1]).toBeCloseTo(792 - 40 * MM, 0);
  });

  it('trims the white margins around each page content, a box per page', async () => {
    const pages = [
      inkPage(100, 200, 300, 150),
      inkPage(50, 60, 100, 500),
      { ...inkPage(100, 200, 300, 150), rotate: 270 as const },
    ];
    const path = await run(makePdf({ pages }), {});
    const [first, second, turned] = pageBoxes(path);
    // The ink plus at most a couple of points for the render's pixels.
    expectBox(first!.cropBox, [100, 200, 400, 350], 3);
    expect(first!.cropBox![0]).toBeLessThanOrEqual(100);
    expect(first!.cropBox![2]).toBeGreaterThanOrEqual(400);
    expectBox(second!.cropBox, [50, 60, 150, 560], 3);
    expectBox(turned!.cropBox, [100, 200, 400, 350], 3);
  });

  it('trims every page by the same margins with one box for all, and only the chosen pages', async () => {
    const pages = [inkPage(100, 200, 300, 150), inkPage(50, 60, 100, 500), inkPage(300, 300, 10, 10)];
    const path = await run(makePdf({ pages }), { sameBox: 'true', pages: '1-2' });
    const [first, second, third] = pageBoxes(path);
    expectBox(first!.cropBox, [50, 60, 400, 560], 3);
    expectBox(second!.cropBox, first!.cropBox!, 0.01);
    expect(third!.cropBox).toBeUndefined();
  });

  it('trims a page whose images MuPDF cannot decode, keeping those images in the output', async () => {
    const broken = brokenImagesPdf(['jpx', 'jbig2']);
    const path = await run(broken, {});
    expect(pageBoxes(path)).toHaveLength(2);
    // The images the measuring copy drew past are still in the file, byte for byte.
    const output = readFileSync(path);
    expect(output.includes(Buffer.from('/JPXDecode'))).toBe(true);
    expect(output.includes(Buffer.from('/JBIG2Decode'))).toBe(true);
  });

  it('keeps the trim and bleed boxes inside the new crop box', async () => {
    const pdf = writePdfObjects(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /TrimBox [10 10 590 790] /BleedBox [0 0 600 800] /Contents 4 0 R >>',
        '<< /Length 0 >>\nstream\n\nendstream',
      ],
      '/Root 1 0 R',
    );
    const [page] = pageBoxes(await run(pdf, { mode: 'margins', left: '100' }));
    expectBox(page!.cropBox, [100 * MM, 0, 600, 800]);
    expectBox(page!.trimBox, [100 * MM, 10, 590, 790]);
    expectBox(page!.bleedBox, [100 * MM, 0, 600, 800]);
  });

  it('writes a valid file from one with bytes before its header, which an appended update would misplace', async () => {
    const pdf = Buffer.concat([Buffer.from('% produced by a mail gateway\n'), makePdf({ pageCount: 2 })]);
    const [first] = pageBoxes(await run(pdf, { mode: 'margins', bottom: '10' }));
    expectBox(first!.cropBox, [0, 10 * MM, 612, 792]);
  });

  it('refuses margins that leave nothing of a page, and margins that are all zero', async () => {
    const file = await job.input('doc.pdf', makePdf({ pages: [{}, { width: 200, height: 200 }] }));
    const tooWide = cropPdf(
      [file],
      parseToolOptions('crop-pdf', { mode: 'margins', left: '40', right: '40' }),
      job.context,
    );
    await expect(tooWide).rejects.toThrow(/page 2/);
    expect(await toolErrorCode(tooWide)).toBe('invalid_option');
    const nothing = cropPdf([file], parseToolOptions('crop-pdf', { mode: 'margins' }), job.context);
    expect(await toolErrorCode(nothing)).toBe('invalid_option');
  });
});

/** The first page's images as pdfimages writes them (PPM), in drawing order. */
function firstPageImages(path: string) {
  const dir = mkdtempSync(join(tmpdir(), 'crop-images-'));
  try {
    spawnSync('pdfimages', ['-f', '1', '-l', '1', path, join(dir, 'image')]);
    return readdirSync(dir)
      .sort()
      .map((name) => parsePpm(readFileSync(join(dir, name))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function pageUris(path: string, index: number): string[] {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    const page = doc.loadPage(index);
    const uris = page.getLinks().map((link) => link.getURI());
    page.destroy();
    return uris;
  } finally {
    doc.destroy();
  }
}

describe('crop-pdf removing the content outside', () => {
  const margins = Object.fromEntries(Object.entries(AROUND_CROP_MARGINS).map(([side, mm]) => [side, String(mm)]));

  it('removes text, drawings, images and annotations outside the box, upright and turned, and keeps the rest', async () => {
    const path = await run(contentAroundCropPdf(), { mode: 'margins', ...margins, removeOutside: 'true' });
    const text = extractedText(path);
    for (const word of ['Kept1', 'High1', 'FormKept1', 'Kept2', 'Right2', 'FormKept2']) {
      expect(readersFinding(text, word), word).toEqual(['pdftotext', 'mupdf', 'qpdf']);
    }
    for (const word of ['Right1', 'Low1', 'FormLow1', 'High2', 'Low2', 'FormLow2', 'Note outside']) {
      expect(readersFinding(text, word), word).toEqual([]);
    }
    const [upright, turned] = pageBoxes(path);
    const [top, right, bottom, left] = [AROUND_CROP_MARGINS.top, 90, 20, 20].map((mm) => mm * MM) as [
      number,
      number,
      number,
      number,
    ];
    expectBox(upright!.mediaBox, [left, bottom, 612 - right, 792 - top]);
    expectBox(upright!.cropBox, upright!.mediaBox!);
    // Turned 90° clockwise: the visible top is the box's left edge, the visible right its top edge.
    expectBox(turned!.mediaBox, [top, left, 612 - bottom, 792 - right]);
    // The green square wholly outside is gone; the blue image wholly outside too, and the red one keeps its size
    // with the pixels outside blanked and the ones shown untouched.
    expect(pdfObjectsText(path)).not.toMatch(/420 600 100 100 re/);
    const images = firstPageImages(path);
    expect(images).toHaveLength(1);
    const [red] = images;
    expect([red!.width, red!.height]).toEqual([STRADDLING_IMAGE_PIXELS, STRADDLING_IMAGE_PIXELS]);
    const pixel = (x: number, y: number) => [
      ...red!.pixels.subarray((y * red!.width + x) * 3, (y * red!.width + x) * 3 + 3),
    ];
    for (const y of [0, 20, 39]) {
      expect(pixel(5, y), `shown, row ${y}`).toEqual([220, 0, 0]);
      expect(pixel(20, y), `shown, row ${y}`).toEqual([220, 0, 0]);
      expect(pixel(30, y), `outside, row ${y}`).not.toEqual([220, 0, 0]);
    }
    expect(pageUris(path, 0)).toEqual(['https://example.com/kept']);
  });

  it('keeps every pixel that shows of an image drawn at a slant, half outside the box', async () => {
    // A red square turned by 3 degrees (a skewed scan), from x 150 to about 460 on a letter page, cropped at x 300.
    const side = 8;
    const red = Buffer.alloc(side * side * 3);
    for (let i = 0; i < side * side; i++) red[i * 3] = 220;
    const [cos, sin] = [Math.cos((3 * Math.PI) / 180), Math.sin((3 * Math.PI) / 180)];
    const cm = [300 * cos, 300 * sin, -300 * sin, 300 * cos, 160, 250].map((n) => n.toFixed(3)).join(' ');
    const pdf = writePdfObjects(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
        Buffer.concat([
          Buffer.from(`<< /Length ${`q ${cm} cm /Im1 Do Q`.length} >>\nstream\nq ${cm} cm /Im1 Do Q\nendstream`),
        ]),
        Buffer.concat([
          Buffer.from(
            `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${red.length} >>\nstream\n`,
          ),
          red,
          Buffer.from('\nendstream'),
        ]),
      ],
      '/Root 1 0 R',
    );
    const right = String((612 - 300) / MM);
    const path = await run(pdf, { mode: 'margins', top: '0', right, bottom: '0', left: '0', removeOutside: 'true' });
    const { width, height, pixels } = renderPageRgb(path, 1, 36);
    // The middle of what shows of the square (x 225 pt, y 400 pt from the bottom) is still red.
    const [x, y] = [Math.round((225 / 300) * width), Math.round(((792 - 400) / 792) * height)];
    const at = (y * width + x) * 3;
    expect([pixels[at], pixels[at + 1], pixels[at + 2]]).toEqual([220, 0, 0]);
  });

  it('keeps every word of text trimmed to its ink, whose glyph boxes reach past the ink', async () => {
    const pdf = makePdf({ pages: [{ text: ['Alpha line', 'Beta line', 'Gamma'] }, { rotate: 90, text: ['Turned'] }] });
    const path = await run(pdf, { removeOutside: 'true' });
    const text = extractedText(path);
    for (const word of ['Alpha line', 'Beta line', 'Gamma', 'Turned']) {
      expect(readersFinding(text, word), word).toEqual(['pdftotext', 'mupdf', 'qpdf']);
    }
    const [first] = pageBoxes(path);
    expectBox(first!.mediaBox, first!.cropBox!);
  });
});

describe.skipIf(!corpusPresent())('crop-pdf on a corpus file (skipped without ../shared/corpus)', () => {
  it('trims the white margins of a LaTeX paper without losing a word', async () => {
    const path = join(corpusDir, 'pdf', 'sf-pdflatex-4-pages.pdf');
    if (!existsSync(path)) throw new Error('sf-pdflatex-4-pages.pdf is missing from the corpus');
    const output = await run(readFileSync(path), {});
    const boxes = pageBoxes(output);
    expect(boxes).toHaveLength(4);
    const SLACK = 3;
    pdfPageSizes(path).forEach(([width, height], index) => {
      const [x0, y0, x1, y1] = boxes[index]!.cropBox!;
      expect((x1 - x0) * (y1 - y0)).toBeLessThan(width * height * 0.8);
      // Every word of the page inside the crop box: poppler's boxes (from the top left of the uncropped page) reach
      // the font's ascent and descent, a little past the ink, hence the slack.
      const words = wordBoxes(path, index + 1);
      expect(words.length).toBeGreaterThan(20);
      for (const word of words) {
        expect(word.xMin).toBeGreaterThanOrEqual(x0 - SLACK);
        expect(word.xMax).toBeLessThanOrEqual(x1 + SLACK);
        expect(height - word.yMax).toBeGreaterThanOrEqual(y0 - SLACK);
        expect(height - word.yMin).toBeLessThanOrEqual(y1 + SLACK);
      }
    });
  });
});
