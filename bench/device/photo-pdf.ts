import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { makePdf } from '../../packages/engine/src/testing/make-pdf.js';

/** Random pixels as a JPEG of about `bytes` (noise does not compress: each page carries its photo's size). */
async function noisyJpeg(bytes: number): Promise<{ jpeg: Buffer; side: number }> {
  const side = Math.round(Math.sqrt(bytes / 0.63));
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.random() * 256) | 0;
  return {
    jpeg: await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer(),
    side,
  };
}

/**
 * The device benches' input: a PDF of `pageCount` pages of about `totalBytes`, each page a line of text
 * (`label N`) and its own copy of a noisy photo, written to `path`.
 */
export async function photoPdf(path: string, pageCount: number, totalBytes: number, label: string): Promise<string> {
  const { jpeg, side } = await noisyJpeg(totalBytes / pageCount);
  const image = { jpeg, pixelWidth: side, pixelHeight: side, x: 72, y: 200, width: 460, height: 460 };
  writeFileSync(
    path,
    makePdf({ pages: Array.from({ length: pageCount }, (_, i) => ({ text: [`${label} ${i + 1}`], image })) }),
  );
  return path;
}
