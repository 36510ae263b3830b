import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool } from '../mupdf/pool.js';
import {
  OCR_PAGE_BUDGET_MS,
  assertLanguagesInstalled,
  ocrJobs,
  ocrTimeLimitMs,
  ocrmypdfArguments,
  tesseractSettings,
} from '../programs/ocrmypdf.js';
import { plainPageCount } from '../preflight/pdf-input.js';
import { imagePagePdf, mixedPdf, scanWords, scannedPdf } from '../testing/ocr-fixtures.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import type { ToolProgress } from '../jobs/tool-runner.js';
import { ocrPdf } from './ocr-pdf.js';

const job = jobPerTest();
// The text file is read by the MuPDF pool.
afterAll(async () => {
  await closeMupdfPool();
});

/** OCR runs take seconds each on a busy 2-core machine. */
const OCR_TEST_MS = 60_000;

const options = (raw: Record<string, unknown> = {}) => parseToolOptions('ocr-pdf', raw);

/** pdftotext's words of each page, lower-cased: what a reader's search finds. */
function pageWords(path: string): string[][] {
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  return text
    .split('\f')
    .slice(0, -1)
    .map((page) =>
      page
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    );
}

/** Share of `expected` words found in `found`. */
function recall(expected: readonly string[], found: readonly string[]): number {
  const pool = new Set(found);
  return expected.filter((word) => pool.has(word)).length / expected.length;
}

/** Files left in the job folder besides the upload and the result. */
function leftovers(keep: readonly string[]): string[] {
  return readdirSync(job.context.workDir).filter((name) => !keep.some((path) => path.endsWith(`/${name}`)));
}

describe('ocr-pdf options', () => {
  it('takes one or several known languages, spelt with + or commas', () => {
    expect(options().languages).toBe('eng');
    expect(options({ languages: 'eng+deu' }).languages).toBe('eng+deu');
    expect(options({ languages: ' chi_sim, eng ,chi_sim' }).languages).toBe('chi_sim+eng');
    expect(options().pagesWithText).toBe('skip');
  });

  it('refuses unknown languages, too many of them, and deskew with Redo OCR, as invalid_option', () => {
    expect(() => options({ languages: 'eng+xx' })).toThrow(/Unknown OCR language: xx/);
    expect(() => options({ languages: 'eng+deu+fra+spa+ita' })).toThrow(/at most 4/);
    expect(() => options({ pagesWithText: 'redo', deskew: 'true' })).toThrow(/Straightening/);
  });

  it('names a language whose pack is not installed', async () => {
    expect(await toolErrorCode(assertLanguagesInstalled(['eng', 'zzz'], job.context))).toBe('invalid_option');
    await expect(assertLanguagesInstalled(['zzz'], job.context)).rejects.toThrow(/zzz is not installed/);
    await assertLanguagesInstalled(['eng', 'deu', 'chi_sim', 'ara'], job.context);
  });
});

describe('OCR workers and time limit', () => {
  it('uses the cores the job was lent, never more workers than pages, and gives long documents more time', () => {
    expect(ocrJobs(10, 1)).toBe(1);
    expect(ocrJobs(10, 4)).toBe(4);
    expect(ocrJobs(2, 8)).toBe(2);
    expect(ocrTimeLimitMs(1, 120_000, 1)).toBe(120_000);
    expect(ocrTimeLimitMs(10, 120_000, 1)).toBe(10 * OCR_PAGE_BUDGET_MS);
    expect(ocrTimeLimitMs(10, 120_000, 2)).toBe(5 * OCR_PAGE_BUDGET_MS);
  });
});

describe('Tesseract settings beyond the chosen options', () => {
  it('turns on the fixed-pitch CJK model when Chinese or Japanese is among the languages, and nothing else', () => {
    const fixedPitch = ['textord_use_cjk_fp_model 1'];
    expect(tesseractSettings(['jpn'])).toEqual(fixedPitch);
    expect(tesseractSettings(['chi_sim'])).toEqual(fixedPitch);
    expect(tesseractSettings(['eng', 'chi_tra'])).toEqual(fixedPitch);
    for (const languages of [['eng'], ['eng', 'deu'], ['ara'], ['rus', 'ukr'], ['kor'], ['hin']]) {
      expect(tesseractSettings(languages)).toEqual([]);
    }
    // The options' own arguments stay those of plain OCRmyPDF: the benchmark compares against them.
    const settings = {
      languages: ['jpn'],
      pagesWithText: 'skip',
      rotatePages: false,
      deskew: false,
      clean: false,
      pdfa: false,
    } as const;
    expect(ocrmypdfArguments(settings, 1)).not.toContain('--tesseract-config');
  });
});

describe('ocr-pdf', () => {
  it(
    'puts the words of scanned pages back as text, keeps each page image, reports progress per page',
    async () => {
      const file = await job.input('scan.pdf', scannedPdf());
      expect(pdfPageTexts(file.path).join('')).toBe('');
      const updates: ToolProgress[] = [];
      const limits: number[] = [];
      const result = await ocrPdf([file], options(), {
        ...job.context,
        progress: (update) => updates.push(update),
        cores: 2,
        extendTimeLimit: (totalMs) => limits.push(totalMs),
      });

      assertValidPdf(result.path);
      expect(result.download).toEqual({ name: 'ocr-document.pdf', contentType: 'application/pdf' });
      const words = pageWords(result.path);
      expect(words).toHaveLength(2);
      for (const page of [0, 1]) expect(recall(scanWords(page), words[page]!)).toBeGreaterThanOrEqual(0.9);
      // The page is still the scanned image: the text layer is invisible (render mode 3, or the glyphless font).
      const images = execFileSync('pdfimages', ['-list', result.path], { encoding: 'utf8' }).trim().split('\n');
      expect(images.length - 2).toBe(2);

      const pages = updates.filter((update) => update.stage === 'Recognising text').map((update) => update.done);
      expect(pages).toEqual([0, 1, 2]);
      expect(updates.every((update) => update.total === 2)).toBe(true);
      // The server's time limit for the job is raised to what the pages need with the cores the job was lent.
      expect(limits).toEqual([ocrTimeLimitMs(2, job.context.limits.jobTimeoutMs, 2)]);
      expect(leftovers([file.path, result.path])).toEqual([]);
    },
    OCR_TEST_MS,
  );

  it(
    'leaves pages that have text alone by default; the text file covers every page, in a ZIP beside the PDF',
    async () => {
      const file = await job.input('mixed.pdf', mixedPdf());
      const before = pdfPageTexts(file.path);
      expect(before[1]).toBe('');
      const result = await ocrPdf([file], options({ textFile: 'true' }), job.context);

      expect(result.download).toEqual({ name: 'ocr-document.zip', contentType: 'application/zip' });
      const entries = unzipSync(readFileSync(result.path));
      expect(Object.keys(entries).sort()).toEqual(['ocr-document.pdf', 'ocr-document.txt']);
      const text = new TextDecoder().decode(entries['ocr-document.txt']).toLowerCase();
      expect(text).toMatch(/--- page 1 ---\nquarterly invoice for garden supplies/);
      expect(text).toContain('--- page 2 ---');
      const secondPage = text.split('--- page 2 ---')[1]!.split(/[^\p{L}]+/u);
      expect(recall(scanWords(1), secondPage)).toBeGreaterThanOrEqual(0.9);
    },
    OCR_TEST_MS,
  );

  it(
    'gives pages of noise and a 1 x 20,000 pixel strip a valid PDF, and can make PDF/A-2b',
    async () => {
      let seed = 7;
      const noise = await job.input(
        'noise.pdf',
        await imagePagePdf(600, 800, () => {
          seed = (seed * 1103515245 + 12345) % 2 ** 31;
          return seed % 256;
        }),
      );
      const noisy = await ocrPdf([noise], options({ pdfa: 'true' }), job.context);
      assertValidPdf(noisy.path);
      const head = readFileSync(noisy.path, 'latin1');
      expect(head).toMatch(/pdfaid:part(="2"|>2<)/);

      const strip = await job.input('strip.pdf', await imagePagePdf(1, 20_000, () => 0));
      const outcome = await ocrPdf([strip], options(), job.context).then(
        (result) => {
          assertValidPdf(result.path);
          return 'ok';
        },
        (error: unknown) => (error instanceof Error && 'code' in error ? String(error.code) : 'uncoded'),
      );
      expect(['ok', 'damaged_pdf']).toContain(outcome);
      expect(readdirSync(job.context.workDir).filter((name) => name.startsWith('ocrmypdf-'))).toEqual([]);
    },
    OCR_TEST_MS,
  );

  it(
    'OCRs the repaired copy when the check finds broken content the quick page count did not read',
    async () => {
      // Page 1's content stream ends inside a string after drawing its image: the file's structure is sound, so
      // OCR starts on the upload at once, but qpdf --check refuses the content, so the preflight rebuilds the file
      // and OCR must run again on that copy.
      const scan = await job.input('scan.pdf', scannedPdf());
      const qdf = execFileSync('qpdf', ['--qdf', '--object-streams=disable', scan.path, '-'], {
        maxBuffer: 64 << 20,
      }).toString('latin1');
      const unterminated = qdf.replace(/( Do)\n/, '$1 (unterminated\n');
      expect(unterminated).not.toBe(qdf);
      const broken = execFileSync('fix-qdf', { input: Buffer.from(unterminated, 'latin1'), maxBuffer: 64 << 20 });
      const file = await job.input('unterminated-string.pdf', broken);
      expect(await plainPageCount(file.path, job.context)).toBe(2);
      const updates: ToolProgress[] = [];
      const result = await ocrPdf([file], options(), { ...job.context, progress: (update) => updates.push(update) });

      assertValidPdf(result.path);
      expect(recall(scanWords(1), pageWords(result.path)[1]!)).toBeGreaterThanOrEqual(0.9);
      // Recognition started twice: on the upload beside the check, then on the repaired copy.
      const starts = updates.filter((update) => update.stage === 'Recognising text' && update.done === 0);
      expect(starts).toHaveLength(2);
      expect(readdirSync(job.context.workDir).filter((name) => name.startsWith('ocrmypdf-'))).toEqual([]);
      expect(readdirSync(job.context.workDir).filter((name) => name.startsWith('ocr-document'))).toEqual([
        basename(result.path),
      ]);
      expect(execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })).not.toContain(job.context.workDir);
    },
    OCR_TEST_MS,
  );

  it('refuses more pages than the OCR limit, before any recognition', async () => {
    const file = await job.input('scan.pdf', scannedPdf());
    const small = { ...job.context, limits: { ...job.context.limits, ocrMaxPages: 1 } };
    await expect(ocrPdf([file], options(), small)).rejects.toMatchObject({
      code: 'too_many_pages',
      message: expect.stringMatching(/OCR takes at most 1/),
    });
  });

  it(
    'stops OCRmyPDF and its folder when the job is cancelled',
    async () => {
      const file = await job.input('scan.pdf', scannedPdf([...Array(4).keys()].map((n) => [`Page number ${n}`])));
      const controller = new AbortController();
      let pagesDone = 0;
      const context = {
        ...job.context,
        signal: controller.signal,
        // Cancelled once the first page is recognised: OCRmyPDF is then mid-way through the others.
        progress: (update: ToolProgress) => {
          pagesDone = Math.max(pagesDone, update.done ?? 0);
          if (pagesDone >= 1) controller.abort(new Error('cancelled'));
        },
      };
      const started = Date.now();
      expect(await toolErrorCode(ocrPdf([file], options({ deskew: 'true' }), context))).toBe('processing_timeout');
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(pagesDone).toBeLessThan(4);
      expect(readdirSync(job.context.workDir).filter((name) => name.startsWith('ocrmypdf-'))).toEqual([]);
      const running = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
      expect(running).not.toContain(job.context.workDir);
    },
    OCR_TEST_MS,
  );
});
