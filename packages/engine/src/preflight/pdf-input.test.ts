import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ToolError } from '@paperknife/catalog/errors';
import { jpegDataDecodes, jpegStreamObjects, preparePdfInput } from './pdf-input.js';
import { runQpdfJob } from '../programs/qpdf.js';
import { grayJpegPdf } from '../testing/compress-fixtures.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfEncryption, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, makeTestJob } from '../testing/test-job.js';

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

/**
 * A 2-page PDF whose first content stream says Flate (as `filter` writes it) but holds plain text: no filter can
 * decode it.
 */
function undecodableContentPdf(filter: string): Buffer {
  const pdf = makePdf({ pageCount: 2 }).toString('latin1');
  const damaged = pdf.replace(/<< \/Length (\d+) >>\nstream\n/, `<< /Length $1 /Filter ${filter} >>\nstream\n`);
  expect(damaged).not.toBe(pdf);
  return Buffer.from(damaged, 'latin1');
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
    const plain = { path: file.path, pageCount: 4, wasRepaired: false };
    expect(prepared).toEqual({ ...plain, jpegDataChecked: true });
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
    const again = await preparePdfInput(file, job.context);
    expect(again.path).not.toBe(prepared.path);
    expect(await readFile(again.path)).toEqual(await readFile(prepared.path));
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

  it('counts the pages the tree holds, not its /Count, and refuses a tree whose /Count is wrong', async () => {
    const misstated = makePdf({ pageCount: 3, declaredPageCount: 1 });
    const limited = await makeTestJob({ maxPages: 2 });
    try {
      const file = await limited.input('misstated.pdf', misstated);
      for (const options of [{}, { jpegDataCheckedByTool: true }]) {
        expect(await codeOf(preparePdfInput(file, limited.context, options))).toBe('too_many_pages');
      }
    } finally {
      await limited.cleanup();
    }
    // Within the limit: MuPDF and poppler would see one page, Ghostscript and qpdf's page selections three.
    const file = await job.input('misstated.pdf', misstated);
    expect(pdfPageTexts(file.path)).toEqual(['Page 1']);
    for (const options of [{}, { jpegDataCheckedByTool: true }]) {
      const error = await preparePdfInput(file, job.context, options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolError);
      expect(error).toMatchObject({
        code: 'damaged_pdf',
        message: expect.stringContaining('says it has 1 page but holds 3'),
      });
    }
  });

  describe('for a tool that takes care of JPEG data itself (jpegDataCheckedByTool)', () => {
    const skipImages = { jpegDataCheckedByTool: true } as const;

    it('passes a clean PDF through untouched with its page count', async () => {
      const file = await job.input('a.pdf', await grayJpegPdf(false));
      const prepared = await preparePdfInput(file, job.context, skipImages);
      const plain = { path: file.path, pageCount: 2, wasRepaired: false };
      expect(prepared).toEqual({ ...plain, jpegDataChecked: false });
    });

    it('leaves JPEG data unchecked, which the full check refuses', async () => {
      const file = await job.input('broken-jpeg.pdf', await grayJpegPdf(true));
      expect((await preparePdfInput(file, job.context, skipImages)).path).toBe(file.path);
      expect(await codeOf(preparePdfInput(file, job.context))).toBe('damaged_pdf');
    });

    it('leaves the JPEG data to jpegDataDecodes, which decodes every JPEG stream but those it is told to pass over', async () => {
      const clean = await job.input('a.pdf', await grayJpegPdf(false));
      const broken = await job.input('broken-jpeg.pdf', await grayJpegPdf(true));
      expect(await jpegDataDecodes(clean.path, job.context)).toBe(true);
      expect(await jpegDataDecodes(broken.path, job.context)).toBe(false);
      const jpegs = await jpegStreamObjects(broken.path, job.context);
      expect(jpegs).toHaveLength(1);
      expect(await jpegDataDecodes(broken.path, job.context, new Set(jpegs))).toBe(true);
      // A file without JPEG data has nothing to decode.
      expect(await jpegDataDecodes((await job.input('plain.pdf', makePdf({ pageCount: 1 }))).path, job.context)).toBe(
        true,
      );
    });

    it('still refuses, decrypts, repairs and limits as the full preflight does', async () => {
      expect(await codeOf(preparePdfInput(await encrypted('secret1', 'owner12'), job.context, skipImages))).toBe(
        'encrypted_pdf',
      );
      const ownerOnly = await preparePdfInput(await encrypted('', 'owner12'), job.context, skipImages);
      expect(pdfEncryption(ownerOnly.path).encrypted).toBe(false);

      const pdf = makePdf({ pageCount: 2 });
      const brokenXref = Buffer.from(pdf.toString('latin1').replace(/startxref\n\d+/, 'startxref\n999999'), 'latin1');
      const repaired = await preparePdfInput(await job.input('broken.pdf', brokenXref), job.context, skipImages);
      expect(repaired.wasRepaired).toBe(true);
      assertValidPdf(repaired.path);

      const junk = await job.input('junk.pdf', Buffer.from('%PDF-1.7\n% nothing else here\n'));
      expect(await codeOf(preparePdfInput(junk, job.context, skipImages))).toBe('damaged_pdf');

      const limited = await makeTestJob({ maxPages: 2 });
      try {
        const long = await limited.input('long.pdf', makePdf({ pageCount: 3 }));
        expect(await codeOf(preparePdfInput(long, limited.context, skipImages))).toBe('too_many_pages');
      } finally {
        await limited.cleanup();
      }
    });

    it('sends a content stream that does not decode the full way, as --check does', async () => {
      // A Flate content stream whose data is not Flate: qpdf cannot decode it; MuPDF rebuilds the page.
      const file = await job.input('bad-content.pdf', undecodableContentPdf('/FlateDecode'));
      const prepared = await preparePdfInput(file, job.context, skipImages);
      expect(prepared.path).not.toBe(file.path);
      assertValidPdf(prepared.path);
    });
  });

  describe('after the caller ran the clean-file test itself (callersCleanCheck)', () => {
    /** preparePdfInput with `callersCleanCheck: 'failed'`, and the copies it told the caller of before checking them. */
    async function afterFailedCheck(file: { path: string; name: string; size: number }) {
      const told: string[] = [];
      const prepared = await preparePdfInput(file, job.context, {
        callersCleanCheck: 'failed',
        onRepairedCopy: (copy) => told.push(copy),
      });
      return { prepared, told };
    }

    it('repairs a file that failed it at once, telling the caller each copy before its check', async () => {
      const pdf = makePdf({ pageCount: 2 });
      const broken = Buffer.from(pdf.toString('latin1').replace(/startxref\n\d+/, 'startxref\n999999'), 'latin1');
      const { prepared, told } = await afterFailedCheck(await job.input('broken.pdf', broken));
      expect(prepared).toMatchObject({ pageCount: 2, wasRepaired: true, jpegDataChecked: true });
      // qpdf's rewrite passes the check: it is the only copy.
      expect(told).toEqual([prepared.path]);
      assertValidPdf(prepared.path);
    });

    it('rebuilds a file whose stream data does not decode, checking the rewrite only where qpdf decoded nothing', async () => {
      // qpdf copies a /FlateDecode stream as it is when it rewrites, so only the check finds the bad data.
      const named = await afterFailedCheck(await job.input('named.pdf', undecodableContentPdf('/FlateDecode')));
      expect(named.told).toHaveLength(2);
      expect(named.told[0]).toMatch(/repaired-[0-9a-f]+\.pdf$/);
      // It decodes a [/FlateDecode] one as it rewrites, and says it could not: the rewrite is not checked then.
      const listed = await afterFailedCheck(await job.input('listed.pdf', undecodableContentPdf('[/FlateDecode]')));
      expect(listed.told).toHaveLength(1);
      for (const { prepared, told } of [named, listed]) {
        expect(told.at(-1)).toBe(prepared.path);
        expect(prepared.path).toMatch(/rebuilt-[0-9a-f]+\.pdf$/);
        expect(prepared.pageCount).toBe(2);
        assertValidPdf(prepared.path);
        expect(pdfPageTexts(prepared.path)[1]).toBe('Page 2');
      }
    });

    it('refuses a file that needs a password, and decrypts one that opens without, with no encryption test', async () => {
      const locked = await encrypted('secret1', 'owner12');
      expect(await codeOf(preparePdfInput(locked, job.context, { callersCleanCheck: 'failed' }))).toBe('encrypted_pdf');
      const { prepared } = await afterFailedCheck(await encrypted('', 'owner12'));
      expect(pdfEncryption(prepared.path).encrypted).toBe(false);
      expect(pdfPageTexts(prepared.path)).toEqual(['Page 1', 'Page 2', 'Page 3']);
      assertValidPdf(prepared.path);
    });

    it('counts and checks a file that passed it, and refuses one over the page limit', async () => {
      const file = await job.input('a.pdf', makePdf({ pageCount: 3 }));
      const prepared = await preparePdfInput(file, job.context, { callersCleanCheck: 'passed' });
      expect(prepared).toEqual({ path: file.path, pageCount: 3, wasRepaired: false, jpegDataChecked: true });
      const limited = await makeTestJob({ maxPages: 2 });
      try {
        const over = await limited.input('a.pdf', makePdf({ pageCount: 3 }));
        expect(await codeOf(preparePdfInput(over, limited.context, { callersCleanCheck: 'passed' }))).toBe(
          'too_many_pages',
        );
      } finally {
        await limited.cleanup();
      }
    });
  });
});
