import { promisify } from 'node:util';
import { constants, deflate } from 'node:zlib';
import { type Fidelity, lumaFidelity } from './image-fidelity.js';
import { loadSharp } from '../jobs/image-library.js';

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
  const sharp = await loadSharp();
  let pipeline = sharp(image.pixels, {
    raw: { width: image.width, height: image.height, channels: image.channels },
    // The PDF's own limits bound the size; sharp's default pixel limit would refuse large scans.
    limitInputPixels: false,
  });
  if (image.channels === 1) pipeline = pipeline.toColourspace('b-w');
  // mozjpeg's settings (trellis quantisation, progressive scans); 4:2:0 chroma below quality 90, sharp's default.
  return pipeline.jpeg({ quality, mozjpeg: true }).toBuffer();
}

/**
 * How good a JPEG must look, per level: the lowest quality whose decoded pixels reach the SSIM target against the
 * pixels given is chosen, between the floor and the ceiling. Text-like images (sharp edges: scanned pages,
 * screenshots) have their own, stricter target and floor, since JPEG's ringing around strokes shows at once.
 */
export interface JpegTarget {
  /** Lowest and highest quality searched; the ceiling is used when even it misses the target. */
  minQuality: number;
  maxQuality: number;
  /** Mean SSIM of the luma over 8 x 8 windows of the image's content (blank areas left out). */
  ssim: number;
  /** The same for text-like images. */
  textMinQuality: number;
  textSsim: number;
  /**
   * PSNR of the luma of a text-like image's content, in dB. SSIM forgives the ringing JPEG leaves beside
   * high-contrast strokes (their windows' own variance dwarfs it), which is what makes text look bad; PSNR counts it.
   */
  textPsnr: number;
}

export interface TargetedJpeg {
  data: Buffer;
  quality: number;
  /** SSIM and PSNR (dB, luma) the chosen quality reached on the sample (1 and Infinity for a blank image). */
  ssim: number;
  psnr: number;
  /** False when even the ceiling misses the target (grain no JPEG keeps, or text needing more). */
  met: boolean;
  textLike: boolean;
}

/** Qualities are searched on this grid: finer steps cost probes and change the bytes little. */
const QUALITY_STEP = 5;
/** Sample tiles: 32 px is a whole number of 4:2:0 MCUs (16 px), so a tile encodes as it does in the full image. */
const TILE = 32;
/** At most this many tiles are probed: about 200,000 pixels, a few milliseconds per mozjpeg probe. */
const MAX_SAMPLE_TILES = 192;
/** A tile whose luma varies less than this (standard deviation) is blank paper or flat colour: left out. */
const BLANK_TILE_DEVIATION = 3;
/** A jump of at least this much between neighbours is a sharp edge (a stroke of text, a screenshot's border). */
const SHARP_EDGE = 96;
/** Content with more than this share of sharp-edge pixels is text-like. Downsampled photographs stay well below. */
const TEXT_EDGE_SHARE = 0.02;

export interface TargetOptions {
  /**
   * Measure a text-like image's SSIM on both luma planes low-passed (a [1 2 1] kernel each way), for a JPEG scan
   * re-encoded at its own size: its pixels carry the paper's grain and the first JPEG's noise, which no re-encode
   * keeps and which a resampled scan's reference has already lost to the resampling filter. SSIM, normalised by
   * each window's variance, is what grain defeats (on bare paper it is the only structure). The PSNR stays on
   * the pixels as they are: it counts the ringing beside strokes, which the filter would hide, while the grain
   * only lowers it by a fixed amount. Photographs are judged as they are: their grain may be the picture.
   */
  smoothTextReference?: boolean;
}

/**
 * A JPEG at the lowest quality that meets the target (see JpegTarget). The quality is found by a binary search on
 * a sample of the image's content tiles (a mosaic of at most MAX_SAMPLE_TILES tiles), each probe a mozjpeg encode
 * and decode of the sample; only the chosen quality encodes the whole image.
 */
export async function encodeJpegToTarget(
  image: RawImage,
  target: JpegTarget,
  options: TargetOptions = {},
): Promise<TargetedJpeg> {
  checkSize(image);
  const luma = lumaOf(image);
  const content = contentTiles(luma, image.width, image.height);
  const textLike = content.length > 0 && sharpEdgeShare(luma, image.width, content) > TEXT_EDGE_SHARE;
  const floor = textLike ? target.textMinQuality : target.minQuality;
  const ceiling = Math.max(floor, target.maxQuality);
  const wantedSsim = textLike ? target.textSsim : target.ssim;
  const wantedPsnr = textLike ? target.textPsnr : 0;
  if (content.length === 0) {
    // Nothing but blank areas: any quality draws them the same.
    return { data: await encodeJpeg(image, floor), quality: floor, ssim: 1, psnr: Infinity, met: true, textLike };
  }

  const sample = sampleMosaic(image, evenlySpaced(content, MAX_SAMPLE_TILES));
  const smooth = textLike && options.smoothTextReference === true;
  const { width: sampleWidth, height: sampleHeight } = sample.image;
  const sampleLuma = lumaOf(sample.image);
  const smoothSampleLuma = smooth ? lowPass(sampleLuma, sampleWidth, sampleHeight) : undefined;
  const measured = new Map<number, Fidelity>();
  const fidelityAt = async (quality: number): Promise<Fidelity> => {
    let reached = measured.get(quality);
    if (reached === undefined) {
      const decoded = await decodeJpeg(await encodeJpeg(sample.image, quality), sample.image.channels);
      const decodedLuma = lumaOf({ ...sample.image, pixels: decoded });
      reached = lumaFidelity(sampleLuma, decodedLuma, sampleWidth, tileWindows(sample.tiles));
      if (smoothSampleLuma) {
        const smoothDecoded = lowPass(decodedLuma, sampleWidth, sampleHeight);
        const { ssim } = lumaFidelity(smoothSampleLuma, smoothDecoded, sampleWidth, tileWindows(sample.tiles));
        reached = { ...reached, ssim };
      }
      measured.set(quality, reached);
    }
    return reached;
  };

  const grid: number[] = [];
  for (let quality = floor; quality < ceiling; quality += QUALITY_STEP) grid.push(quality);
  grid.push(ceiling);
  // The lowest grid quality that meets the target, or the ceiling when none does.
  let low = 0;
  let high = grid.length - 1;
  let chosen = grid.length - 1;
  const meets = (reached: Fidelity) => reached.ssim >= wantedSsim && reached.psnr >= wantedPsnr;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (meets(await fidelityAt(grid[middle]!))) {
      chosen = middle;
      high = middle - 1;
    } else low = middle + 1;
  }
  const quality = grid[chosen]!;
  const data = await encodeJpeg(image, quality);
  const reached = await fidelityAt(quality);
  return { data, quality, ...reached, met: meets(reached), textLike };
}

/** A JPEG's pixels with the channels it was written with (sharp would give a gray JPEG three). */
async function decodeJpeg(jpeg: Buffer, channels: 1 | 3): Promise<Buffer> {
  const sharp = await loadSharp();
  const pipeline = sharp(jpeg);
  return (channels === 1 ? pipeline.toColourspace('b-w') : pipeline).raw().toBuffer();
}

/** The plane filtered by [1 2 1] / 4 across and down, edges repeated. */
function lowPass(plane: Uint8Array, width: number, height: number): Uint8Array {
  const across = new Uint16Array(plane.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const left = plane[row + Math.max(0, x - 1)]!;
      const right = plane[row + Math.min(width - 1, x + 1)]!;
      across[row + x] = left + 2 * plane[row + x]! + right;
    }
  }
  const filtered = new Uint8Array(plane.length);
  for (let y = 0; y < height; y++) {
    const above = Math.max(0, y - 1) * width;
    const below = Math.min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x++) {
      filtered[y * width + x] = (across[above + x]! + 2 * across[y * width + x]! + across[below + x]! + 8) >> 4;
    }
  }
  return filtered;
}

/** The luma plane (Rec. 601, as readers turn RGB into gray); gray pixels are their own luma. */
function lumaOf(image: RawImage): Uint8Array {
  if (image.channels === 1) return image.pixels;
  const { pixels } = image;
  const luma = new Uint8Array(image.width * image.height);
  for (let i = 0, j = 0; i < luma.length; i++, j += 3) {
    luma[i] = (77 * pixels[j]! + 150 * pixels[j + 1]! + 29 * pixels[j + 2]! + 128) >> 8;
  }
  return luma;
}

interface Tile {
  left: number;
  top: number;
}

/** The image's whole TILE x TILE tiles that are not blank, in reading order. */
function contentTiles(luma: Uint8Array, width: number, height: number): Tile[] {
  const tiles: Tile[] = [];
  const area = TILE * TILE;
  for (let top = 0; top + TILE <= height; top += TILE) {
    for (let left = 0; left + TILE <= width; left += TILE) {
      let sum = 0;
      let squares = 0;
      for (let y = top; y < top + TILE; y++) {
        const row = y * width;
        for (let x = left; x < left + TILE; x++) {
          const value = luma[row + x]!;
          sum += value;
          squares += value * value;
        }
      }
      const mean = sum / area;
      if (squares / area - mean * mean >= BLANK_TILE_DEVIATION ** 2) tiles.push({ left, top });
    }
  }
  return tiles;
}

/** Share of the tiles' pixels that differ from their left neighbour by a sharp edge. */
function sharpEdgeShare(luma: Uint8Array, width: number, tiles: Tile[]): number {
  let edges = 0;
  for (const { left, top } of tiles) {
    for (let y = top; y < top + TILE; y++) {
      const row = y * width;
      for (let x = left + 1; x < left + TILE; x++)
        if (Math.abs(luma[row + x]! - luma[row + x - 1]!) >= SHARP_EDGE) edges++;
    }
  }
  return edges / (tiles.length * TILE * (TILE - 1));
}

function evenlySpaced<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, index) => items[Math.floor((index * items.length) / count)]!);
}

/** The tiles copied side by side into one image, 16 to a row; `tiles` are their places in the mosaic. */
function sampleMosaic(image: RawImage, tiles: Tile[]): { image: RawImage; tiles: Tile[] } {
  const columns = Math.min(16, tiles.length);
  const rows = Math.ceil(tiles.length / columns);
  const width = columns * TILE;
  const height = rows * TILE;
  const { channels } = image;
  // Unused places stay white: flat, so they cost nothing and are not measured.
  const pixels = new Uint8Array(width * height * channels).fill(255);
  const placed: Tile[] = [];
  tiles.forEach((tile, index) => {
    const left = (index % columns) * TILE;
    const top = Math.floor(index / columns) * TILE;
    for (let y = 0; y < TILE; y++) {
      const from = ((tile.top + y) * image.width + tile.left) * channels;
      pixels.set(image.pixels.subarray(from, from + TILE * channels), ((top + y) * width + left) * channels);
    }
    placed.push({ left, top });
  });
  return { image: { width, height, channels, pixels }, tiles: placed };
}

/** The 8 x 8 windows inside the given tiles. */
function* tileWindows(tiles: Tile[]): Generator<readonly [number, number]> {
  for (const tile of tiles) {
    for (let top = tile.top; top < tile.top + TILE; top += 8) {
      for (let left = tile.left; left < tile.left + TILE; left += 8) yield [left, top];
    }
  }
}

/** Lossless: for flat graphics (and soft masks), where JPEG would blur edges and text. */
export async function encodeFlate(pixels: Uint8Array, level: number = constants.Z_BEST_COMPRESSION): Promise<Buffer> {
  return deflateAsync(pixels, { level });
}

function checkSize(image: RawImage): void {
  if (image.pixels.byteLength !== image.width * image.height * image.channels) {
    throw new Error(
      `pixel data is ${image.pixels.byteLength} bytes, expected ${image.width}x${image.height}x${image.channels}`,
    );
  }
}
