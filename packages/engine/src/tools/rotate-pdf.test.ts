import { describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts, pdfRotations } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { rotatePdf } from './rotate-pdf.js';

const job = jobPerTest();

describe('rotate-pdf', () => {
  it('adds the angle to every page, on top of an existing rotation', async () => {
    const file = await job.input('scan.pdf', makePdf({ pages: [{ rotate: 90 }, {}, { rotate: 270 }] }));
    const result = await rotatePdf([file], parseToolOptions('rotate-pdf', { angle: '90' }), job.context);
    assertValidPdf(result.path);
    expect(pdfRotations(result.path)).toEqual([180, 90, 0]);
    expect(pdfPageTexts(result.path)).toEqual(['Page 1', 'Page 2', 'Page 3']);
    expect(result.download.name).toBe('rotated-document.pdf');
  });

  it('turns only the listed pages', async () => {
    const file = await job.input('scan.pdf', makePdf({ pageCount: 5 }));
    const options = parseToolOptions('rotate-pdf', { angle: 270, pages: '4-,1' });
    const result = await rotatePdf([file], options, job.context);
    assertValidPdf(result.path);
    expect(pdfRotations(result.path)).toEqual([270, 0, 0, 270, 270]);
  });

  it('reports a page past the end', async () => {
    const file = await job.input('scan.pdf', makePdf({ pageCount: 2 }));
    const options = parseToolOptions('rotate-pdf', { angle: '180', pages: '1-3' });
    expect(await toolErrorCode(rotatePdf([file], options, job.context))).toBe('page_out_of_range');
  });
});
