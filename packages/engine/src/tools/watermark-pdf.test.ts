import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool } from '../mupdf/pool.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import {
  SCRIPT_SAMPLES,
  inkOverlap,
  plainText,
  referenceInk,
  renderedInk,
  withoutSpaces,
} from '../testing/script-stamps.js';
import { type TextBox, visibleTextLines, withCropBox } from '../testing/stamp-fixtures.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { watermarkPdf } from './watermark-pdf.js';

const job = jobPerTest();
afterAll(async () => {
  await closeMupdfPool();
});

const run = async (pdf: Uint8Array, raw: Record<string, unknown>) => {
  const file = await job.input('doc.pdf', pdf);
  const result = await watermarkPdf([file], parseToolOptions('watermark-pdf', raw), job.context);
  assertValidPdf(result.path);
  return result.path;
};

/** The PDF's objects as plain text (qpdf QDF form, no object streams, streams uncompressed). */
const plainObjects = (path: string) =>
  spawnSync('qpdf', ['--qdf', '--object-streams=disable', path, '-'], { encoding: 'latin1', maxBuffer: 64 << 20 })
    .stdout;

const find = (lines: TextBox[], text: string) => lines.find((line) => line.text.includes(text));

describe('watermark-pdf', () => {
  it('stamps the text on the chosen pages only, with real transparency', async () => {
    const path = await run(makePdf({ pageCount: 3 }), { text: 'CONFIDENTIAL', opacity: '0.3', pages: '1,3' });
    const texts = pdfPageTexts(path);
    expect(texts[0]).toContain('CONFIDENTIAL');
    expect(texts[1]).not.toContain('CONFIDENTIAL');
    expect(texts[2]).toContain('CONFIDENTIAL');
    expect(texts[1]).toContain('Page 2');
    expect(plainObjects(path)).toMatch(/\/ca 0?\.3\b/);
  });

  it('centres the text in the visible page by default', async () => {
    const [lines] = visibleTextLines(await run(makePdf({ pageCount: 1 }), { text: 'DRAFT', fontSize: '40' }));
    const box = find(lines!, 'DRAFT')!;
    expect(Math.abs((box.x0 + box.x1) / 2 - box.pageWidth / 2)).toBeLessThan(3);
    expect(Math.abs((box.y0 + box.y1) / 2 - box.pageHeight / 2)).toBeLessThan(8);
  });

  it('keeps "bottom-right" at the bottom right as the viewer sees a /Rotate 90 page, upright', async () => {
    const pdf = makePdf({ pages: [{ rotate: 90 }, { width: 300, height: 200 }] });
    const pages = visibleTextLines(await run(pdf, { text: 'APPROVED', position: 'bottom-right', fontSize: '20' }));
    for (const lines of pages) {
      const box = find(lines, 'APPROVED')!;
      expect(box, JSON.stringify(lines)).toBeDefined();
      expect(box.x1).toBeGreaterThan(box.pageWidth - 60);
      expect(box.x1).toBeLessThanOrEqual(box.pageWidth);
      expect(box.y1).toBeGreaterThan(box.pageHeight - 60);
      expect(box.y1).toBeLessThanOrEqual(box.pageHeight);
      // Upright: a horizontal line of text is wider than it is tall.
      expect(box.x1 - box.x0).toBeGreaterThan(box.y1 - box.y0);
    }
  });

  it('places text inside a CropBox smaller than the MediaBox', async () => {
    const pdf = withCropBox(makePdf({ pageCount: 1 }), 0, [100, 100, 400, 500]);
    const [lines] = visibleTextLines(await run(pdf, { text: 'CROPPED', position: 'top-left', fontSize: '16' }));
    const box = find(lines!, 'CROPPED')!;
    expect(box.pageWidth).toBeCloseTo(300);
    expect(box.x0).toBeGreaterThan(20);
    expect(box.x0).toBeLessThan(60);
    expect(box.y0).toBeGreaterThan(20);
    expect(box.y0).toBeLessThan(60);
  });

  it('shrinks a long text to fit the page width', async () => {
    const text = 'THIS WATERMARK IS FAR TOO LONG TO FIT';
    const [lines] = visibleTextLines(await run(makePdf({ pageCount: 1 }), { text, fontSize: '72' }));
    const box = find(lines!, 'FAR TOO LONG')!;
    expect(box.x0).toBeGreaterThanOrEqual(0);
    expect(box.x1).toBeLessThanOrEqual(box.pageWidth);
  });

  it('draws Cyrillic and Greek with an embedded font, extracted back exactly', async () => {
    const path = await run(makePdf({ pageCount: 1 }), { text: 'Черновик Σχέδιο' });
    expect(pdfPageTexts(path)[0]).toContain('Черновик Σχέδιο');
    expect(plainObjects(path)).toMatch(/\/FontFile2|\/FontFile3/);
  });

  it('refuses text no available font can draw, and a page past the end', async () => {
    const file = await job.input('doc.pdf', makePdf({ pageCount: 2 }));
    expect(
      // A private-use character: no installed font draws it.
      await toolErrorCode(watermarkPdf([file], parseToolOptions('watermark-pdf', { text: 'A \ue000' }), job.context)),
    ).toBe('invalid_option');
    expect(
      await toolErrorCode(
        watermarkPdf([file], parseToolOptions('watermark-pdf', { text: 'X', pages: '5' }), job.context),
      ),
    ).toBe('page_out_of_range');
  });
});

describe('watermark-pdf in every script', () => {
  const blankPage = () => makePdf({ pages: [{ text: [] }] });
  const DPI = 100;

  it.each(SCRIPT_SAMPLES)('$script: read back in logical order, drawn with the shaped glyphs', async ({ text }) => {
    const path = await run(blankPage(), { text, fontSize: '40', opacity: '1', color: '#000000' });
    expect(plainText(pdfPageTexts(path)[0]!)).toBe(text);
    const stamped = renderedInk(path, 1, DPI);
    const same = inkOverlap(stamped, referenceInk(text, 40, DPI));
    // The comparison tells glyphs apart: the same letters in another order do not match.
    const other = inkOverlap(stamped, referenceInk([...text].reverse().join(''), 40, DPI));
    expect(same).toBeGreaterThan(0.95);
    expect(other).toBeLessThan(0.8);
  });

  // pdftotext takes a line's direction from most of its letters, so each line here is mostly of its own direction.
  it.each([
    { direction: 'left-to-right', text: 'CONFIDENTIAL COPY 2 مسودة 草稿 गोपनीय' },
    { direction: 'right-to-left', text: 'مسودة سرية للغاية DRAFT טיוטה' },
  ])('mixes scripts in a $direction line, each run in its own font', async ({ text }) => {
    const path = await run(blankPage(), { text, fontSize: '24', opacity: '1', color: '#000000' });
    expect(withoutSpaces(pdfPageTexts(path)[0]!)).toBe(withoutSpaces(text));
    expect(inkOverlap(renderedInk(path, 1, DPI), referenceInk(text, 24, DPI))).toBeGreaterThan(0.95);
    expect(plainObjects(path).match(/\/FontFile[23]/g)!.length).toBeGreaterThanOrEqual(3);
  });

  it('embeds CJK as a small subset, not the 19 MB font collection', async () => {
    const path = await run(makePdf({ pageCount: 3 }), { text: '机密文件 草稿' });
    expect(statSync(path).size).toBeLessThan(200_000);
  });
});
