import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotatedColourPdf } from '../testing/grayscale-fixtures.js';
import { grayPrepare } from './gray-prepare-task.js';

/**
 * The facts the MuPDF step reports before Ghostscript starts (decision 014): a file MuPDF must repair to open is
 * said to be repaired, and the step beside the clean-file check leaves it alone with no pages to convert.
 */

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'paperknife-gray-prepare-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** `pdf` written to the folder as `name`. */
async function written(name: string, pdf: Buffer): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, pdf);
  return path;
}

describe('gray-prepare', () => {
  const annotated = annotatedColourPdf();
  // startxref points nowhere: MuPDF rebuilds the cross-reference table as it opens the file.
  const broken = Buffer.from(annotated.toString('latin1').replace(/startxref\s+\d+/, 'startxref\n999999'), 'latin1');

  it('changes an intact file and reports its pages, not repaired', async () => {
    const input = await written('intact.pdf', annotated);
    const result = grayPrepare({ input, output: join(folder, 'intact-out.pdf'), stopIfRepaired: true });
    expect(result).toMatchObject({ pageCount: 2, repaired: false });
    expect(result.changed).toBeGreaterThan(0);
  });

  it('stops on a file it had to repair when told to, and leaves it no pages to convert', async () => {
    const input = await written('broken.pdf', broken);
    const output = join(folder, 'broken-out.pdf');
    const parts: unknown[] = [];
    const stopped = grayPrepare({ input, output, stopIfRepaired: true }, undefined, (part) => parts.push(part));
    expect(stopped).toEqual({ changed: 0, pageCount: 0, repaired: true, rewriteAfterGhostscript: true });
    expect(parts).toEqual([{ changed: 0, pageCount: 0, repaired: true }]);
    // Without the flag (the step on the preflight's copy, or on an upload the check passed) it does its work.
    const full = grayPrepare({ input, output });
    expect(full).toMatchObject({ pageCount: 2, repaired: true });
    expect(full.changed).toBeGreaterThan(0);
  });
});
