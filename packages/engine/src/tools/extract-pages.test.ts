import { describe, expect, it } from 'vitest';
import { ToolError } from '@paperknife/catalog/errors';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { extractPages } from './extract-pages.js';

const job = jobPerTest();

const options = (pages: string) => parseToolOptions('extract-pages', { pages });

describe('extract-pages', () => {
  it('keeps the pages in the order written, repeats included', async () => {
    const file = await job.input('report.pdf', makePdf({ pageCount: 10 }));
    const result = await extractPages([file], options('7-9, 2, 2,10-'), job.context);
    assertValidPdf(result.path);
    expect(pdfPageTexts(result.path)).toEqual(['Page 7', 'Page 8', 'Page 9', 'Page 2', 'Page 2', 'Page 10']);
    expect(result.download.name).toBe('extracted-pages.pdf');
  });

  it('names the missing page when the range runs past the end', async () => {
    const file = await job.input('report.pdf', makePdf({ pageCount: 10 }));
    const error = await extractPages([file], options('3,12'), job.context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe('page_out_of_range');
    expect((error as ToolError).message).toBe('Page 12 does not exist: this PDF has 10 pages.');
  });

  it('refuses a non-PDF upload by its content', async () => {
    const file = await job.input('report.pdf', Buffer.from('just some text'));
    expect(await toolErrorCode(extractPages([file], options('1'), job.context))).toBe('unsupported_file_type');
  });
});
