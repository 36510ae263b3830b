import { afterAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool } from '../mupdf/pool.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { inkOverlap, plainText, referenceInk, renderedInk, withoutSpaces } from '../testing/script-stamps.js';
import { visibleTextLines } from '../testing/stamp-fixtures.js';
import { jobPerTest } from '../testing/test-job.js';
import { pageNumbers } from './page-numbers.js';

const job = jobPerTest();
afterAll(async () => {
  await closeMupdfPool();
});

const run = async (pdf: Uint8Array, raw: Record<string, unknown>) => {
  const file = await job.input('doc.pdf', pdf);
  const result = await pageNumbers([file], parseToolOptions('page-numbers', raw), job.context);
  assertValidPdf(result.path);
  expect(result.download.name).toBe('page-numbered-document.pdf');
  return result.path;
};

describe('page-numbers', () => {
  it('numbers every page at the bottom centre by default', async () => {
    const path = await run(makePdf({ pageCount: 3 }), {});
    const pages = visibleTextLines(path);
    pages.forEach((lines, index) => {
      const number = lines.find((line) => line.text.trim() === String(index + 1))!;
      expect(number, JSON.stringify(lines)).toBeDefined();
      expect(Math.abs((number.x0 + number.x1) / 2 - number.pageWidth / 2)).toBeLessThan(3);
      expect(number.y1).toBeGreaterThan(number.pageHeight - 50);
    });
  });

  it('formats "Page {n} of {total}" from the start number, on the chosen pages only', async () => {
    const path = await run(makePdf({ pageCount: 4 }), {
      format: 'Page {n} of {total}',
      startNumber: '5',
      pages: '2-4',
      position: 'top-right',
    });
    const texts = pdfPageTexts(path);
    expect(texts[0]).not.toContain('of');
    expect(texts[1]).toContain('Page 5 of 7');
    expect(texts[2]).toContain('Page 6 of 7');
    expect(texts[3]).toContain('Page 7 of 7');
    const box = visibleTextLines(path)[1]!.find((line) => line.text.includes('Page 5'))!;
    expect(box.x1).toBeGreaterThan(box.pageWidth - 60);
    expect(box.y0).toBeLessThan(60);
  });

  it('stays at the bottom as the viewer sees rotated pages and pages of other sizes', async () => {
    const pages = visibleTextLines(
      await run(makePdf({ pages: [{ rotate: 270 }, { width: 842, height: 595 }, { rotate: 180 }] }), {}),
    );
    pages.forEach((lines, index) => {
      const number = lines.find((line) => line.text.trim() === String(index + 1))!;
      expect(number, JSON.stringify(lines)).toBeDefined();
      expect(number.y1).toBeGreaterThan(number.pageHeight - 50);
      expect(number.y1).toBeLessThanOrEqual(number.pageHeight);
    });
  });
});

describe('page-numbers in every script', () => {
  const FORMATS = [
    { script: 'Chinese', format: '第 {n} 页，共 {total} 页' },
    { script: 'Japanese', format: '{n} / {total} ページ' },
    { script: 'Arabic', format: 'صفحة {n} من {total}' },
    { script: 'Hebrew', format: 'עמוד {n} מתוך {total}' },
    { script: 'Hindi', format: 'पृष्ठ {n} / {total}' },
  ];

  it.each(FORMATS)(
    '$script format: each page reads back its own number, drawn with the shaped glyphs',
    async ({ format }) => {
      const path = await run(makePdf({ pages: [{ text: [] }, { text: [] }] }), { format, fontSize: '24' });
      const texts = pdfPageTexts(path);
      for (const [index, text] of texts.entries()) {
        const expected = format.replace('{n}', String(index + 1)).replace('{total}', '2');
        // pdftotext places the spaces next to a number in right-to-left text by its own rules.
        if (/[\u0590-\u08ff]/.test(format)) expect(withoutSpaces(text)).toBe(withoutSpaces(expected));
        else expect(plainText(text)).toBe(expected);
        expect(inkOverlap(renderedInk(path, index + 1, 100), referenceInk(expected, 24, 100))).toBeGreaterThan(0.95);
      }
    },
  );
});
