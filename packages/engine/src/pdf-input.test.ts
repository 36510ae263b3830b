import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ToolError } from '@paperknife/catalog/errors';
import { preparePdfInput } from './pdf-input.js';
import { runQpdfJob } from './qpdf.js';
import { makePdf } from './testing/make-pdf.js';
import { assertValidPdf, pdfEncryption, pdfPageTexts } from './testing/pdf-assertions.js';
import { jobPerTest, makeTestJob } from './testing/test-job.js';

const job = jobPerTest();

async function encrypted(user: string, owner: string) {
  const plain = await job.input('plain.pdf', makePdf({ pageCount: 3 }));
  const target = `${plain.path}-enc.pdf`;
  await runQpdfJob(
    {
      inputFile: plain.path,
      outputFile: target,
      encrypt: { userPassword: user, ownerPassword: owner, '256bit': { print: 'none' } },
    },
    job.context,
  );
  return job.input('locked.pdf', await readFile(target));
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    if (error instanceof ToolError) return error.code;
    throw error;
  }
}

describe('preparePdfInput', () => {
  it('passes a clean PDF through untouched with its page count', async () => {
    const file = await job.input('a.pdf', makePdf({ pageCount: 4 }));
    const prepared = await preparePdfInput(file, job.context);
    expect(prepared).toEqual({ path: file.path, pageCount: 4, wasEncrypted: false, wasRepaired: false });
  });

  it('refuses files that are not PDFs, whatever their name', async () => {
    const file = await job.input('fake.pdf', Buffer.from('PK\u0003\u0004 not a pdf'));
    expect(await codeOf(preparePdfInput(file, job.context))).toBe('unsupported_file_type');
  });

  it('refuses a password-protected PDF', async () => {
    const file = await encrypted('secret1', 'owner12');
    expect(await codeOf(preparePdfInput(file, job.context))).toBe('encrypted_pdf');
  });

  it('decrypts a PDF that opens without a password (owner-only restrictions)', async () => {
    const file = await encrypted('', 'owner12');
    const prepared = await preparePdfInput(file, job.context);
    expect(prepared.wasEncrypted).toBe(true);
    expect(prepared.path).not.toBe(file.path);
    expect(pdfEncryption(prepared.path).encrypted).toBe(false);
    assertValidPdf(prepared.path);
  });

  it('opens with an unlock password and tells a wrong one apart', async () => {
    const file = await encrypted('secret1', 'owner12');
    const prepared = await preparePdfInput(file, job.context, { unlockPassword: 'secret1' });
    expect(pdfPageTexts(prepared.path)).toEqual(['Page 1', 'Page 2', 'Page 3']);
    expect(await codeOf(preparePdfInput(file, job.context, { unlockPassword: 'nope' }))).toBe('wrong_password');
    expect(await codeOf(preparePdfInput(file, job.context, { unlockPassword: '' }))).toBe('password_required');
  });

  it('repairs a PDF with a broken cross-reference table', async () => {
    const pdf = makePdf({ pageCount: 2 });
    const broken = Buffer.from(pdf.toString('latin1').replace(/startxref\n\d+/, 'startxref\n999999'), 'latin1');
    const file = await job.input('broken.pdf', broken);
    const prepared = await preparePdfInput(file, job.context);
    expect(prepared.wasRepaired).toBe(true);
    expect(prepared.pageCount).toBe(2);
    assertValidPdf(prepared.path);
  });

  it('rebuilds a page whose content qpdf can only copy as it is, so outputs pass qpdf --check', async () => {
    const pdf = makePdf({ pageCount: 2 }).toString('latin1').replace('(Page 1) Tj', '(Page 1  Tj');
    const file = await job.input('unterminated.pdf', Buffer.from(pdf, 'latin1'));
    const prepared = await preparePdfInput(file, job.context);
    expect(prepared.wasRepaired).toBe(true);
    expect(prepared.pageCount).toBe(2);
    assertValidPdf(prepared.path);
    expect(pdfPageTexts(prepared.path)[1]).toBe('Page 2');
  });

  it('answers damaged_pdf for a PDF nothing can read', async () => {
    const file = await job.input('junk.pdf', Buffer.from('%PDF-1.7\n% nothing else here\n'));
    expect(await codeOf(preparePdfInput(file, job.context))).toBe('damaged_pdf');
  });

  it('enforces the page limit', async () => {
    const limited = await makeTestJob({ maxPages: 2 });
    try {
      const file = await limited.input('long.pdf', makePdf({ pageCount: 3 }));
      const error = await preparePdfInput(file, limited.context).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolError);
      expect((error as ToolError).code).toBe('too_many_pages');
      expect((error as ToolError).message).toContain('3 pages');
    } finally {
      await limited.cleanup();
    }
  });
});
