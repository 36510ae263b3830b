import { promisify } from 'node:util';
import { constants, deflate } from 'node:zlib';
import sharp from 'sharp';

/**
 * Encodes resampled image pixels for Compress PDF, on the main thread: sharp (libvips, mozjpeg) and zlib do their
 * work on libuv's thread pool, so the event loop only waits. sharp stays out of the MuPDF workers because those
 * are terminated on timeout, and a worker ended inside a libvips call can take the whole process down.
 */

export interface RawImage {
  width: number;
  height: number;
  /** 1 (gray) or 3 (RGB); CMYK is encoded by MuPDF in the worker. */
  channels: 1 | 3;
  /** 8-bit samples, rows top to bottom, channels interleaved, no padding. */
  pixels: Uint8Array;
}

export interface EncodedImage {
  data: Buffer;
  /** The PDF filter that decodes `data`. */
  filter: '/DCTDecode' | '/FlateDecode';
}

const deflateAsync = promisify(deflate);

/**
 * A baseline JPEG in the image's own space: gray stays one channel, RGB stays RGB. No metadata is written, so
 * there is no EXIF orientation for a viewer to apply: the pixels are already in the order the PDF draws them.
 */
export async function encodeJpeg(image: RawImage, quality: number): Promise<Buffer> {
  checkSize(image);
  let pipeline = sharp(image.pixels, {
    raw: { width: image.width, height: image.height, channels: image.channels },
    // The PDF's own limits bound the size; sharp's default pixel limit would refuse large scans.
    limitInputPixels: false,
  });
  if (image.channels === 1) pipeline = pipeline.toColourspace('b-w');
  return pipeline.jpeg({ quality, mozjpeg: true }).toBuffer();
}

/** Lossless: for flat graphics (and soft masks), where JPEG would blur edges and text. */
export async function encodeFlate(pixels: Uint8Array): Promise<Buffer> {
  return deflateAsync(pixels, { level: constants.Z_BEST_COMPRESSION });
}

function checkSize(image: RawImage): void {
  if (image.pixels.byteLength !== image.width * image.height * image.channels) {
    throw new Error(
      `pixel data is ${image.pixels.byteLength} bytes, expected ${image.width}x${image.height}x${image.channels}`,
    );
  }
}
