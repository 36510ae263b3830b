import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import type { Metadata, Sharp } from 'sharp';
import { ToolError } from '@paperknife/catalog/errors';
import type { ImageType } from '@paperknife/catalog/file-types';
import { MAX_IMAGE_PIXELS } from '@paperknife/catalog/limits';
import type { ToolContext } from '../jobs/tool-runner.js';
import { jpegStructureProblem } from '../preflight/jpeg-structure.js';
import { readBmp } from './bmp-pixels.js';
import { type Resolution, exifFacts } from './exif-facts.js';
import { decodeHeif } from './heif-decode.js';
import { reachesEndOfImage, readJpegHeader } from './jpeg-header.js';
import { DEFAULT_DPI, type ImagePage, type PdfImage, checkPixels, jpegImage, pngImage } from './pdf-image.js';
import { pngRowsIntact, readPngChunks } from './png-chunks.js';
import { loadSharp } from '../jobs/image-library.js';

export const dpiOf = (resolution: Resolution | undefined) =>
  resolution && resolution.x > 0 && resolution.y > 0 ? resolution : { x: DEFAULT_DPI, y: DEFAULT_DPI };

/**
 * The pages an image file gives, one at a time so only one decoded image is in memory: a JPEG's data as it is,
 * a PNG's compressed rows as they are where a PDF can read them, anything else decoded by sharp (every page of a
 * TIFF, the first frame of an animation) and written losslessly again. HEIC goes through libheif's converter first.
 */
export async function* imagePages(path: string, type: ImageType, context: ToolContext): AsyncGenerator<ImagePage> {
  if (type === 'heic') {
    const decoded = await decodeHeif(path, context);
    // libheif has turned the pixels upright; the EXIF it copies still has the camera's orientation.
    for await (const page of imagePages(decoded.path, decoded.type, context)) yield { ...page, orientation: 1 };
    return;
  }
  const data = await readFile(path);
  if (type === 'jpeg') {
    const header = readJpegHeader(data);
    if (!header || !reachesEndOfImage(data)) throw new ToolError('damaged_image');
    checkPixels(header.width, header.height);
    // Markers or tables libjpeg refuses would make the PDF fail `qpdf --check`: the decoder decides instead.
    if (header.pdfDecodable && jpegStructureProblem(data) === undefined) {
      yield { image: jpegImage(data, header), ...header, dpi: dpiOf(header.resolution) };
      return;
    }
  }
  if (type === 'png') {
    const png = readPngChunks(data);
    if (!png) throw new ToolError('damaged_image');
    checkPixels(png.width, png.height);
    // Rows that do not inflate whole go to the decoder, which refuses a damaged PNG.
    const image = pngImage(png);
    if (image && (await pngRowsIntact(png))) {
      yield { image, width: png.width, height: png.height, orientation: 1, dpi: dpiOf(png.resolution) };
      return;
    }
  }
  if (type === 'bmp') {
    yield await bmpPage(data);
    return;
  }
  yield* decodedPages(data, type);
}

/** A BMP, read by our own reader (libvips has no BMP loader), written losslessly as any decoded image. */
async function bmpPage(data: Buffer): Promise<ImagePage> {
  const sharp = await loadSharp();
  const bmp = readBmp(data);
  const raw = { width: bmp.width, height: bmp.height, channels: bmp.channels };
  const image = sharp(bmp.data, { raw, limitInputPixels: MAX_IMAGE_PIXELS });
  const metadata = await readMetadata(image);
  return {
    image: await losslessImage(image, metadata),
    width: bmp.width,
    height: bmp.height,
    orientation: 1,
    dpi: dpiOf(bmp.dpi ? { x: bmp.dpi, y: bmp.dpi } : undefined),
  };
}

async function* decodedPages(data: Buffer, type: ImageType): AsyncGenerator<ImagePage> {
  const sharp = await loadSharp();
  const open = (page: number) => sharp(data, { page, pages: 1, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  const first = await readMetadata(open(0));
  // A TIFF's pages are pages; an animation's frames are not: its first frame stands for it.
  const pageCount = type === 'tiff' ? (first.pages ?? 1) : 1;
  // sharp reads one resolution; TIFF fax pages are often finer across than down, which its tags say.
  const tiffResolution = type === 'tiff' ? exifFacts(data).resolution : undefined;
  for (let page = 0; page < pageCount; page++) {
    const metadata = page === 0 ? first : await readMetadata(open(page));
    const width = metadata.width;
    const height = metadata.pageHeight ?? metadata.height;
    checkPixels(width, height);
    const density = metadata.density ? { x: metadata.density, y: metadata.density } : undefined;
    yield {
      image: await losslessImage(open(page), metadata),
      width,
      height,
      orientation: metadata.orientation ?? 1,
      dpi: dpiOf(tiffResolution ?? density),
    };
  }
}

async function readMetadata(image: Sharp) {
  try {
    return await image.metadata();
  } catch (error) {
    throw pixelLimitOrDamage(error);
  }
}

/** sharp's refusal of too many pixels, as our error; anything else it cannot read is a damaged image. */
export function pixelLimitOrDamage(error: unknown): ToolError {
  if (error instanceof ToolError) return error;
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return new ToolError('image_too_large');
  return new ToolError('damaged_image', undefined, { cause: error });
}

/**
 * Decoded pixels written again without loss: colour (8 or 16 bits, gray or RGB, profile kept) and, where the image
 * has any transparency, its alpha as a soft mask. libvips writes them as PNG rows, whose IDAT a PDF reads as is.
 */
async function losslessImage(image: Sharp, metadata: Metadata): Promise<PdfImage> {
  if (metadata.bitsPerSample === 1 && metadata.channels === 1) return bilevelImage(image);
  const sixteen = metadata.depth === 'ushort';
  const gray = metadata.space === 'b-w' || metadata.space === 'grey16';
  try {
    const colour = image
      .clone()
      .removeAlpha()
      .toColourspace(gray ? (sixteen ? 'grey16' : 'b-w') : sixteen ? 'rgb16' : 'srgb')
      .keepIccProfile();
    const result = await asPdfImage(colour);
    if (metadata.hasAlpha && !(await image.clone().stats()).isOpaque) {
      const alpha = image
        .clone()
        .extractChannel((metadata.channels! - 1) as 1 | 3)
        .toColourspace(sixteen ? 'grey16' : 'b-w');
      result.smask = await asPdfImage(alpha);
      result.smask.icc = undefined;
    }
    return result;
  } catch (error) {
    throw pixelLimitOrDamage(error);
  }
}

/**
 * A two-tone image (a fax or a scan TIFF, 1 bit per pixel) kept at 1 bit: libvips decodes it to 8-bit gray, which
 * written as is takes up to eight times the room. Its samples are 0 or 255, so packing them back loses nothing.
 */
async function bilevelImage(image: Sharp): Promise<PdfImage> {
  try {
    const { data, info } = await image.clone().toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    const stride = Math.ceil(info.width / 8);
    const packed = Buffer.alloc(stride * info.height);
    for (let y = 0; y < info.height; y++) {
      const row = y * info.width;
      for (let x = 0; x < info.width; x++) {
        if (data[row + x]! >= 128) packed[y * stride + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
    return {
      width: info.width,
      height: info.height,
      bitsPerComponent: 1,
      colours: 1,
      filter: 'FlateDecode',
      pngPredictor: false,
      invert: false,
      data: deflateSync(packed, { level: 9 }),
    };
  } catch (error) {
    throw pixelLimitOrDamage(error);
  }
}

/** Decoded pixels as PNG rows at zlib's best level: about twice the time of level 6, 3-4 % smaller on photos. */
async function asPdfImage(image: Sharp): Promise<PdfImage> {
  const png = readPngChunks(await image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer());
  const result = png && pngImage(png);
  if (!result) throw new Error('libvips wrote a PNG a PDF cannot hold as is');
  return result;
}
