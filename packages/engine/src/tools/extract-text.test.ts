import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { closeMupdfPool } from '../mupdf/pool.js';
import { makePdf } from '../testing/make-pdf.js';
import { mixedPdf, scanWords } from '../testing/ocr-fixtures.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { watermarkPdf } from './watermark-pdf.js';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { extractText } from './extract-text.js';

const job = jobPerTest();
const auto = parseToolOptions('extract-text', {});
afterAll(async () => {
  await closeMupdfPool();
});

describe('extract-text', () => {
  it('writes each page in order after a page marker, as UTF-8', async () => {
    const file = await job.input(
      'a.pdf',
      makePdf({ pages: [{ text: ['First line', 'Second line'] }, { text: [] }, { text: ['Last page'] }] }),
    );
    const result = await extractText([file], auto, job.context);
    expect(result.download.name).toBe('extracted-text.txt');
    const text = await readFile(result.path, 'utf8');
    expect(text).toBe('--- Page 1 ---\nFirst line\nSecond line\n\n--- Page 2 ---\n\n\n--- Page 3 ---\nLast page\n');
  });

  it('keeps non-Latin text exact', async () => {
    // A page whose text is drawn with an embedded Unicode font (the watermark tool makes one).
    const source = await job.input('plain.pdf', makePdf({ pageCount: 1 }));
    const stamped = await watermarkPdf(
      [source],
      parseToolOptions('watermark-pdf', { text: 'Привет мир Ωμέγα' }),
      job.context,
    );
    const result = await extractText([{ path: stamped.path, name: 'x.pdf', size: 1 }], auto, job.context);
    expect(await readFile(result.path, 'utf8')).toContain('Привет мир Ωμέγα');
  });

  it('recognises the text of scanned pages by default, and leaves them empty with ocr=never', async () => {
    const file = await job.input('mixed.pdf', mixedPdf());
    const result = await extractText([file], auto, job.context);
    expect(result.headers).toEqual({ 'X-Recognised-Pages': '1' });
    const text = (await readFile(result.path, 'utf8')).toLowerCase();
    expect(text).toMatch(/^--- page 1 ---\nquarterly invoice for garden supplies\n/);
    const secondPage = new Set(text.split('--- page 2 ---')[1]!.split(/[^\p{L}]+/u));
    const found = scanWords(1).filter((word) => secondPage.has(word));
    expect(found.length / scanWords(1).length).toBeGreaterThanOrEqual(0.9);

    const never = await extractText([file], parseToolOptions('extract-text', { ocr: 'never' }), job.context);
    expect(never.headers).toEqual({ 'X-Recognised-Pages': '0' });
    expect(await readFile(never.path, 'utf8')).toMatch(/--- Page 2 ---\n\n$/);
  }, 60_000);

  it('refuses a file that is not a PDF', async () => {
    const file = await job.input('a.pdf', Buffer.from('hello'));
    expect(await toolErrorCode(extractText([file], auto, job.context))).toBe('unsupported_file_type');
  });
});
