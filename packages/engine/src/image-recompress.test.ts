import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeFlate, encodeJpeg } from './image-recompress.js';
import { photoPixels, psnr } from './testing/compress-fixtures.js';

describe('image recompression', () => {
  it('encodes RGB pixels as an RGB JPEG close to the original, without orientation metadata', async () => {
    const pixels = photoPixels(320, 200, 3);
    const jpeg = await encodeJpeg({ width: 320, height: 200, channels: 3, pixels }, 75);
    const info = await sharp(jpeg).metadata();
    expect(info).toMatchObject({ format: 'jpeg', width: 320, height: 200, channels: 3 });
    expect(info.orientation).toBeUndefined();
    expect(info.exif).toBeUndefined();
    expect(jpeg.length).toBeLessThan(pixels.length / 4);
    const decoded = await sharp(jpeg).raw().toBuffer();
    expect(psnr(decoded, pixels)).toBeGreaterThan(28);
    // Rows stay in order: the red corner is still top left, the blue one bottom right.
    expect(decoded[0]).toBeGreaterThan(180);
    expect(decoded[(199 * 320 + 319) * 3 + 2]).toBeGreaterThan(180);
  });

  it('keeps gray images to one channel, and lower quality gives fewer bytes', async () => {
    const pixels = photoPixels(256, 256, 1);
    const high = await encodeJpeg({ width: 256, height: 256, channels: 1, pixels }, 75);
    const low = await encodeJpeg({ width: 256, height: 256, channels: 1, pixels }, 55);
    expect(await sharp(high).metadata()).toMatchObject({ channels: 1, space: 'b-w' });
    expect(low.length).toBeLessThan(high.length);
  });

  it('refuses pixel data that does not match the size', async () => {
    await expect(encodeJpeg({ width: 10, height: 10, channels: 3, pixels: new Uint8Array(299) }, 75)).rejects.toThrow(
      /expected 10x10x3/,
    );
  });

  it('Flate round-trips exactly', async () => {
    const pixels = photoPixels(64, 64, 3);
    expect(new Uint8Array(inflateSync(await encodeFlate(pixels)))).toEqual(pixels);
  });
});
