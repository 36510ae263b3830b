import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import type { BlankPageList } from '@paperknife/catalog/tools/remove-blank-pages';
import { type FixturePage, makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { removeBlankPages } from './remove-blank-pages.js';

const job = jobPerTest();

const options = (raw: Record<string, string> = {}) => parseToolOptions('remove-blank-pages', raw);

/** Letter pages: text, empty, a near-white tint over the whole page (a scanned blank sheet), a small dark square. */
const pages: FixturePage[] = [
  { text: ['Chapter one'] },
  { text: [] },
  { text: [], box: { rgb: [0.95, 0.95, 0.94], x: 0, y: 0, width: 612, height: 792 } },
  // One word: a tenth of a percent of the page.
  { text: ['Chapter two'] },
  // 40 x 40 pt of 612 x 792: 0.33 % of the page.
  { text: [], box: { rgb: [0, 0, 0], x: 300, y: 400, width: 40, height: 40 } },
];

describe('remove-blank-pages', () => {
  it('lists every page with its ink, the empty and the tinted ones blank', async () => {
    const file = await job.input('scan.pdf', makePdf({ pages }));
    const result = await removeBlankPages([file], options({ output: 'list' }), job.context);
    expect(result.download).toEqual({ name: 'blank-pages.json', contentType: 'application/json' });
    const list = JSON.parse(await readFile(result.path, 'utf8')) as BlankPageList;
    expect(list.pageCount).toBe(5);
    expect(list.threshold).toBe(0.02);
    expect(list.pages.map((page) => page.blank)).toEqual([false, true, true, false, false]);
    expect(list.pages[1]!.ink).toBe(0);
    expect(list.pages[2]!.ink).toBe(0);
    expect(list.pages[4]!.ink).toBeGreaterThan(0.2);
    expect(list.pages[4]!.ink).toBeLessThan(0.6);
  });

  it('removes the blank pages under the threshold, keeping the rest in order', async () => {
    const file = await job.input('scan.pdf', makePdf({ pages }));
    const result = await removeBlankPages([file], options(), job.context);
    assertValidPdf(result.path);
    expect(result.download.name).toBe('blank-pages-removed.pdf');
    expect(pdfPageTexts(result.path)).toEqual(['Chapter one', 'Chapter two', '']);
    // At 0.2 % the one-line pages count as blank too; the square's page (0.33 %) stays.
    const more = await removeBlankPages([file], options({ threshold: '0.2' }), job.context);
    expect(pdfPageTexts(more.path)).toEqual(['']);
  });

  it('removes the pages chosen on review instead of the ones found', async () => {
    const file = await job.input('scan.pdf', makePdf({ pages }));
    const result = await removeBlankPages([file], options({ pages: '2,5' }), job.context);
    expect(pdfPageTexts(result.path)).toEqual(['Chapter one', '', 'Chapter two']);
  });

  it('refuses a document whose every page is blank', async () => {
    const file = await job.input('empty.pdf', makePdf({ pages: [{ text: [] }, { text: [] }] }));
    expect(await toolErrorCode(removeBlankPages([file], options(), job.context))).toBe('no_pages_left');
  });
});
