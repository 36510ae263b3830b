import { readFile } from 'node:fs/promises';
import type { Sharp } from 'sharp';
import { ToolError } from '@paperknife/catalog/errors';
import type { ImageType } from '@paperknife/catalog/file-types';
import { MAX_IMAGE_PIXELS } from '@paperknife/catalog/limits';
import { cleanedPhotoQuality } from '@paperknife/catalog/tools/jpg-to-pdf';
import type { ToolContext } from '../jobs/tool-runner.js';
import { readBmp } from './bmp-pixels.js';
import { dpiOf, pixelLimitOrDamage } from './decode-images.js';
import { exifFacts } from './exif-facts.js';
import { type Box, findSheet, greyHistogram, otsuThreshold } from './find-sheet.js';
import { decodeHeif } from './heif-decode.js';
import { reachesEndOfImage, readJpegHeader } from './jpeg-header.js';
import { type ImagePage, checkPixels, jpegImage } from './pdf-image.js';
import { loadSharp } from '../jobs/image-library.js';

/** The longer side of the grey copy the sheet is looked for in: enough for a page's edges, quick to walk. */
const SAMPLE_SIDE = 512;
/** Room kept around the sheet, as a share of the photo's shorter side, so its edges stay whole. */
const MARGIN_SHARE = 0.015;
/** Paper and ink levels closer than this leave nothing to stretch (a blank or a uniform photo). */
const MIN_LEVEL_SPAN = 16;

interface Photo {
  image: Sharp;
  /** The EXIF orientation still to apply (libheif has already turned its output upright). */
  upright: boolean;
  dpi: { x: number; y: number };
}

/**
 * Photographed pages cleaned up, one page per image (every page of a TIFF): cropped to the sheet of paper where one
 * stands out, levels stretched so the paper is white and the ink dark, then saved as JPEG: new pixels, so the
 * lossy format photos come in is the fitting one. No perspective correction (decision 180).
 */
export async function* cleanedPages(path: string, type: ImageType, context: ToolContext): AsyncGenerator<ImagePage> {
  if (type === 'heic') {
    const decoded = await decodeHeif(path, context);
    for await (const photo of photos(await readFile(decoded.path), decoded.type, false)) yield await cleanedPage(photo);
    return;
  }
  for await (const photo of photos(await readFile(path), type, true)) yield await cleanedPage(photo);
}

async function* photos(data: Buffer, type: ImageType, upright: boolean): AsyncGenerator<Photo> {
  const sharp = await loadSharp();
  const limits = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;
  if (type === 'bmp') {
    const bmp = readBmp(data);
    const raw = { width: bmp.width, height: bmp.height, channels: bmp.channels };
    yield {
      image: sharp(bmp.data, { raw, ...limits }),
      upright: false,
      dpi: dpiOf(bmp.dpi ? { x: bmp.dpi, y: bmp.dpi } : undefined),
    };
    return;
  }
  if (type === 'jpeg') {
    // As the untouched path does: a JPEG cut short is refused, not cleaned up half grey.
    const header = readJpegHeader(data);
    if (!header || !reachesEndOfImage(data)) throw new ToolError('damaged_image');
    checkPixels(header.width, header.height);
  }
  const open = (page: number) => sharp(data, { page, pages: 1, ...limits });
  const first = await open(0)
    .metadata()
    .catch((error: unknown) => Promise.reject(pixelLimitOrDamage(error)));
  const pageCount = type === 'tiff' ? (first.pages ?? 1) : 1;
  const tiffResolution = type === 'tiff' ? exifFacts(data).resolution : undefined;
  const density = first.density ? { x: first.density, y: first.density } : undefined;
  checkPixels(first.width, first.pageHeight ?? first.height);
  for (let page = 0; page < pageCount; page++) {
    let dpi = dpiOf(tiffResolution ?? density);
    if (upright && (first.orientation ?? 1) >= 5) dpi = { x: dpi.y, y: dpi.x };
    yield { image: open(page), upright, dpi };
  }
}

async function cleanedPage({ image, upright, dpi }: Photo): Promise<ImagePage> {
  const sharp = await loadSharp();
  try {
    const turned = upright ? image.rotate() : image;
    const { data, info } = await turned
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const pixels = () => sharp(data, { raw, limitInputPixels: MAX_IMAGE_PIXELS });

    const sample = await pixels()
      .resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .greyscale()
      .median(3)
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const grey = new Uint8Array(sample.data.buffer, sample.data.byteOffset, sample.data.length);
    const whole = { left: 0, top: 0, width: sample.info.width, height: sample.info.height };
    const sheet = findSheet(grey, sample.info.width, sample.info.height);
    const levels = paperAndInk(grey, sample.info.width, sheet ?? whole);

    let cleaned = pixels();
    if (sheet) cleaned = cleaned.extract(scaledWithMargin(sheet, sample.info.width / info.width, info));
    if (levels.paper - levels.ink >= MIN_LEVEL_SPAN) {
      const gain = 255 / (levels.paper - levels.ink);
      cleaned = cleaned.linear(gain, -levels.ink * gain);
    }
    const jpeg = await cleaned.jpeg({ quality: cleanedPhotoQuality }).toBuffer();
    const header = readJpegHeader(jpeg);
    if (!header) throw new Error('libvips wrote a JPEG our reader does not know');
    return { image: jpegImage(jpeg, header), width: header.width, height: header.height, orientation: 1, dpi };
  } catch (error) {
    throw pixelLimitOrDamage(error);
  }
}

/**
 * The paper's level (the median of the pixels brighter than the sheet's own Otsu threshold) and the ink's (the
 * darkest 2 %), inside the sheet.
 */
function paperAndInk(grey: Uint8Array, width: number, box: Box): { paper: number; ink: number } {
  const histogram = greyHistogram(grey, width, box);
  const count = box.width * box.height;
  const split = otsuThreshold(histogram);
  let brightCount = 0;
  for (let level = split + 1; level < 256; level++) brightCount += histogram[level]!;
  return {
    paper: levelAtRank(histogram, split + 1, brightCount / 2),
    ink: levelAtRank(histogram, 0, count * 0.02),
  };
}

/** The level at which `rank` pixels from level `from` upwards have been passed. */
function levelAtRank(histogram: Float64Array, from: number, rank: number): number {
  let passed = 0;
  for (let level = from; level < 256; level++) {
    passed += histogram[level]!;
    if (passed > rank) return level;
  }
  return 255;
}

/** The sheet's box in the full-size photo, widened by the margin and kept inside the photo. */
function scaledWithMargin(box: Box, scale: number, size: { width: number; height: number }) {
  const margin = Math.round(Math.min(size.width, size.height) * MARGIN_SHARE);
  const left = Math.max(0, Math.floor(box.left / scale) - margin);
  const top = Math.max(0, Math.floor(box.top / scale) - margin);
  const right = Math.min(size.width, Math.ceil((box.left + box.width) / scale) + margin);
  const bottom = Math.min(size.height, Math.ceil((box.top + box.height) / scale) + margin);
  return { left, top, width: right - left, height: bottom - top };
}
