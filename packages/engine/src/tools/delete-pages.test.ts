import { describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { deletePages } from './delete-pages.js';

const job = jobPerTest();

const options = (pages: string) => parseToolOptions('delete-pages', { pages });

describe('delete-pages', () => {
  it('removes the listed pages and keeps the rest in their order', async () => {
    const file = await job.input('report.pdf', makePdf({ pageCount: 6 }));
    const result = await deletePages([file], options('5,2-3'), job.context);
    assertValidPdf(result.path);
    expect(pdfPageTexts(result.path)).toEqual(['Page 1', 'Page 4', 'Page 6']);
    expect(result.download.name).toBe('pages-deleted.pdf');
  });

  it('keeps the right pages when the last ones are listed by number, or ranges overlap', async () => {
    const file = await job.input('report.pdf', makePdf({ pageCount: 6 }));
    expect(pdfPageTexts((await deletePages([file], options('2-6'), job.context)).path)).toEqual(['Page 1']);
    expect(pdfPageTexts((await deletePages([file], options('4-5,2-4,6-'), job.context)).path)).toEqual(['Page 1']);
    expect(pdfPageTexts((await deletePages([file], options('3-,4'), job.context)).path)).toEqual(['Page 1', 'Page 2']);
  });

  it('refuses to delete every page', async () => {
    const file = await job.input('report.pdf', makePdf({ pageCount: 3 }));
    expect(await toolErrorCode(deletePages([file], options('1-'), job.context))).toBe('no_pages_left');
    expect(await toolErrorCode(deletePages([file], options('3,1-2'), job.context))).toBe('no_pages_left');
  });

  it('reports pages past the end and bad ranges', async () => {
    const file = await job.input('report.pdf', makePdf({ pageCount: 3 }));
    expect(await toolErrorCode(deletePages([file], options('4'), job.context))).toBe('page_out_of_range');
    expect(() => options('3-1')).toThrow(/goes backwards/);
  });
});
