import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, HeadingLevel, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import { ToolError } from '@paperknife/catalog/errors';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  closeLibreOffice,
  isLibreOfficeReady,
  libreOfficeProcessId,
  libreOfficeProfileDir,
} from '../programs/libreoffice.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, makeTestJob, toolErrorCode, LIBREOFFICE_TEST_MS } from '../testing/test-job.js';
import { wordToPdf } from './word-to-pdf.js';

const job = jobPerTest();
afterAll(async () => {
  await closeLibreOffice();
});

async function twoPageDocx(): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Quarterly report')] }),
          new Paragraph({ children: [new TextRun({ text: 'Revenue grew.', bold: true })] }),
          new Paragraph({ children: [new PageBreak(), new TextRun('Appendix: Привет, 日本語')] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** Long enough that LibreOffice needs well over a second for it. */
async function longDocx(): Promise<Buffer> {
  const paragraph = 'This sentence is here to make the document long enough to take a while to lay out. '.repeat(8);
  const children = Array.from(
    { length: 4000 },
    (_, i) => new Paragraph({ children: [new TextRun(`${i} ${paragraph}`)] }),
  );
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

const corpusWord = fileURLToPath(new URL('../../../../../shared/corpus/word/', import.meta.url));

describe('word-to-pdf', { timeout: LIBREOFFICE_TEST_MS }, () => {
  it('converts a .docx with its pages and text, whatever the upload is called', async () => {
    const file = await job.input('report.bin', await twoPageDocx());
    const result = await wordToPdf([file], {}, job.context);
    assertValidPdf(result.path);
    expect(result.download.name).toBe('converted-document.pdf');
    const pages = pdfPageTexts(result.path);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Quarterly report');
    expect(pages[0]).toContain('Revenue grew.');
    expect(pages[1]).toContain('Appendix: Привет, 日本語');
  });

  // Two cold starts of LibreOffice.
  it(
    'keeps one warm instance across jobs and restarts it after a crash',
    { timeout: 2 * LIBREOFFICE_TEST_MS },
    async () => {
      const docx = await twoPageDocx();
      await wordToPdf([await job.input('a.docx', docx)], {}, job.context);
      const first = libreOfficeProcessId();
      expect(isLibreOfficeReady()).toBe(true);
      await wordToPdf([await job.input('b.docx', docx)], {}, job.context);
      expect(libreOfficeProcessId()).toBe(first);

      process.kill(-first!, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const result = await wordToPdf([await job.input('c.docx', docx)], {}, job.context);
      expect(pdfPageTexts(result.path)).toHaveLength(2);
      expect(libreOfficeProcessId()).not.toBe(first);
    },
  );

  it('stops a conversion that runs out of time, then works again with a fresh instance', async () => {
    const long = await job.input('long.docx', await longDocx());
    // A warm instance and an empty queue first, so the time below is the conversion's and its stop's alone.
    await wordToPdf([await job.input('warm.docx', await twoPageDocx())], {}, job.context);
    const slow = await makeTestJob({ jobTimeoutMs: 1000 });
    try {
      const started = Date.now();
      expect(await toolErrorCode(wordToPdf([long], {}, slow.context))).toBe('processing_timeout');
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(isLibreOfficeReady()).toBe(false);
    } finally {
      await slow.cleanup();
    }
    const result = await wordToPdf([await job.input('a.docx', await twoPageDocx())], {}, job.context);
    expect(pdfPageTexts(result.path)).toHaveLength(2);
  });

  it('lets a queued job go at once when its client leaves', async () => {
    // The long job has its own folder, so its LibreOffice client can be seen converting before the other job starts:
    // started side by side, the small file could reach the queue first.
    const longJob = await makeTestJob();
    try {
      const first = wordToPdf([await longJob.input('long.docx', await longDocx())], {}, longJob.context);
      const small = await job.input('a.docx', await twoPageDocx());
      await vi.waitFor(
        () => expect(execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })).toContain(longJob.context.workDir),
        { timeout: 30_000, interval: 20 },
      );
      const controller = new AbortController();
      const queued = wordToPdf([small], {}, { ...job.context, signal: controller.signal });
      // Its copy made, it waits its turn behind the long conversion.
      await vi.waitFor(
        () => {
          const folder = readdirSync(job.context.workDir).find((name) => name.startsWith('word-'));
          expect(folder && statSync(join(job.context.workDir, folder, 'document.docx')).size).toBe(small.size);
        },
        { timeout: 10_000, interval: 10 },
      );
      const started = Date.now();
      controller.abort(new ToolError('busy'));
      expect(await toolErrorCode(queued)).toBe('busy');
      expect(Date.now() - started).toBeLessThan(500);
      await first;
    } finally {
      await longJob.cleanup();
    }
  });

  it('refuses files that are not Word documents by their content', async () => {
    const pdf = await job.input('report.docx', makePdf());
    expect(await toolErrorCode(wordToPdf([pdf], {}, job.context))).toBe('unsupported_file_type');
    const text = await job.input('report.doc', Buffer.from('plain text pretending'));
    expect(await toolErrorCode(wordToPdf([text], {}, job.context))).toBe('unsupported_file_type');
  });

  it('says a broken .docx cannot be opened', async () => {
    const docx = await twoPageDocx();
    const file = await job.input('broken.docx', docx.subarray(0, Math.floor(docx.length / 2)));
    expect(await toolErrorCode(wordToPdf([file], {}, job.context))).toBe('damaged_document');
  });

  it.skipIf(!existsSync(corpusWord))('asks to remove the password of encrypted .docx and .doc files', async () => {
    for (const name of ['poi-encrypted-password-is-pass.docx', 'poi-encrypted-cryptoapi.doc']) {
      const file = await job.input(name, await readFile(`${corpusWord}${name}`));
      expect(await toolErrorCode(wordToPdf([file], {}, job.context))).toBe('encrypted_document');
    }
  });

  it('removes its profile folder when closed', async () => {
    await wordToPdf([await job.input('a.docx', await twoPageDocx())], {}, job.context);
    const profile = libreOfficeProfileDir();
    expect(profile?.startsWith(tmpdir())).toBe(true);
    expect(existsSync(profile!)).toBe(true);
    await closeLibreOffice();
    expect(isLibreOfficeReady()).toBe(false);
    expect(existsSync(profile!)).toBe(false);
  });
});
