import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { bookletSides } from '../page-layout/sheet-plan.js';
import { closeMupdfPool } from '../mupdf/pool.js';
import { makePdf } from '../testing/make-pdf.js';
import { corpusDir, corpusPresent } from '../testing/corpus.js';
import { assertValidPdf, pdfPageSizes, pdfPageTexts } from '../testing/pdf-assertions.js';
import { placedLabels } from '../testing/page-layout-fixtures.js';
import { jobPerTest } from '../testing/test-job.js';
import { bookletPdf } from './booklet-pdf.js';

const job = jobPerTest();
afterAll(async () => {
  await closeMupdfPool();
});

const run = async (pdf: Uint8Array, raw: Record<string, unknown>) => {
  const file = await job.input('doc.pdf', pdf);
  const result = await bookletPdf([file], parseToolOptions('booklet-pdf', raw), job.context);
  assertValidPdf(result.path);
  expect(result.download.name).toBe('booklet.pdf');
  return result.path;
};

/** Each side's [left, right] page numbers read back from the sheets; 0 for a blank half. */
const sides = (path: string) =>
  placedLabels(path).map((labels) => {
    const side = [0, 0];
    for (const label of labels) side[label.x < 0.5 ? 0 : 1] = label.page;
    return side;
  });

describe('booklet-pdf', () => {
  it('orders six pages for a saddle stitch, padded with blanks to eight, on sheets two pages wide', async () => {
    const path = await run(makePdf({ pageCount: 6 }), {});
    expect(pdfPageSizes(path)).toEqual([
      [1224, 792],
      [1224, 792],
      [1224, 792],
      [1224, 792],
    ]);
    // Sheet 1 front: 8 (blank) | 1, back: 2 | 7 (blank); sheet 2 front: 6 | 3, back: 4 | 5.
    expect(sides(path)).toEqual([
      [0, 1],
      [2, 0],
      [6, 3],
      [4, 5],
    ]);
  });

  it('mirrors each side for right-to-left binding, on landscape A4 sheets', async () => {
    const path = await run(makePdf({ pageCount: 8 }), { binding: 'right', paper: 'a4' });
    for (const [width, height] of pdfPageSizes(path)) {
      expect(width).toBeCloseTo(841.9, 0);
      expect(height).toBeCloseTo(595.3, 0);
    }
    expect(sides(path)).toEqual([
      [1, 8],
      [7, 2],
      [3, 6],
      [5, 4],
    ]);
  });

  it('folds into reading order for any count: every page once, fronts and backs facing', () => {
    for (const count of [1, 2, 3, 4, 5, 12, 13]) {
      const order = bookletSides(count, false);
      expect(order.length % 2).toBe(0);
      const pages = order.flat().filter((page) => page !== null);
      expect(pages.sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
      // Opened flat, the stack's inner side shows two consecutive pages at the centre spread.
      const centre = order.at(-1)!;
      const padded = order.length * 2;
      expect(centre).toEqual([padded / 2 - 1, padded / 2].map((page) => (page < count ? page : null)));
    }
  });
});

describe.skipIf(!corpusPresent())('booklet-pdf on a corpus file (skipped without ../shared/corpus)', () => {
  it('imposes four pages turned four ways, keeping their Arabic text', async () => {
    const path = join(corpusDir, 'pdf', 'sf-habibi-rotated.pdf');
    if (!existsSync(path)) throw new Error('sf-habibi-rotated.pdf is missing from the corpus');
    const source = pdfPageTexts(path).join(' ');
    const output = await run(readFileSync(path), {});
    expect(pdfPageSizes(output)).toHaveLength(2);
    const words = (text: string) =>
      text
        .split(/\s+/)
        .filter((word) => /[\u0600-\u06ff]/.test(word))
        .sort();
    expect(words(pdfPageTexts(output).join(' '))).toEqual(words(source));
  });
});
