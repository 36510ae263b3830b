import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import type { InputFile } from '../jobs/tool-runner.js';
import type * as RunProcessExports from '../programs/run-process.js';
import { runQpdf, runQpdfJob } from '../programs/qpdf.js';
import { unparsableContentPdf, uninflatableContentPdf } from '../testing/content-fixtures.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts, pdfRotations, qpdfCheck } from '../testing/pdf-assertions.js';
import { jobPerTest, makeTestJob, toolErrorCode } from '../testing/test-job.js';
import { compressPdf } from '../tools/compress-pdf.js';
import { deletePages } from '../tools/delete-pages.js';
import { extractPages } from '../tools/extract-pages.js';
import { mergePdf } from '../tools/merge-pdf.js';
import { protectPdf } from '../tools/protect-pdf.js';
import { rotatePdf } from '../tools/rotate-pdf.js';
import { splitPdf } from '../tools/split-pdf.js';
import { unlockPdf } from '../tools/unlock-pdf.js';

/** Every program the engine starts, with its arguments, to tell how many qpdf runs a job took and which. */
const started = vi.hoisted(() => [] as string[][]);
vi.mock('../programs/run-process.js', async (importOriginal) => {
  const actual = await importOriginal<typeof RunProcessExports>();
  return {
    ...actual,
    runProcess: (...args: Parameters<typeof actual.runProcess>) => {
      started.push([args[0], ...args[1]]);
      return actual.runProcess(...args);
    },
  };
});

const job = jobPerTest();
const rotate90 = parseToolOptions('rotate-pdf', { angle: '90' });

beforeEach(() => {
  started.length = 0;
});

const runsWith = (flag: string) => started.filter((run) => run.some((arg) => arg.startsWith(flag)));

/**
 * A linearized PDF whose hint table is off: `/E` (the end of the first page's section) changed in place to a wrong
 * value of the same length. `qpdf --check` warns about it (exit 3); reading and writing the file does not.
 */
async function offHintTablePdf(): Promise<Buffer> {
  const plain = await job.input('plain.pdf', makePdf({ pageCount: 3 }));
  const linearized = `${plain.path}-linearized.pdf`;
  await runQpdf(['--linearize', plain.path, linearized], job.context);
  const text = (await readFile(linearized)).toString('latin1');
  const shifted = text.replace(
    /\/E (\d+)/,
    (_, end: string) => `/E ${String(Number(end) - 7).padStart(end.length, '1')}`,
  );
  expect(shifted).not.toBe(text);
  return Buffer.from(shifted, 'latin1');
}

/** A PDF whose first content stream says `filter` but holds plain text, which that filter cannot decode. */
function undecodableContentPdf(filter: string, pageCount = 2): Buffer {
  const pdf = makePdf({ pageCount }).toString('latin1');
  const damaged = pdf.replace(/<< \/Length (\d+) >>\nstream\n/, `<< /Length $1 /Filter ${filter} >>\nstream\n`);
  expect(damaged).not.toBe(pdf);
  return Buffer.from(damaged, 'latin1');
}

/** `pdf` with its startxref pointing past its end: qpdf rebuilds the cross-reference table, with warnings. */
function brokenXref(pdf: Buffer): Buffer {
  const broken = pdf.toString('latin1').replace(/startxref\n\d+/, 'startxref\n999999');
  expect(broken).not.toBe(pdf.toString('latin1'));
  return Buffer.from(broken, 'latin1');
}

describe('checkAfter, through the structural tools', () => {
  it('writes a file whose only warning is a linearization hint table in one qpdf run, with no check', async () => {
    const file = await job.input('hinted.pdf', await offHintTablePdf());
    expect(qpdfCheck(file.path)).toMatchObject({ code: 3, output: expect.stringMatching(/mismatch/) as unknown });

    const result = await rotatePdf([file], rotate90, job.context);
    expect(runsWith('--rotate=')).toHaveLength(1);
    expect(runsWith('--check')).toHaveLength(0);
    assertValidPdf(result.path);
    expect(pdfRotations(result.path)).toEqual([90, 90, 90]);
  });

  it('reads a sound upload’s page content from its bytes: the probe and the work, two runs in all, no check', async () => {
    const file = await job.input('small.pdf', makePdf({ pageCount: 2 }));
    const result = await rotatePdf([file], rotate90, job.context);
    const firstFlags = started.map((run) => run.find((arg) => arg.startsWith('--')));
    expect(firstFlags.sort()).toEqual(['--deterministic-id', '--show-npages']);
    expect(pdfRotations(result.path)).toEqual([90, 90]);
  });

  it('reads the bookmarks only of uploads whose catalog has /Outlines, or that qpdf reads with warnings', async () => {
    const plain = await job.input('plain.pdf', makePdf({ pageCount: 2 }));
    await mergePdf([plain, plain], {}, job.context);
    expect(started.filter((run) => run.includes('outline.json'))).toEqual([]);
    // A rebuilt cross-reference table: what qpdf reads is no longer what the bytes say.
    const broken = await job.input('broken.pdf', brokenXref(makePdf({ pageCount: 2 })));
    assertValidPdf((await mergePdf([plain, broken], {}, job.context)).path);
    expect(started.filter((run) => run.includes('outline.json'))).toHaveLength(1);

    started.length = 0;
    const a = await job.input('a.pdf', makePdf({ pageCount: 2, outline: true }));
    const b = await job.input('b.pdf', makePdf({ pageCount: 1, outline: true }));
    const result = await mergePdf([a, b], {}, job.context);
    expect(started.filter((run) => run.includes('outline.json'))).toHaveLength(2);
    const merged = await runQpdf(['--json=2', '--json-key=outlines', result.path], job.context);
    const titles = (JSON.parse(merged.stdout) as { outlines: { title: string; destpageposfrom1: number }[] }).outlines;
    expect(titles.map((item) => [item.title, item.destpageposfrom1])).toEqual([
      ['Page 1', 1],
      ['Page 2', 2],
      ['Page 1', 3],
    ]);
  });

  it('reads a small upload’s page tree as its probe does: a misstated /Count is refused the same way', async () => {
    const file = await job.input('misstated.pdf', makePdf({ pageCount: 3, declaredPageCount: 1 }));
    const error = await rotatePdf([file], rotate90, job.context).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'damaged_pdf',
      message: expect.stringContaining('says it has 1 page but holds 3'),
    });
    // Within the page limit by /Count, over it by the pages the tree holds.
    const limited = await makeTestJob({ maxPages: 2 });
    try {
      const small = await limited.input('misstated.pdf', makePdf({ pageCount: 3, declaredPageCount: 1 }));
      expect(await toolErrorCode(rotatePdf([small], rotate90, limited.context))).toBe('too_many_pages');
    } finally {
      await limited.cleanup();
    }
  });

  it('answers the work on an upload qpdf reads with warnings once its output passes the check, with no repair', async () => {
    const file = await job.input('broken.pdf', brokenXref(makePdf({ pageCount: 2 })));
    const result = await rotatePdf([file], rotate90, job.context);
    // The probe, the work and the output's check: no check of the upload, no rewrite, no second work.
    expect(started.filter(([program]) => program === 'qpdf')).toHaveLength(3);
    expect(runsWith('--check').map((run) => run.at(-1))).toEqual([result.path]);
    expect(runsWith('--deterministic-id').filter((run) => run.includes(file.path))).toHaveLength(0);
    assertValidPdf(result.path);
    expect(pdfRotations(result.path)).toEqual([90, 90]);
    expect(pdfPageTexts(result.path)).toEqual(['Page 1', 'Page 2']);
  });

  it('repairs an upload read with warnings whose output fails the check, works on the copy and checks again', async () => {
    const file = await job.input('broken.pdf', brokenXref(unparsableContentPdf()));
    const result = await rotatePdf([file], rotate90, job.context);
    // The warned way's output failed its check: the upload's check and rewrite, the work again, its output checked.
    const outputChecks = runsWith('--check').filter((run) => run.at(-1)!.endsWith('/rotated.pdf'));
    expect(outputChecks).toHaveLength(2);
    expect(outputChecks.at(-1)).toContain(result.path);
    expect(runsWith('--check').some((run) => run.includes(file.path))).toBe(true);
    expect(runsWith('--deterministic-id').filter((run) => run.includes(file.path))).toHaveLength(1);
    assertValidPdf(result.path);
    expect(pdfRotations(result.path)).toEqual([90, 90]);
    expect(pdfPageTexts(result.path)[1]).toBe('Page 2');
  });

  it('goes the repair way for page content in a filter qpdf cannot decode, which its writes copy silently', async () => {
    const file = await job.input('jbig2-content.pdf', undecodableContentPdf('/JBIG2Decode'));
    const result = await rotatePdf([file], rotate90, job.context);
    expect(runsWith('--check').some((run) => run.includes(result.path))).toBe(true);
    assertValidPdf(result.path);
    expect(pdfRotations(result.path)).toEqual([90, 90]);
    expect(pdfPageTexts(result.path)[1]).toBe('Page 2');
  });

  it('goes the repair way on a warning qpdf prints but leaves out of its exit code (--split-pages)', async () => {
    // Page 1's content says LZW but holds plain text: qpdf warns as it copies it, yet --split-pages exits 0.
    const file = await job.input('lzw.pdf', undecodableContentPdf('/LZWDecode'));
    const result = await splitPdf([file], parseToolOptions('split-pdf', {}), job.context);
    const entries = unzipSync(await readFile(result.path));
    expect(Object.keys(entries)).toHaveLength(2);
    for (const [name, data] of Object.entries(entries)) {
      const path = join(job.context.workDir, `part-${name}`);
      await writeFile(path, data);
      assertValidPdf(path);
    }
    expect(runsWith('--check').length).toBeGreaterThan(0);
  });

  it('runs the full preflight before the tool refuses its options, so damaged_pdf would come first', async () => {
    // One page, damaged but repairable: the preflight repairs it, then Delete pages refuses to delete its only page.
    const file = await job.input('lzw.pdf', undecodableContentPdf('/LZWDecode', 1));
    const options = parseToolOptions('delete-pages', { pages: '1' });
    expect(await toolErrorCode(deletePages([file], options, job.context))).toBe('no_pages_left');
    expect(runsWith('--check').some((run) => run.includes(file.path))).toBe(true);
  });

  it('refuses password-protected uploads, and unlocks one only with its password', async () => {
    const plain = await job.input('plain.pdf', makePdf({ pageCount: 2 }));
    const locked = `${plain.path}-locked.pdf`;
    await runQpdfJob(
      {
        ...{ inputFile: plain.path, outputFile: locked },
        encrypt: { userPassword: 'open1', ownerPassword: 'owner1', '256bit': {} },
      },
      job.context,
    );
    const file = await job.input('locked.pdf', await readFile(locked));
    expect(await toolErrorCode(rotatePdf([file], rotate90, job.context))).toBe('encrypted_pdf');
    const unlock = (password: string) => unlockPdf([file], parseToolOptions('unlock-pdf', { password }), job.context);
    expect(await toolErrorCode(unlock(''))).toBe('password_required');
    expect(await toolErrorCode(unlock('nope'))).toBe('wrong_password');
    expect(pdfPageTexts((await unlock('open1')).path)).toEqual(['Page 1', 'Page 2']);
  });

  it('turns restrictions away from an upload that opens without a password', async () => {
    const plain = await job.input('plain.pdf', makePdf({ pageCount: 1 }));
    const restricted = `${plain.path}-restricted.pdf`;
    await runQpdfJob(
      {
        ...{ inputFile: plain.path, outputFile: restricted },
        encrypt: { userPassword: '', ownerPassword: 'owner1', '256bit': { print: 'none' } },
      },
      job.context,
    );
    const file = await job.input('restricted.pdf', await readFile(restricted));
    const result = await rotatePdf([file], rotate90, job.context);
    expect(runsWith('--check')).toHaveLength(0);
    expect(qpdfCheck(result.path)).toMatchObject({
      code: 0,
      output: expect.stringMatching(/File is not encrypted/) as unknown,
    });
    expect(pdfRotations(result.path)).toEqual([90]);
  });

  it('enforces the page limit on each upload and on a merge as a whole', async () => {
    const limited = await makeTestJob({ maxPages: 3 });
    try {
      const four = await limited.input('four.pdf', makePdf({ pageCount: 4 }));
      expect(await toolErrorCode(rotatePdf([four], rotate90, limited.context))).toBe('too_many_pages');
      const two = await limited.input('two.pdf', makePdf({ pageCount: 2 }));
      const merge = mergePdf([two, two], parseToolOptions('merge-pdf', {}), limited.context);
      expect(await toolErrorCode(merge)).toBe('too_many_pages');
      // A tree too long for its content streams to be listed is still counted, not taken for damage.
      const huge = await limited.input('huge.pdf', makePdf({ pageCount: 20_000 }));
      expect(await toolErrorCode(rotatePdf([huge], rotate90, limited.context))).toBe('too_many_pages');
    } finally {
      await limited.cleanup();
    }
    // The 20,000-page file: 9 s alone, past 30 s with the corpus sweep beside it.
  }, 90_000);
});

/**
 * Sound PDFs (the probe reads them without a warning) whose first page's content a flipped byte damaged, as the
 * mutation fuzz finds them: qpdf's writes copy such content as it is, so the job must go the repair way.
 */
describe('checkAfter, on content that a flipped byte damaged', () => {
  const shapes = [
    { shape: 'a token that no longer parses', pdf: unparsableContentPdf },
    { shape: 'a Flate stream that no longer inflates', pdf: uninflatableContentPdf },
  ];
  const tools = [
    { tool: 'Rotate', run: (file: InputFile) => rotatePdf([file], rotate90, job.context) },
    {
      tool: 'Protect',
      password: 'secret1',
      run: (file: InputFile) =>
        protectPdf([file], parseToolOptions('protect-pdf', { userPassword: 'secret1' }), job.context),
    },
    {
      tool: 'Extract pages',
      run: (file: InputFile) => extractPages([file], parseToolOptions('extract-pages', { pages: '1-2' }), job.context),
    },
  ];

  for (const { shape, pdf } of shapes) {
    for (const { tool, run, password } of tools) {
      it(`${tool} repairs ${shape} and checks its output`, async () => {
        const file = await job.input('damaged-content.pdf', pdf());
        expect(qpdfCheck(file.path).code).not.toBe(0);
        const result = await run(file);
        // The repair way: the full check of the upload, a rewrite of it, and the check of the output.
        expect(runsWith('--check').some((run) => run.includes(file.path))).toBe(true);
        expect(runsWith('--deterministic-id').filter((run) => run.includes(file.path))).toHaveLength(1);
        expect(runsWith('--check').some((run) => run.includes(result.path))).toBe(true);
        assertValidPdf(result.path, password);
        expect(pdfPageTexts(result.path, password)[1]).toBe('Page 2');
      });
    }
  }

  it('goes the repair way for a JPEG whose Huffman table a flipped byte broke, which qpdf copies as it is', async () => {
    const jpeg = await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .jpeg({ quality: 80 })
      .toBuffer();
    jpeg[jpeg.indexOf(Buffer.from([0xff, 0xc4])) + 5] = 0xff;
    const image = { jpeg, pixelWidth: 48, pixelHeight: 32, x: 72, y: 400, width: 96, height: 64 };
    const file = await job.input('bogus-jpeg.pdf', makePdf({ pages: [{ image }, {}] }));
    expect(qpdfCheck(file.path).code).not.toBe(0);
    const outcome = await rotatePdf([file], rotate90, job.context).then(
      (result) => result.path,
      (error: unknown) => toolErrorCode(Promise.reject(error)),
    );
    expect(runsWith('--check').some((run) => run.includes(file.path))).toBe(true);
    // Neither qpdf nor MuPDF re-encodes a JPEG, so the repair cannot mend it: damaged_pdf, never a failing output.
    expect(outcome).toBe('damaged_pdf');
  });

  it('Compress finds such content in its clean-file test and repairs it', async () => {
    for (const { pdf } of shapes) {
      const file = await job.input('damaged-content.pdf', pdf());
      const result = await compressPdf([file], parseToolOptions('compress-pdf', { level: 'medium' }), job.context);
      assertValidPdf(result.path);
      expect(pdfPageTexts(result.path)[1]).toBe('Page 2');
    }
  });
});
