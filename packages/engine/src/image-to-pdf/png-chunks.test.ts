import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngRowsIntact, readPngChunks } from './png-chunks.js';

/** A PNG of noise (so its rows do not compress to a few bytes), `channels` 3 or 4. */
async function noisePng(channels: 3 | 4): Promise<Buffer> {
  const width = 64;
  const height = 48;
  const pixels = Buffer.alloc(width * height * channels);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels } }).png({ compressionLevel: 6 }).toBuffer();
}

/** The PNG's chunks with its joined IDAT data changed by `change`. */
function withIdat(png: Buffer, change: (idat: Buffer) => Buffer) {
  const chunks = readPngChunks(png)!;
  return { ...chunks, idat: change(Buffer.from(chunks.idat)) };
}

describe('pngRowsIntact', () => {
  it('passes the rows of a whole PNG, with and without alpha', async () => {
    for (const channels of [3, 4] as const)
      expect(await pngRowsIntact(readPngChunks(await noisePng(channels))!)).toBe(true);
  });

  it('fails rows that are cut short, damaged, or more than the image holds', async () => {
    const png = await noisePng(3);
    const truncated = withIdat(png, (idat) => idat.subarray(0, idat.length - 200));
    const flipped = withIdat(png, (idat) => {
      idat[Math.floor(idat.length / 2)]! ^= 0x5a;
      return idat;
    });
    const tooShort = { ...readPngChunks(png)!, height: 40 };
    const tooTall = { ...readPngChunks(png)!, height: 60 };
    for (const chunks of [truncated, flipped, tooShort, tooTall]) expect(await pngRowsIntact(chunks)).toBe(false);
  });
});
