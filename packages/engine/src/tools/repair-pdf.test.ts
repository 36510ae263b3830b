import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { repairReportHeader } from '@paperknife/catalog/http-api';
import { parseRepairReport } from '@paperknife/catalog/repair-report';
import { bestCopy } from '../document-data/repaired-copies.js';
import { runQpdfJob } from '../programs/qpdf.js';
import { corpusDir } from '../testing/corpus.js';
import { truncatedXrefPdf, wrongStreamLengthPdf } from '../testing/document-data-fixtures.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { repairPdf } from './repair-pdf.js';

const job = jobPerTest();

async function repair(data: Uint8Array) {
  const file = await job.input('damaged.pdf', data);
  const result = await repairPdf([file], {}, job.context);
  assertValidPdf(result.path);
  return { path: result.path, report: parseRepairReport(result.headers?.[repairReportHeader.name]) };
}

describe('repair-pdf', () => {
  it('recovers a file whose cross-reference table was cut off', async () => {
    const { path, report } = await repair(truncatedXrefPdf());
    expect(pdfPageTexts(path)).toEqual(['Page 1', 'Page 2']);
    expect(report).toMatchObject({ pages: 2, characters: 10 });
    expect(report?.problems).toContain('xref');
  });

  it('recovers a stream whose length is wrong, and says so', async () => {
    const { path, report } = await repair(wrongStreamLengthPdf());
    expect(pdfPageTexts(path)).toEqual(['Page 1', 'Page 2']);
    expect(report?.problems).toContain('stream-length');
  });

  it('rebuilds a page tree that misstates its count, which the preflight refuses', async () => {
    const { path, report } = await repair(makePdf({ pageCount: 2, declaredPageCount: 5 }));
    expect(pdfPageTexts(path)).toEqual(['Page 1', 'Page 2']);
    expect(report?.problems).toEqual(['page-tree']);
    expect(report?.pages).toBe(2);
  });

  it('finds nothing wrong with a sound file and keeps qpdf’s copy', async () => {
    const { report } = await repair(makePdf({ pageCount: 3 }));
    expect(report).toEqual({ engine: 'qpdf', pages: 3, characters: 15, problems: [] });
  });

  it('keeps the copy with the most pages, then the most text, then the first engine’s', () => {
    const copy = (engine: 'qpdf' | 'mupdf' | 'ghostscript', pages: number, characters: number) => ({
      engine,
      path: engine,
      pages,
      characters,
    });
    expect(bestCopy([copy('qpdf', 2, 900), copy('mupdf', 3, 10), copy('ghostscript', 3, 5)])?.engine).toBe('mupdf');
    expect(bestCopy([copy('qpdf', 3, 10), copy('mupdf', 3, 10), copy('ghostscript', 3, 11)])?.engine).toBe(
      'ghostscript',
    );
    expect(bestCopy([copy('qpdf', 3, 10), copy('mupdf', 3, 10)])?.engine).toBe('qpdf');
    expect(bestCopy([])).toBeUndefined();
  });

  it('refuses a password-protected PDF, and a file that is not a PDF', async () => {
    const plain = await job.input('plain.pdf', makePdf());
    const locked = `${plain.path}-locked`;
    await runQpdfJob(
      {
        inputFile: plain.path,
        outputFile: locked,
        encrypt: { userPassword: 'secret', ownerPassword: 'x', '256bit': {} },
      },
      job.context,
    );
    expect(await toolErrorCode(repairPdf([{ path: locked, name: 'l.pdf', size: 0 }], {}, job.context))).toBe(
      'encrypted_pdf',
    );
    const text = await job.input('notes.pdf', Buffer.from('just some text, not a PDF'));
    expect(await toolErrorCode(repairPdf([text], {}, job.context))).toBe('unsupported_file_type');
  });

  const damagedStream = join(corpusDir, 'broken/qpdf-damaged-stream.pdf');
  it.skipIf(!existsSync(damagedStream))(
    'repairs the corpus file with a damaged stream (skipped without ../shared/corpus)',
    async () => {
      const { report } = await repair(await readFile(damagedStream));
      expect(report?.pages).toBeGreaterThan(0);
      expect(report?.problems.length).toBeGreaterThan(0);
    },
  );
});
