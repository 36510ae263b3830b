import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { expect } from 'vitest';
import { makePdf, passwordProtected } from './make-pdf.js';
import { type TestJob, makeTestJob, toolErrorCode } from './test-job.js';
import type { InputFile, ToolContext } from '../jobs/tool-runner.js';

/** The sizes, in points, of the repaired upload's two pages: what a test reads back from the tool's output. */
export const REPAIRED_PAGE_SIZES: readonly (readonly [number, number])[] = [
  [612, 792],
  [200, 100],
];

/**
 * What a tool that works on the upload beside its preflight (runBesidePreflight) must answer as the preflight does:
 * an encrypted upload is `encrypted_pdf`, one past the page limit `too_many_pages`. Resolves with the tool's result
 * for an upload whose cross-reference table points nowhere, which the preflight repairs: its pages are
 * REPAIRED_PAGE_SIZES, drawn from the repaired copy.
 */
export async function refusesAndRepairsAsThePreflight<R>(
  job: TestJob,
  run: (files: InputFile[], context: ToolContext) => Promise<R>,
): Promise<R> {
  const locked = await job.input('locked.pdf', passwordProtected(makePdf({ pageCount: 2 })));
  expect(await toolErrorCode(run([locked], job.context))).toBe('encrypted_pdf');

  const limited = await makeTestJob({ maxPages: 2 });
  try {
    const long = await limited.input('long.pdf', makePdf({ pageCount: 3 }));
    expect(await toolErrorCode(run([long], limited.context))).toBe('too_many_pages');
  } finally {
    await limited.cleanup();
  }

  const pdf = makePdf({ pages: REPAIRED_PAGE_SIZES.map(([width, height]) => ({ width, height })) });
  const broken = Buffer.from(pdf.toString('latin1').replace(/startxref\n\d+/, 'startxref\n999999'), 'latin1');
  return run([await job.input('broken.pdf', broken)], job.context);
}

/** The [width, height] of each image in a ZIP of images (PDF to JPG's and PNG's result), in the ZIP's order. */
export async function zippedImageSizes(path: string): Promise<number[][]> {
  const images = Object.values(unzipSync(await readFile(path)));
  return Promise.all(
    images.map(async (image) => {
      const meta = await sharp(image).metadata();
      return [meta.width, meta.height];
    }),
  );
}
