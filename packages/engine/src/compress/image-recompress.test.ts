import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  type JpegTarget,
  type RawImage,
  type TargetedJpeg,
  encodeFlate,
  encodeJpeg,
  encodeJpegToTarget,
} from './image-recompress.js';
import { photoPixels, psnr, textPixels } from '../testing/compress-fixtures.js';

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

  describe('quality by a perceptual target', () => {
    const target: JpegTarget = {
      ...{ minQuality: 30, maxQuality: 90, ssim: 0.98 },
      ...{ textMinQuality: 40, textSsim: 0.975, textPsnr: 24 },
    };

    /** A photograph at 150 dpi: smooth shapes, soft edges, little grain. */
    async function smoothPhoto(): Promise<RawImage> {
      const pixels = await sharp(photoPixels(600, 400, 3, 8), { raw: { width: 600, height: 400, channels: 3 } })
        .blur(2)
        .raw()
        .toBuffer();
      return { width: 600, height: 400, channels: 3, pixels };
    }

    it('gives a photograph and a page of text different qualities, each the lowest that meets its target', async () => {
      const photoImage = await smoothPhoto();
      const textImage: RawImage = { width: 600, height: 800, channels: 1, pixels: textPixels(600, 800) };
      const photo = await encodeJpegToTarget(photoImage, target);
      const text = await encodeJpegToTarget(textImage, target);
      expect(photo.textLike).toBe(false);
      expect(text.textLike).toBe(true);
      expect(photo.quality).not.toBe(text.quality);
      const photoMeets = (reached: TargetedJpeg) => reached.ssim >= target.ssim;
      const textMeets = (reached: TargetedJpeg) => reached.ssim >= target.textSsim && reached.psnr >= target.textPsnr;
      expect(photoMeets(photo)).toBe(true);
      expect(textMeets(text)).toBe(true);
      // Searched, not pinned: both between floor and ceiling, and one step lower misses the target.
      for (const [chosen, image, meets] of [
        [photo, photoImage, photoMeets],
        [text, textImage, textMeets],
      ] as const) {
        expect(chosen.quality).toBeGreaterThan(target.minQuality);
        expect(chosen.quality).toBeLessThan(target.maxQuality);
        const lower = chosen.quality - 5;
        const pinned = { ...target, minQuality: lower, maxQuality: lower, textMinQuality: lower };
        expect(meets(await encodeJpegToTarget(image, pinned))).toBe(false);
      }
    });

    it('keeps the whole image as close to the pixels given as its sample', async () => {
      const pixels = textPixels(600, 800);
      const text = await encodeJpegToTarget({ width: 600, height: 800, channels: 1, pixels }, target);
      expect(await sharp(text.data).metadata()).toMatchObject({ channels: 1, width: 600, height: 800 });
      // The whole page, its blank margins and gaps too, is at least as close as the sample of its content.
      const decoded = await sharp(text.data).toColourspace('b-w').raw().toBuffer();
      expect(psnr(decoded, pixels)).toBeGreaterThanOrEqual(target.textPsnr);
      const image = await smoothPhoto();
      const photo = await encodeJpegToTarget(image, target);
      expect(await sharp(photo.data).metadata()).toMatchObject({ channels: 3, chromaSubsampling: '4:2:0' });
      expect(psnr(await sharp(photo.data).raw().toBuffer(), image.pixels)).toBeGreaterThan(34);
    });

    it('judges grainy text on its low-passed pixels when asked, and photographs as they are', async () => {
      // A page of text on grainy paper: every pixel a few levels off, which no JPEG keeps.
      const random = (() => {
        let state = 7;
        return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
      })();
      const clean = textPixels(600, 800).map((value) => Math.max(0, value - 20));
      const pixels = clean.map((value) => Math.max(0, Math.min(255, value + (random() - 0.5) * 40)));
      const grainy: RawImage = { width: 600, height: 800, channels: 1, pixels };
      const asIs = await encodeJpegToTarget(grainy, target);
      const smoothed = await encodeJpegToTarget(grainy, target, { smoothTextReference: true });
      expect(asIs).toMatchObject({ textLike: true, met: false, quality: target.maxQuality });
      expect(smoothed).toMatchObject({ textLike: true, met: true });
      expect(smoothed.quality).toBeLessThan(asIs.quality);
      // The PSNR still guards the strokes: the whole image meets it, at no lower a quality than the same page
      // without grain gets.
      const decoded = await sharp(smoothed.data).toColourspace('b-w').raw().toBuffer();
      expect(psnr(decoded, pixels)).toBeGreaterThanOrEqual(target.textPsnr);
      const withoutGrain = await encodeJpegToTarget({ ...grainy, pixels: clean }, target, {
        smoothTextReference: true,
      });
      expect(smoothed.quality).toBeGreaterThanOrEqual(withoutGrain.quality);
      const photo = await smoothPhoto();
      const photoSmoothed = await encodeJpegToTarget(photo, target, { smoothTextReference: true });
      expect(photoSmoothed.quality).toBe((await encodeJpegToTarget(photo, target)).quality);
    });

    it('uses the floor for a blank image and never goes above the ceiling', async () => {
      const blank = await encodeJpegToTarget(
        { width: 256, height: 256, channels: 1, pixels: new Uint8Array(256 * 256).fill(250) },
        target,
      );
      expect(blank.quality).toBe(target.minQuality);
      // Grain no JPEG keeps: the target is out of reach, so the ceiling is used.
      const grain = await encodeJpegToTarget(
        { width: 320, height: 200, channels: 3, pixels: photoPixels(320, 200, 3) },
        target,
      );
      expect(grain.quality).toBe(target.maxQuality);
    });
  });
});
