import { mkdir, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolError } from '@paperknife/catalog/errors';
import { startGrayConversion } from './ghostscript.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, isGray, pdfPageTexts, renderPageRgb } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';

const job = jobPerTest();

/** A one-page PDF with `text` over a red box. */
function redPage(text: string): Buffer {
  return makePdf({ pages: [{ text: [text], box: { rgb: [1, 0, 0], x: 72, y: 400, width: 200, height: 200 } }] });
}

describe('startGrayConversion', () => {
  it('converts the candidate chosen after Ghostscript has started, whatever bytes its path holds', async () => {
    const first = join(job.context.workDir, 'first (draft) \\ copy.pdf');
    const second = join(job.context.workDir, 'second é ) (.pdf');
    await writeFile(first, redPage('First file'));
    await writeFile(second, redPage('Second file'));
    const output = join(job.context.workDir, 'gray.pdf');
    const conversion = startGrayConversion([first, second], output, job.context);
    expect(() => conversion.convert(join(job.context.workDir, 'other.pdf'))).toThrow(/not a candidate/);
    await conversion.convert(second);
    await conversion.ended;
    assertValidPdf(output);
    expect(pdfPageTexts(output)).toEqual(['Second file']);
    expect(isGray(renderPageRgb(output, 1).pixels)).toBe(true);
  });

  it('converts a file inside a candidate folder, and nothing outside it', async () => {
    const folder = join(job.context.workDir, 'candidates');
    await mkdir(join(folder, 'deeper'), { recursive: true });
    const inside = join(folder, 'deeper', 'repaired.pdf');
    await writeFile(inside, redPage('Inside the folder'));
    const output = join(job.context.workDir, 'gray.pdf');
    const conversion = startGrayConversion([`${folder}${sep}`], output, job.context);
    const outside = [
      join(job.context.workDir, 'upload.pdf'),
      `${folder}-sibling${sep}a.pdf`,
      [folder, 'deeper', '..', '..', 'a.pdf'].join(sep),
    ];
    for (const path of outside) expect(() => conversion.convert(path)).toThrow(/not a candidate/);
    await conversion.convert(inside);
    await conversion.ended;
    assertValidPdf(output);
    expect(pdfPageTexts(output)).toEqual(['Inside the folder']);
    expect(isGray(renderPageRgb(output, 1).pixels)).toBe(true);
  });

  it('is stopped by the job signal while it waits for its file', async () => {
    const input = join(job.context.workDir, 'waiting.pdf');
    await writeFile(input, redPage('Never converted'));
    const controller = new AbortController();
    const conversion = startGrayConversion([input], join(job.context.workDir, 'never.pdf'), {
      ...job.context,
      signal: controller.signal,
    });
    controller.abort(new ToolError('busy'));
    await conversion.ended;
    // Told its file too late, it answers with the reason it was stopped.
    expect(await toolErrorCode(conversion.convert(input))).toBe('busy');
  });
});
