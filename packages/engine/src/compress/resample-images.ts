import { writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { blackIs1ByMajority, encodeCcittG4 } from './ccitt-g4-encode.js';
import { downsampledIfLarge } from './flate-downsample.js';
import type { ImagePlacement, ImageXObject } from './image-placements.js';
import { loadImage, nameOf, numberOf, streamBytes, streamFilters } from '../mupdf/pdf-objects.js';

/**
 * Resamples one image XObject for Compress PDF: down to the target resolution of its largest placement, into raw
 * pixel files for the main thread to encode with sharp. CMYK images become RGB. Nothing is written into the PDF:
 * the main thread swaps the streams in with qpdf, by object number. See docs/decisions/024, 100 and 101.
 */

export interface ImageSettings {
  /** Target resolution: images drawn above it are resampled down to it. */
  dpi: number;
  /**
   * Hand over JPEG and JPEG 2000 images that are not above the target resolution as well, for re-encoding: another
   * generation of loss, which the main thread keeps only when it pays (decision 101). Lossless images (Flate and
   * the like) are re-encoded at every lossy level.
   */
  recodeLossy: boolean;
  /**
   * With recodeLossy, only such images of at least this many bytes: a generation of loss to save a few kilobytes
   * of a small JPEG is not worth its decoding and the quality search (a book of small figures took 3x longer).
   */
  recodeLossyMinBytes?: number;
  /**
   * Resample bilevel (1-bit gray) images drawn above `above` dpi down to `dpi`, as 1-bit; left out, they keep their
   * size (and are only offered for CCITT G4 re-encoding, which is lossless).
   */
  bilevelResample?: { dpi: number; above: number };
  /** Folder for the pixel files (the job folder). */
  folder: string;
}

export type ImageColorSpace = '/DeviceGray' | '/DeviceRGB';

export interface SampledImage {
  /** Object number of the image XObject. */
  object: number;
  /** Its pixel size now, so the caller can check it is talking about the same object. */
  sourceWidth: number;
  sourceHeight: number;
  /** The new pixel size. */
  width: number;
  height: number;
  channels: 1 | 3;
  /** Raw 8-bit pixels, rows top to bottom, channels interleaved: the main thread encodes them. */
  pixels?: string;
  /** Or 1-bit rows, stored as CCITT G4 or Flate, whichever is smaller. */
  bilevel?: BilevelRowsFile;
  /**
   * A CMYK image now RGB: it must replace the original even when it saves little, since the output intent whose
   * profile the original's colours depend on may be dropped (see the compress-prepare task).
   */
  convertedFromCmyk?: boolean;
  /** A JPEG or JPEG 2000 image at its own size: re-encoding it is a generation of loss with no resampling. */
  lossyAtOwnSize?: boolean;
  /**
   * True when lossless pixels look like flat graphics (screenshots, charts): Flate keeps them sharp, unless it
   * costs far more than JPEG (a lossless scan on white paper). Never true for a JPEG or JPEG 2000 source.
   */
  flat: boolean;
  /**
   * The new /ColorSpace when it changes (an Indexed image becomes its base space, CMYK becomes RGB, a gray-looking
   * colour image gray); otherwise the old one stays.
   */
  colorSpace?: ImageColorSpace;
  /** Bytes of the stream as stored now. */
  originalBytes: number;
  /** The soft mask, resampled to the image's new size. */
  smask?: {
    object: number;
    sourceWidth: number;
    sourceHeight: number;
    width: number;
    height: number;
    pixels: string;
    originalBytes: number;
  };
}

export interface BilevelRowsFile {
  /** 1-bit rows, padded to whole bytes: the new stream's samples. */
  rows: string;
  /** The same rows as CCITT G4 (/K -1), encoded here: pure JavaScript work, kept off the main thread. */
  g4: string;
  /** /BlackIs1 for the G4 stream: which bit value is black in `rows`. */
  blackIs1: boolean;
  /**
   * True when `rows` are the stream's own samples at its own size: the image keeps its /ColorSpace and /Decode, and
   * the new stream replaces it whenever it is smaller, since nothing is lost. Otherwise the rows are resampled
   * DeviceGray pixels (1 = white) and the stream's /Decode goes.
   */
  asStored: boolean;
}

/** Why an image is left as it is; counted per reason in the task's result. */
export type LeftAloneReason =
  | 'unreadable image'
  | 'unreadable page'
  | 'not drawn'
  | 'bilevel'
  | 'small'
  | 'colour-key mask'
  | 'alpha in JPEG 2000'
  | 'colour space'
  | 'premultiplied soft mask'
  | 'at target resolution'
  | 'very large'
  | 'flat graphics at target resolution';

/**
 * Counts one image as left alone for a reason. Answers undefined, so a resampler can end with
 * `return leaveAlone('small')`.
 */
export type LeaveAlone = (reason: LeftAloneReason) => undefined;

/** Images below this many pixels are not worth the work. */
const MIN_PIXELS = 64 * 64;
/** Above this many pixels after resampling, the pixmap and its copies would crowd the worker's heap: left alone. */
const MAX_PIXELS = 50_000_000;
/** Resample only when the area shrinks by more than this factor; a few percent is not worth a generation. */
const MIN_AREA_RATIO = 1.2;
/** Share of pixels equal to their left neighbour above which an image counts as flat graphics. */
const FLAT_SHARE = 0.4;
/**
 * An RGB image counts as gray-looking, and is stored as gray, when no more than this share of its pixels have
 * channels further apart than GRAY_TOLERANCE: a black-and-white page scanned in colour mode. A coloured stamp or
 * signature covers far more than this, so it keeps its colour.
 */
const GRAY_OUTLIERS = 0.0002;
const GRAY_TOLERANCE = 24;

/**
 * Resamples the image for its largest placement and writes its pixels (and its soft mask's) into the settings'
 * folder; or calls `leaveAlone` with the reason it stays as stored. CMYK images are converted to RGB (a CMYK JPEG
 * costs a third more than an RGB one, and screens show RGB): ICC-based ones through their own profile, device CMYK
 * through `deviceCmykProfile` (the profile of the PDF/X output intent, which colour-managed readers apply to it)
 * or else as screen readers show device CMYK (see deviceCmykToRgb). CMYK images are converted
 * even at their own size and when small, so that none is left depending on an output intent that may be dropped.
 */
export async function resampleImage(
  doc: mupdf.PDFDocument,
  info: ImageXObject,
  placement: ImagePlacement | undefined,
  settings: ImageSettings,
  leaveAlone: LeaveAlone,
  deviceCmykProfile?: mupdf.ColorSpace,
): Promise<SampledImage | undefined> {
  const { ref, width, height } = info;
  if (!placement) return leaveAlone('not drawn');
  const filters = streamFilters(ref);
  const bits = numberOf(ref.get('BitsPerComponent'));
  if (ref.get('ImageMask').isBoolean() && ref.get('ImageMask').asBoolean()) {
    return recodeBilevelAsStored(info, settings, leaveAlone);
  }
  if (bits === 1 || filters.includes('CCITTFaxDecode') || filters.includes('JBIG2Decode')) {
    return resampleBilevel(doc, info, placement, settings, leaveAlone);
  }
  const cmyk = cmykSource(ref.get('ColorSpace'));
  if (width * height < MIN_PIXELS && !cmyk) return leaveAlone('small');
  const smaskRef = ref.get('SMask');
  // Lossy pixels would miss an exact colour key; with a soft mask present the key is ignored anyway (PDF 11.6.5.3).
  if (ref.get('Mask').isArray() && !smaskRef.isStream()) return leaveAlone('colour-key mask');
  if (numberOf(ref.get('SMaskInData')) > 0) return leaveAlone('alpha in JPEG 2000');

  // Device CMYK is drawn as CMYK and then converted (below); ICC-based CMYK straight into RGB through its profile.
  const space = cmyk === 'device' ? toDeviceCmyk : cmyk === 'icc' ? toRgb : targetSpace(ref);
  if (!space) return leaveAlone('colour space');
  if (smaskRef.isStream() && !smaskRef.get('Matte').isNull()) return leaveAlone('premultiplied soft mask');

  const targetWidth = Math.max(1, Math.min(width, Math.ceil((placement.width / 72) * settings.dpi)));
  const targetHeight = Math.max(1, Math.min(height, Math.ceil((placement.height / 72) * settings.dpi)));
  const downsample = width * height > targetWidth * targetHeight * MIN_AREA_RATIO;
  const lossySource = filters.includes('DCTDecode') || filters.includes('JPXDecode');
  const recodable = settings.recodeLossy && streamBytes(ref) >= (settings.recodeLossyMinBytes ?? 0);
  if (!downsample && lossySource && !recodable && !cmyk) return leaveAlone('at target resolution');
  const newWidth = downsample ? targetWidth : width;
  const newHeight = downsample ? targetHeight : height;
  if (newWidth * newHeight > MAX_PIXELS) return leaveAlone('very large');

  // Read before any pixels are taken: it may read the stream (a MuPDF call), and MuPDF's samples must not move.
  const originalBytes = streamBytes(ref);
  /** The sampled image from its new pixels, or the reason it stays as stored. */
  const sampledFrom = async (pixels: Uint8Array, components: 1 | 3): Promise<SampledImage | undefined> => {
    let channels = components;
    let packed = pixels;
    let colorSpace = cmyk ? toRgb.name : space.name;
    if (channels === 3 && looksGray(packed)) {
      packed = toGray(packed);
      channels = 1;
      colorSpace = '/DeviceGray';
    }
    // A JPEG source is never flat graphics: a scan's clipped white paper decodes to runs of equal pixels, but
    // its strokes carry JPEG noise that Flate stores at several times the JPEG's bytes.
    const flat = !lossySource && isFlat(packed, newWidth, channels);
    // Lossless graphics at their own size gain nothing from JPEG; qpdf recompresses their Flate.
    // (CMYK is converted whatever its size.)
    if (!downsample && flat && !cmyk) return leaveAlone('flat graphics at target resolution');
    const base = join(settings.folder, `image-${info.object}`);
    const sampled: SampledImage = {
      object: info.object,
      sourceWidth: width,
      sourceHeight: height,
      width: newWidth,
      height: newHeight,
      channels,
      flat,
      originalBytes,
      ...(colorSpace ? { colorSpace } : {}),
      ...(cmyk ? { convertedFromCmyk: true } : {}),
      ...(!downsample && lossySource ? { lossyAtOwnSize: true } : {}),
    };
    sampled.pixels = `${base}.raw`;
    writeFileSync(sampled.pixels, packed);
    if (smaskRef.isStream()) {
      const smask = await resampleSoftMask(doc, smaskRef, newWidth, newHeight, settings.folder);
      if (smask) sampled.smask = smask;
    }
    return sampled;
  };

  // A large gray or RGB Flate image is downsampled as it inflates, never decoded whole (flate-downsample.ts).
  if (downsample && !cmyk && !space.colorSpace) {
    const components = spaceComponents(ref.get('ColorSpace')) ?? 0;
    const streamed = await downsampledIfLarge(ref, components, newWidth, newHeight);
    if (streamed) return sampledFrom(streamed.pixels, streamed.components);
  }

  const image = loadImage(doc, ref);
  try {
    let pixmap = drawImage(image, space.colorSpace ?? image.getColorSpace(), newWidth, newHeight);
    if (cmyk === 'device') pixmap = deviceCmykToRgb(pixmap, deviceCmykProfile);
    try {
      const drawn = pixmap.getNumberOfComponents();
      if (drawn !== 1 && drawn !== 3) throw new Error(`unexpected ${drawn}-channel pixmap`);
      // From here to the write, no MuPDF call: the samples may be MuPDF's own memory (see pixmapSamples).
      return await sampledFrom(pixmapSamples(pixmap), drawn);
    } finally {
      pixmap.destroy();
    }
  } finally {
    image.destroy();
  }
}

/**
 * A 1-bit gray scan drawn above the level's bilevel threshold, resampled to its resolution and made 1-bit again:
 * never JPEG, which blurs strokes and costs more than 1-bit data. Colour-key and soft masks, and 1-bit images in
 * other spaces (a two-colour palette), keep their size; those and the rest are offered for lossless re-encoding as
 * they are.
 */
async function resampleBilevel(
  doc: mupdf.PDFDocument,
  info: ImageXObject,
  placement: ImagePlacement,
  settings: ImageSettings,
  leaveAlone: LeaveAlone,
): Promise<SampledImage | undefined> {
  const { ref, width, height } = info;
  const resample = settings.bilevelResample;
  if (!resample) return recodeBilevelAsStored(info, settings, leaveAlone);
  if (spaceFamily(ref.get('ColorSpace')) !== 'Gray' || !ref.get('Mask').isNull() || !ref.get('SMask').isNull()) {
    return recodeBilevelAsStored(info, settings, leaveAlone);
  }
  const inches = { width: placement.width / 72, height: placement.height / 72 };
  if (width * height <= inches.width * resample.above * inches.height * resample.above) {
    return recodeBilevelAsStored(info, settings, leaveAlone);
  }
  const newWidth = Math.max(1, Math.min(width, Math.ceil(inches.width * resample.dpi)));
  const newHeight = Math.max(1, Math.min(height, Math.ceil(inches.height * resample.dpi)));
  if (newWidth * newHeight > MAX_PIXELS) return leaveAlone('very large');
  const image = loadImage(doc, ref);
  try {
    const rows =
      width * height <= MAX_BILEVEL_DECODE_PIXELS
        ? downsampleBilevel(image, newWidth, newHeight)
        : drawnBilevel(image, newWidth, newHeight);
    const bilevel = await writeBilevelRows(rows, newWidth, newHeight, settings.folder, info.object, false);
    return {
      object: info.object,
      sourceWidth: width,
      sourceHeight: height,
      width: newWidth,
      height: newHeight,
      channels: 1,
      bilevel,
      flat: true,
      colorSpace: '/DeviceGray',
      originalBytes: streamBytes(ref),
    };
  } finally {
    image.destroy();
  }
}

/** Above this many source pixels a 1-bit image is not decoded whole (see drawnBilevel). */
const MAX_BILEVEL_DECODE_PIXELS = 40_000_000;
/** New pixels per side of the cells whose means downsampleBilevel compares (300 dpi -> 100 dpi). */
const BILEVEL_CELL = 3;
/** Cells per side of the tiles for which downsampleBilevel chooses a candidate. */
const BILEVEL_TILE_CELLS = 8;

/**
 * A 1-bit image decoded whole and brought to the new size, tile by tile (24 x 24 new pixels) in the one of two ways
 * that keeps the tile's cells of 3 x 3 new pixels nearer the source's mean over the same area (summed squared error):
 * - each new pixel's area averaged and split at mid-gray: clean strokes of text and line art;
 * - the source pixel at each new pixel's centre (what Ghostscript /ebook does to 1-bit images): keeps the dot
 *   density of a halftoned picture, which a split at mid-gray turns into solid black or white (a dithered page of
 *   a 600 ppi scan: 24 dB against 36 dB at 100 dpi; text pages: about 1.5 dB the other way).
 */
function downsampleBilevel(image: mupdf.Image, newWidth: number, newHeight: number): Uint8Array {
  const pixmap = image.toPixmap();
  try {
    if (pixmap.getNumberOfComponents() !== 1 || pixmap.getAlpha()) return drawnBilevel(image, newWidth, newHeight);
    const gray = pixmap.getPixels();
    const stride = pixmap.getStride();
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const xStart = spanStarts(width, newWidth);
    const yStart = spanStarts(height, newHeight);
    const mean = new Uint8Array(newWidth * newHeight);
    const nearest = new Uint8Array(newWidth * newHeight);
    const sums = new Uint32Array(newWidth);
    for (let y = 0; y < newHeight; y++) {
      sums.fill(0);
      const y0 = yStart[y]!;
      const y1 = yStart[y + 1]!;
      for (let sy = y0; sy < y1; sy++) {
        const row = sy * stride;
        for (let x = 0; x < newWidth; x++) {
          let sum = 0;
          for (let sx = xStart[x]!; sx < xStart[x + 1]!; sx++) sum += gray[row + sx]!;
          sums[x]! += sum;
        }
      }
      const centreRow = Math.min(height - 1, Math.floor(((y + 0.5) * height) / newHeight)) * stride;
      for (let x = 0; x < newWidth; x++) {
        const area = (y1 - y0) * (xStart[x + 1]! - xStart[x]!);
        mean[y * newWidth + x] = Math.round(sums[x]! / area);
        const centre = Math.min(width - 1, Math.floor(((x + 0.5) * width) / newWidth));
        nearest[y * newWidth + x] = gray[centreRow + centre]! >= 128 ? 255 : 0;
      }
    }
    const chosen = mean.map((value) => (value >= 128 ? 255 : 0));
    const tile = BILEVEL_CELL * BILEVEL_TILE_CELLS;
    for (let ty = 0; ty < newHeight; ty += tile) {
      for (let tx = 0; tx < newWidth; tx += tile) {
        const bounds = { x: tx, y: ty, width: Math.min(tile, newWidth - tx), height: Math.min(tile, newHeight - ty) };
        if (cellError(nearest, mean, newWidth, bounds) >= cellError(chosen, mean, newWidth, bounds)) continue;
        for (let y = bounds.y; y < bounds.y + bounds.height; y++) {
          chosen.set(
            nearest.subarray(y * newWidth + bounds.x, y * newWidth + bounds.x + bounds.width),
            y * newWidth + bounds.x,
          );
        }
      }
    }
    return thresholdRows(chosen, newWidth, newHeight);
  } finally {
    pixmap.destroy();
  }
}

/** Where each of `to` equal spans of `from` samples starts (to < from, so none is empty), and `from` at the end. */
function spanStarts(from: number, to: number): Int32Array {
  const starts = new Int32Array(to + 1);
  for (let i = 0; i <= to; i++) starts[i] = Math.floor((i * from) / to);
  return starts;
}

/**
 * Summed squared difference of the means of `candidate` and `reference` over the BILEVEL_CELL-square cells of a
 * rectangle of two images `width` pixels wide.
 */
function cellError(
  candidate: Uint8Array,
  reference: Uint8Array,
  width: number,
  area: { x: number; y: number; width: number; height: number },
): number {
  let error = 0;
  for (let cy = area.y; cy < area.y + area.height; cy += BILEVEL_CELL) {
    for (let cx = area.x; cx < area.x + area.width; cx += BILEVEL_CELL) {
      let difference = 0;
      let count = 0;
      for (let y = cy; y < Math.min(area.y + area.height, cy + BILEVEL_CELL); y++) {
        for (let x = cx; x < Math.min(area.x + area.width, cx + BILEVEL_CELL); x++) {
          difference += candidate[y * width + x]! - reference[y * width + x]!;
          count++;
        }
      }
      error += (difference / count) ** 2;
    }
  }
  return error;
}

/** A 1-bit image too large to decode whole, drawn by MuPDF at the new size (decoded subsampled) and split. */
function drawnBilevel(image: mupdf.Image, newWidth: number, newHeight: number): Uint8Array {
  const pixmap = drawImage(image, mupdf.ColorSpace.DeviceGray, newWidth, newHeight);
  try {
    return thresholdRows(packPixels(pixmap), newWidth, newHeight);
  } finally {
    pixmap.destroy();
  }
}

/** Filters under which a 1-bit image's samples are read back exactly; JBIG2 (and JPX) codes far smaller than G4. */
const BILEVEL_RECODABLE_FILTERS = new Set([
  'FlateDecode',
  'Fl',
  'LZWDecode',
  'LZW',
  'RunLengthDecode',
  'RL',
  'ASCIIHexDecode',
  'AHx',
  'ASCII85Decode',
  'A85',
  'CCITTFaxDecode',
  'CCF',
]);

/**
 * A 1-bit image at its own size, offered for CCITT G4 re-encoding: its samples as stored (the stream decoded),
 * so the new stream decodes to the same bits and the image keeps its colour space, /Decode and masks. Flate,
 * LZW and raw 1-bit scans shrink by about half; byte-aligned or otherwise loose G4 by a few percent.
 */
async function recodeBilevelAsStored(
  info: ImageXObject,
  settings: ImageSettings,
  leaveAlone: LeaveAlone,
): Promise<SampledImage | undefined> {
  const { ref, width, height } = info;
  const imageMask = ref.get('ImageMask').isBoolean() && ref.get('ImageMask').asBoolean();
  const bits = ref.get('BitsPerComponent').isNull() && imageMask ? 1 : numberOf(ref.get('BitsPerComponent'));
  // A 1-bit image in a colour space of more than one component has more than one bit per pixel.
  const oneComponent = imageMask || spaceComponents(ref.get('ColorSpace')) === 1;
  if (bits !== 1 || !oneComponent || !streamFilters(ref).every((name) => BILEVEL_RECODABLE_FILTERS.has(name))) {
    return leaveAlone('bilevel');
  }
  if (width * height < MIN_PIXELS) return leaveAlone('small');
  if (isTightG4(ref)) return leaveAlone('bilevel');
  const rows = ref.readStream().asUint8Array();
  if (rows.length < Math.ceil(width / 8) * height) return leaveAlone('unreadable image');
  const bilevel = await writeBilevelRows(rows, width, height, settings.folder, info.object, true);
  return {
    object: info.object,
    sourceWidth: width,
    sourceHeight: height,
    width,
    height,
    channels: 1,
    bilevel,
    flat: true,
    originalBytes: streamBytes(ref),
  };
}

/**
 * True for a CCITT G4 stream without padding (no byte-aligned rows, no EOLs): our encoder writes the same bits,
 * so decoding and re-encoding it would only cost time. G3 (/K >= 0) and padded G4 shrink.
 */
function isTightG4(ref: mupdf.PDFObject): boolean {
  const filters = streamFilters(ref);
  if (filters.length !== 1 || (filters[0] !== 'CCITTFaxDecode' && filters[0] !== 'CCF')) return false;
  const parmsObject = ref.get('DecodeParms');
  const parms = parmsObject.isArray() ? parmsObject.get(0) : parmsObject;
  const flag = (key: string) => parms.isDictionary() && parms.get(key).isBoolean() && parms.get(key).asBoolean();
  const k = parms.isDictionary() ? numberOf(parms.get('K')) : 0;
  return k < 0 && !flag('EncodedByteAlign') && !flag('EndOfLine');
}

/** Writes the rows and their G4 encoding into the job folder. */
async function writeBilevelRows(
  rows: Uint8Array,
  width: number,
  height: number,
  folder: string,
  object: number,
  asStored: boolean,
): Promise<BilevelRowsFile> {
  const blackIs1 = blackIs1ByMajority(rows);
  const base = join(folder, `image-${object}`);
  const files = { rows: `${base}.1bit`, g4: `${base}.g4` };
  await writeFile(files.rows, rows);
  await writeFile(files.g4, encodeCcittG4({ width, height, rows, blackIs1 }));
  return { ...files, blackIs1, asStored };
}

/** 8-bit gray (the filtered-down scan) as 1-bit rows, 1 = white, split at mid-gray. */
function thresholdRows(gray: Uint8Array, width: number, height: number): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const rows = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (gray[y * width + x]! >= 128) rows[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return rows;
}

/**
 * The colour space to draw into, for images that are not CMYK. Gray and RGB images (device or ICC) keep their own
 * space, so nothing is converted; an Indexed image is expanded into its base space. Anything else (Lab, spot
 * colours) is left alone.
 */
function targetSpace(ref: mupdf.PDFObject): { colorSpace?: mupdf.ColorSpace; name?: ImageColorSpace } | undefined {
  const space = ref.get('ColorSpace');
  const family = spaceFamily(space);
  if (family === 'Gray' || family === 'RGB') return {};
  if (family !== 'Indexed') return undefined;
  switch (spaceFamily(space.get(1))) {
    case 'Gray':
      return { colorSpace: mupdf.ColorSpace.DeviceGray, name: '/DeviceGray' };
    case 'RGB':
      return { colorSpace: mupdf.ColorSpace.DeviceRGB, name: '/DeviceRGB' };
    default:
      return undefined;
  }
}

const toRgb = { colorSpace: mupdf.ColorSpace.DeviceRGB, name: '/DeviceRGB' } as const;
const toDeviceCmyk = { colorSpace: mupdf.ColorSpace.DeviceCMYK, name: undefined } as const;

/**
 * Whether an image's colours are CMYK: 'device' for device CMYK (or a palette over it), whose colours depend on the
 * reader's CMYK profile or the output intent; 'icc' for an ICC-based CMYK space (or a palette over one), which
 * carries its own profile.
 */
export function cmykSource(space: mupdf.PDFObject): 'device' | 'icc' | undefined {
  const family = spaceFamily(space);
  if (family === 'Indexed') {
    const base = space.get(1);
    return spaceFamily(base) === 'CMYK' ? (nameOf(base) === undefined ? 'icc' : 'device') : undefined;
  }
  if (family !== 'CMYK') return undefined;
  return nameOf(space) === undefined ? 'icc' : 'device';
}

/** Components per pixel of a colour space: 1 for gray, a palette, a separation; undefined when unknown. */
function spaceComponents(space: mupdf.PDFObject): number | undefined {
  const family = spaceFamily(space);
  if (family === 'Gray' || family === 'Indexed') return 1;
  if (family === 'RGB') return 3;
  if (family === 'CMYK') return 4;
  const name = space.isArray() ? nameOf(space.get(0)) : undefined;
  if (name === 'Separation') return 1;
  if (name === 'DeviceN') return space.get(1).isArray() ? space.get(1).length : undefined;
  return undefined;
}

function spaceFamily(space: mupdf.PDFObject): 'Gray' | 'RGB' | 'CMYK' | 'Indexed' | undefined {
  const name = space.isName() ? space.asName() : space.isArray() ? nameOf(space.get(0)) : undefined;
  switch (name) {
    case 'DeviceGray':
    case 'G':
    case 'CalGray':
      return 'Gray';
    case 'DeviceRGB':
    case 'RGB':
    case 'CalRGB':
      return 'RGB';
    case 'DeviceCMYK':
    case 'CMYK':
      return 'CMYK';
    case 'Indexed':
    case 'I':
      return 'Indexed';
    case 'ICCBased': {
      const components = numberOf(space.get(1).get('N'));
      return components === 1 ? 'Gray' : components === 3 ? 'RGB' : components === 4 ? 'CMYK' : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Draws the image into a pixmap of the given size. MuPDF decodes at a reduced scale where it can (JPEG) and
 * filters down smoothly; /Decode arrays and inverted Adobe CMYK are applied on the way, so the pixels are final.
 */
function drawImage(image: mupdf.Image, space: mupdf.ColorSpace | null, width: number, height: number): mupdf.Pixmap {
  if (!space) throw new Error('image without a colour space');
  const pixmap = new mupdf.Pixmap(space, [0, 0, width, height], false);
  // White paper: 0 in subtractive spaces. The image covers every pixel; this only matters at the edges.
  pixmap.clear(space.isSubtractive() ? 0 : 255);
  const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
  try {
    device.fillImage(image, [width, 0, 0, height, 0, 0], 1);
    device.close();
  } finally {
    device.destroy();
  }
  return pixmap;
}

async function resampleSoftMask(
  doc: mupdf.PDFDocument,
  ref: mupdf.PDFObject,
  width: number,
  height: number,
  folder: string,
): Promise<SampledImage['smask']> {
  const object = ref.asIndirect();
  const maskWidth = numberOf(ref.get('Width'));
  const maskHeight = numberOf(ref.get('Height'));
  // A mask already no larger than the new image stays as it is: PDF does not need the sizes to match.
  if (maskWidth <= width && maskHeight <= height) return undefined;
  const pixels = join(folder, `mask-${object}.raw`);
  const originalBytes = streamBytes(ref);
  const sampled = { object, sourceWidth: maskWidth, sourceHeight: maskHeight, width, height, pixels, originalBytes };
  const streamed = await downsampledIfLarge(ref, 1, width, height);
  if (streamed) {
    await writeFile(pixels, streamed.pixels);
    return sampled;
  }
  const mask = loadImage(doc, ref);
  try {
    const pixmap = drawImage(mask, mupdf.ColorSpace.DeviceGray, width, height);
    try {
      await writeFile(pixels, packPixels(pixmap));
      return sampled;
    } finally {
      pixmap.destroy();
    }
  } finally {
    mask.destroy();
  }
}

/**
 * Device CMYK samples as RGB: read through `profile` (the output intent's) when there is one. Without one, each
 * reader picks its own CMYK conversion; poppler, pdf.js and PDFium all approximate Adobe's default (U.S. Web Coated
 * SWOP), and so does this: the RGB of the 16 corners of the CMYK cube, blended by each sample's distance to them.
 * MuPDF's own default profile lands up to 10 levels away in dark tones. Takes the pixmap (destroyed) and answers
 * a new one.
 */
function deviceCmykToRgb(cmyk: mupdf.Pixmap, profile: mupdf.ColorSpace | undefined): mupdf.Pixmap {
  const width = cmyk.getWidth();
  const height = cmyk.getHeight();
  if (profile) {
    const tagged = new mupdf.Pixmap(profile, [0, 0, width, height], false);
    try {
      tagged.getPixels().set(packPixels(cmyk));
      return tagged.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, false);
    } finally {
      tagged.destroy();
      cmyk.destroy();
    }
  }
  try {
    const samples = packPixels(cmyk);
    const rgb = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, width, height], false);
    const out = rgb.getPixels();
    const stride = rgb.getStride();
    const pixel = [0, 0, 0];
    // Scans repeat few colours (paper, ink): each distinct sample is converted once.
    const converted = new Map<number, number>();
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const at = (y * width + x) * 4;
        const key = samples[at]! * 0x1000000 + samples[at + 1]! * 0x10000 + samples[at + 2]! * 0x100 + samples[at + 3]!;
        let packed = converted.get(key);
        if (packed === undefined) {
          swopApproximation(samples[at]!, samples[at + 1]!, samples[at + 2]!, samples[at + 3]!, pixel);
          packed = (pixel[0]! << 16) | (pixel[1]! << 8) | pixel[2]!;
          if (converted.size < 1 << 20) converted.set(key, packed);
        }
        const to = y * stride + x * 3;
        out[to] = packed >> 16;
        out[to + 1] = (packed >> 8) & 0xff;
        out[to + 2] = packed & 0xff;
      }
    }
    return rgb;
  } finally {
    cmyk.destroy();
  }
}

/**
 * RGB (0-1) of the corners of the CMYK cube as Adobe's default CMYK shows them, indexed by C*8 + M*4 + Y*2 + K (each
 * 0 or 1): the table poppler and others use.
 */
const SWOP_CORNERS = [
  [1, 1, 1], // white paper
  [0.1373, 0.1216, 0.1255], // K
  [1, 0.949, 0], // Y
  [0.1098, 0.102, 0], // Y K
  [0.9255, 0, 0.549], // M
  [0.1412, 0, 0], // M K
  [0.9294, 0.1098, 0.1412], // M Y
  [0.1333, 0, 0], // M Y K
  [0, 0.6784, 0.9373], // C
  [0, 0.0588, 0.1412], // C K
  [0, 0.651, 0.3137], // C Y
  [0, 0.0745, 0], // C Y K
  [0.1804, 0.1922, 0.5725], // C M
  [0, 0, 0.0078], // C M K
  [0.2118, 0.2119, 0.2235], // C M Y
  [0, 0, 0], // C M Y K
] as const;

/** One CMYK sample (0-255) as RGB (0-255) into `rgb`: the corners blended by the sample's distance to each. */
function swopApproximation(c: number, m: number, y: number, k: number, rgb: number[]): void {
  const amounts = [c / 255, m / 255, y / 255, k / 255];
  let r = 0;
  let g = 0;
  let b = 0;
  for (let corner = 0; corner < 16; corner++) {
    let weight = 1;
    for (let channel = 0; channel < 4; channel++) {
      const amount = amounts[channel]!;
      weight *= corner & (8 >> channel) ? amount : 1 - amount;
    }
    if (weight === 0) continue;
    const colour = SWOP_CORNERS[corner]!;
    r += weight * colour[0];
    g += weight * colour[1];
    b += weight * colour[2];
  }
  rgb[0] = Math.round(Math.min(1, Math.max(0, r)) * 255);
  rgb[1] = Math.round(Math.min(1, Math.max(0, g)) * 255);
  rgb[2] = Math.round(Math.min(1, Math.max(0, b)) * 255);
}

/**
 * The pixmap's samples without row padding: a view of MuPDF's memory when its rows have none, valid only until the
 * next MuPDF call (one that allocates may move the heap), else a copy. A copy of every resampled image (4.5 MB for
 * a 6-megapixel photograph at 150 dpi) was garbage the worker's allocator kept (docs/decisions/105).
 */
function pixmapSamples(pixmap: mupdf.Pixmap): Uint8Array {
  if (pixmap.getStride() !== pixmap.getWidth() * pixmap.getNumberOfComponents()) return packPixels(pixmap);
  const pixels = pixmap.getPixels();
  return new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength);
}

/** The pixmap's samples without row padding. */
function packPixels(pixmap: mupdf.Pixmap): Uint8Array {
  const pixels = pixmap.getPixels();
  const row = pixmap.getWidth() * pixmap.getNumberOfComponents();
  const stride = pixmap.getStride();
  const data = new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  if (stride === row) return Uint8Array.from(data);
  const packed = new Uint8Array(row * pixmap.getHeight());
  for (let y = 0; y < pixmap.getHeight(); y++) packed.set(data.subarray(y * stride, y * stride + row), y * row);
  return packed;
}

/** True when nearly every pixel of these RGB samples has its three channels close together (see GRAY_OUTLIERS). */
function looksGray(rgb: Uint8Array): boolean {
  const pixels = rgb.length / 3;
  const allowed = Math.floor(pixels * GRAY_OUTLIERS);
  let outliers = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    const r = rgb[i]!;
    const g = rgb[i + 1]!;
    const b = rgb[i + 2]!;
    if (Math.max(r, g, b) - Math.min(r, g, b) > GRAY_TOLERANCE && ++outliers > allowed) return false;
  }
  return true;
}

/** RGB samples as one gray channel (Rec. 601 luma, as PDF readers turn RGB into gray). */
function toGray(rgb: Uint8Array): Uint8Array {
  const gray = new Uint8Array(rgb.length / 3);
  for (let i = 0; i < gray.length; i++) {
    gray[i] = Math.round(0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!);
  }
  return gray;
}

/** Flat graphics repeat exact colours from pixel to pixel; photographs and scans almost never do. */
function isFlat(pixels: Uint8Array, width: number, channels: number): boolean {
  const count = pixels.length / channels;
  // A sample of rows keeps this cheap on large images.
  const rows = count / width;
  const step = Math.max(1, Math.floor(rows / 200));
  let same = 0;
  let total = 0;
  for (let y = 0; y < rows; y += step) {
    const start = y * width * channels;
    for (let x = 1; x < width; x++) {
      const at = start + x * channels;
      let equal = true;
      for (let c = 0; c < channels; c++) {
        if (pixels[at + c] !== pixels[at - channels + c]) {
          equal = false;
          break;
        }
      }
      if (equal) same++;
      total++;
    }
  }
  return total > 0 && same / total > FLAT_SHARE;
}
