import { readFile } from 'node:fs/promises';
import { constants } from 'node:zlib';
import { ccittG4DecodeParms } from './ccitt-g4-encode.js';
import { type JpegTarget, encodeFlate, encodeJpegToTarget } from './image-recompress.js';
import type { ReplacementFilter } from './image-replacement.js';
import type { SampledImage } from './resample-images.js';

/**
 * Flat graphics stay lossless (Flate) unless that costs more than this many times their JPEG: charts and
 * screenshots deflate to about a JPEG's size or less, while a lossless scan of a page (white paper, noisy
 * strokes) deflates to several times it.
 */
const FLAT_FLATE_LIMIT = 2;

/**
 * G4 under this share of 1-bit rows' fastest Flate wins outright: Flate's best level saves about a fifth more
 * (measured on the corpus's scans), never enough to catch up.
 */
const BILEVEL_QUICK_FLATE_SHARE = 0.6;

/**
 * 1-bit images become CCITT G4 (encoded in the worker) or 1-bit Flate, whichever is smaller; other pixels JPEG, or
 * Flate when they are flat graphics. `targetMet` tells whether the result is as close to the pixels as the level
 * wants (always, for lossless encodings).
 */
export async function encodeSampled(
  image: SampledImage,
  target: JpegTarget,
): Promise<{
  encoded: { data: Buffer; filter: ReplacementFilter };
  targetMet: boolean;
  decodeParms?: Record<string, number | boolean>;
}> {
  if (image.bilevel) {
    const g4 = await readFile(image.bilevel.g4);
    const rows = await readFile(image.bilevel.rows);
    // Flate's best level takes seconds on a page of 1-bit rows (8x its fastest, for about a fifth fewer bytes):
    // it is tried only when its fastest level is not already far behind G4, as on text (G4 about half of it).
    const quick = await encodeFlate(rows, constants.Z_BEST_SPEED);
    const flate = g4.length < quick.length * BILEVEL_QUICK_FLATE_SHARE ? quick : await encodeFlate(rows);
    if (flate.length < g4.length) return { encoded: { data: flate, filter: '/FlateDecode' }, targetMet: true };
    const parms = ccittG4DecodeParms({ width: image.width, height: image.height, blackIs1: image.bilevel.blackIs1 });
    return {
      encoded: { data: g4, filter: '/CCITTFaxDecode' },
      targetMet: true,
      decodeParms: Object.fromEntries(Object.entries(parms).map(([key, value]) => [`/${key}`, value])),
    };
  }
  const pixels = await readFile(image.pixels ?? '');
  const raw = { width: image.width, height: image.height, channels: image.channels, pixels };
  // A JPEG scan at its own size is judged as a resampled one is: against its pixels without their grain.
  const jpeg = await encodeJpegToTarget(raw, target, { smoothTextReference: image.lossyAtOwnSize === true });
  const asJpeg = { encoded: { data: jpeg.data, filter: '/DCTDecode' as const }, targetMet: jpeg.met };
  if (!image.flat) return asJpeg;
  const flate = await encodeFlate(pixels);
  return flate.length <= jpeg.data.length * FLAT_FLATE_LIMIT
    ? { encoded: { data: flate, filter: '/FlateDecode' }, targetMet: true }
    : asJpeg;
}
