import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { closeMupdfPool } from '../mupdf/pool.js';
import { widgetCount } from '../testing/form-values.js';
import { makeFormPdf } from '../testing/make-form-pdf.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { fillPdf } from './fill-pdf.js';
import { flattenPdf } from './flatten-pdf.js';

const job = jobPerTest();
afterAll(async () => {
  await closeMupdfPool();
});

describe('flatten-pdf', () => {
  it('turns filled fields into page text and leaves no widget', async () => {
    const form = await job.input('form.pdf', makeFormPdf());
    expect(widgetCount(form.path)).toBe(9);
    const values = { values: { name: 'Grace Hopper', country: 'Japan', agree: true }, flatten: false } as const;
    const filled = await fillPdf([form], { ...values, bulkOutput: 'zip' }, job.context);
    const result = await flattenPdf([{ ...form, path: filled.path }], {}, job.context);
    assertValidPdf(result.path);
    expect(widgetCount(result.path)).toBe(0);
    const text = pdfPageTexts(result.path)[0];
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('Japan');
    expect(text).toContain('Application form');
  });

  it('draws the values of a form that leaves drawing them to the viewer (NeedAppearances)', async () => {
    const form = await job.input('filled.pdf', makeFormPdf({ filledName: 'Katherine Johnson' }));
    const result = await flattenPdf([form], {}, job.context);
    expect(widgetCount(result.path)).toBe(0);
    expect(pdfPageTexts(result.path)[0]).toContain('Katherine Johnson');
  });

  it('gives back a PDF without fields or annotations as it came', async () => {
    const plain = await job.input('plain.pdf', makePdf({ pageCount: 2 }));
    const result = await flattenPdf([plain], {}, job.context);
    expect(readFileSync(result.path).equals(readFileSync(plain.path))).toBe(true);
  });

  it('refuses a password-protected PDF', async () => {
    const source = `${job.context.workDir}/source.pdf`;
    writeFileSync(source, makeFormPdf());
    spawnSync('qpdf', ['--encrypt', 'pw1234', 'pw1234', '256', '--', source, `${job.context.workDir}/locked.pdf`]);
    const locked = await job.input('locked.pdf', readFileSync(`${job.context.workDir}/locked.pdf`));
    expect(await toolErrorCode(flattenPdf([locked], {}, job.context))).toBe('encrypted_pdf');
  });
});
