import { execFileSync } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  optimizeLossless,
  qpdfPageRange,
  runQpdf,
  runQpdfCountingPages,
  runQpdfJob,
  runQpdfListingPages,
} from './qpdf.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, makeTestJob, toolErrorCode } from '../testing/test-job.js';

const job = jobPerTest();

describe('qpdfPageRange', () => {
  it('folds runs and keeps order and repeats', () => {
    expect(qpdfPageRange([1, 2, 3, 7, 5, 6, 6])).toBe('1-3,7,5-6,6');
    expect(qpdfPageRange([4])).toBe('4');
  });
});

describe('optimizeLossless', () => {
  it('packs objects into streams and compresses content without changing it', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a page that repeats itself a lot`);
    const file = await job.input('a.pdf', makePdf({ pages: Array.from({ length: 5 }, () => ({ text: lines })) }));
    const output = join(job.context.workDir, 'optimized.pdf');
    await optimizeLossless(file.path, output, job.context);
    assertValidPdf(output);
    expect(pdfPageTexts(output)).toEqual(pdfPageTexts(file.path));
    expect((await stat(output)).size).toBeLessThan(file.size / 2);
    expect((await readFile(output)).toString('latin1')).toContain('/ObjStm');
  });
});

describe('runQpdf errors', () => {
  it('maps a missing or wrong password and an unreadable file to catalogue codes', async () => {
    const plain = await job.input('a.pdf', makePdf());
    const locked = join(job.context.workDir, 'locked.pdf');
    await runQpdfJob(
      {
        inputFile: plain.path,
        outputFile: locked,
        encrypt: { userPassword: 'open', ownerPassword: 'own', '256bit': {} },
      },
      job.context,
    );
    const count = (options = {}) => runQpdfCountingPages([locked], job.context, options);
    expect(await toolErrorCode(count())).toBe('encrypted_pdf');
    expect(await toolErrorCode(count({ password: 'nope' }))).toBe('wrong_password');
    expect((await count({ password: 'open' })).pages).toEqual({ walked: 1, declared: 1 });
    const junk = await job.input('junk.pdf', Buffer.from('%PDF-1.4\nnothing'));
    expect(await toolErrorCode(runQpdf(['--show-npages', junk.path], job.context))).toBe('damaged_pdf');
  });

  it('counts the pages a tree holds beside its /Count, for a tree whose listing is far over the output limit', async () => {
    // qpdf lists a page in about 40 bytes: 3,000 pages are about twice the 64 KB that runProcess keeps.
    const long = await job.input('long.pdf', makePdf({ pageCount: 3000 }));
    const counted = await runQpdfCountingPages(['--check', long.path], job.context);
    expect(counted.pages).toEqual({ walked: 3000, declared: 3000 });
    expect(counted.stdout).toMatch(/^No syntax or stream encoding errors found/m);
    expect(counted.stdout).not.toMatch(/^page /m);
    const misstated = await job.input('misstated.pdf', makePdf({ pageCount: 3, declaredPageCount: 1 }));
    expect((await runQpdfCountingPages([misstated.path], job.context)).pages).toEqual({ walked: 3, declared: 1 });
  });

  it('lists pages and content streams in one qpdf run, and through the counting script past its output limit', async () => {
    const misstated = await job.input('misstated.pdf', makePdf({ pageCount: 3, declaredPageCount: 1 }));
    const short = await runQpdfListingPages(['--show-encryption', misstated.path], job.context);
    const counted = await runQpdfCountingPages(['--show-encryption', misstated.path], job.context);
    expect(short.pages).toEqual({ walked: 3, declared: 1 });
    expect(short.contentObjects).toHaveLength(3);
    // Only the direct listing keeps each page's streams.
    const { listedPages, ...listing } = short;
    expect({ ...listing, stderr: '' }).toEqual({ ...counted, stderr: '' });
    expect(listedPages?.map((page) => page.contents.length)).toEqual([1, 1, 1]);
    expect(listedPages!.flatMap((page) => page.contents.map((ref) => parseInt(ref, 10))).sort()).toEqual(
      [...short.contentObjects!].sort(),
    );
    expect(short.stdout).toBe('File is not encrypted');
    // 3,000 pages list in some 120 KB, past the 64 KB a run keeps by default: still one run, each page kept.
    const long = await job.input('long.pdf', makePdf({ pageCount: 3000 }));
    const listed = await runQpdfListingPages([long.path], job.context);
    expect(listed.pages).toEqual({ walked: 3000, declared: 3000 });
    expect(listed.contentObjects).toHaveLength(3000);
    expect(listed.listedPages).toHaveLength(3000);
    // Past the listing's own limit, the counting script gives the counts and content streams, not the pages.
    const cut = await runQpdfListingPages([long.path], job.context, { outputLimit: 64 * 1024 });
    expect(cut.pages).toEqual({ walked: 3000, declared: 3000 });
    expect(cut.contentObjects).toHaveLength(3000);
    expect(cut.listedPages).toBeUndefined();
  });

  it('still counts a tree whose content streams are too many to list within the output limit', async () => {
    // 12,000 content stream numbers take some 70 KB: the list is left out so that the counts still fit.
    const huge = await job.input('huge.pdf', makePdf({ pageCount: 12_000 }));
    const listed = await runQpdfCountingPages(['--show-encryption', huge.path], job.context);
    expect(listed.pages).toEqual({ walked: 12_000, declared: 12_000 });
    expect(listed.contentObjects).toBeUndefined();
    expect(listed.stdout).toBe('File is not encrypted');
  });

  it('stops a run that takes longer than the job limit', async () => {
    const slow = await makeTestJob({ jobTimeoutMs: 200 });
    try {
      // A pipe nobody writes to: qpdf waits for it forever, so the limit is what ends the run, however busy the
      // machine (a quick file could be checked while this process waited for the CPU, before its timer ran).
      const pipe = join(slow.context.workDir, 'never-written.pdf');
      execFileSync('mkfifo', [pipe]);
      expect(await toolErrorCode(runQpdf(['--check', pipe], slow.context))).toBe('processing_timeout');
    } finally {
      await slow.cleanup();
    }
  });
});
