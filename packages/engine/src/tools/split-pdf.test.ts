import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ToolError } from '@paperknife/catalog/errors';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { splitPdf } from './split-pdf.js';

const job = jobPerTest();

/** Unzips the result and returns each entry's page texts, after checking every part with qpdf. */
async function parts(zipPath: string): Promise<Record<string, string[]>> {
  const entries = unzipSync(await readFile(zipPath));
  const texts: Record<string, string[]> = {};
  for (const [name, data] of Object.entries(entries)) {
    const path = join(job.context.workDir, `check-${name}`);
    await writeFile(path, data);
    assertValidPdf(path);
    texts[name] = pdfPageTexts(path);
  }
  return texts;
}

describe('split-pdf', () => {
  it('makes one PDF per page by default, named after the upload', async () => {
    const file = await job.input('report.pdf', makePdf({ pageCount: 3 }));
    const result = await splitPdf([file], parseToolOptions('split-pdf', {}), job.context);
    expect(result.download.name).toBe('split-pages.zip');
    expect(await parts(result.path)).toEqual({
      'report-page-01.pdf': ['Page 1'],
      'report-page-02.pdf': ['Page 2'],
      'report-page-03.pdf': ['Page 3'],
    });
  });

  it('makes one PDF per range', async () => {
    const file = await job.input('report.pdf', makePdf({ pageCount: 7 }));
    const options = parseToolOptions('split-pdf', { mode: 'ranges', ranges: '1-3, 4-6, 7-' });
    const result = await splitPdf([file], options, job.context);
    expect(await parts(result.path)).toEqual({
      'report-pages-1-3.pdf': ['Page 1', 'Page 2', 'Page 3'],
      'report-pages-4-6.pdf': ['Page 4', 'Page 5', 'Page 6'],
      'report-page-07.pdf': ['Page 7'],
    });
  });

  it('starts a new file every N pages', async () => {
    const file = await job.input('report.pdf', makePdf({ pageCount: 5 }));
    const options = parseToolOptions('split-pdf', { mode: 'every', every: '2' });
    const result = await splitPdf([file], options, job.context);
    expect(await parts(result.path)).toEqual({
      'report-pages-1-2.pdf': ['Page 1', 'Page 2'],
      'report-pages-3-4.pdf': ['Page 3', 'Page 4'],
      'report-page-05.pdf': ['Page 5'],
    });
  });

  it('numbers a range written twice instead of overwriting it', async () => {
    const file = await job.input('report.pdf', makePdf({ pageCount: 2 }));
    const options = parseToolOptions('split-pdf', { mode: 'ranges', ranges: '2,2' });
    const result = await splitPdf([file], options, job.context);
    expect(Object.keys(await parts(result.path))).toEqual(['report-page-02.pdf', 'report-page-02-2.pdf']);
  });

  it('reports ranges past the end and bad ranges', async () => {
    const file = await job.input('report.pdf', makePdf({ pageCount: 4 }));
    const options = parseToolOptions('split-pdf', { mode: 'ranges', ranges: '1-2,3-9' });
    const error = await splitPdf([file], options, job.context).catch((e: unknown) => e);
    expect((error as ToolError).code).toBe('page_out_of_range');
    expect((error as ToolError).message).toBe('Page 9 does not exist: this PDF has 4 pages.');
    expect(() => parseToolOptions('split-pdf', { mode: 'ranges', ranges: '1-2,x' })).toThrow(ToolError);
    expect(() => parseToolOptions('split-pdf', { mode: 'ranges' })).toThrow(/Enter the ranges/);
  });

  it('refuses a password-protected PDF', async () => {
    const file = await job.input('a.pdf', makePdf({ pageCount: 2 }));
    const { protectPdf } = await import('./protect-pdf.js');
    const locked = await protectPdf([file], parseToolOptions('protect-pdf', { userPassword: 'secret1' }), job.context);
    const input = { path: locked.path, name: 'locked.pdf', size: 0 };
    expect(await toolErrorCode(splitPdf([input], parseToolOptions('split-pdf', {}), job.context))).toBe(
      'encrypted_pdf',
    );
  });
});
