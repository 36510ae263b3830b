import { ToolError } from '@paperknife/catalog/errors';
import { checkPixels } from './pdf-image.js';

/** A BMP's pixels, top row first, for sharp's raw input (which libvips cannot load from a BMP itself). */
export interface BmpPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
  /** Pixels per inch, when the file says. */
  dpi?: number;
}

const BI_RGB = 0;
const BI_RLE8 = 1;
const BI_RLE4 = 2;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

/**
 * Reads a Windows or OS/2 bitmap (1, 4, 8, 16, 24 or 32 bits, bit fields too, and run-length encoded 4 and 8 bits),
 * as Paint and scanners write them. Bitmaps holding a JPEG or PNG are refused as damaged_image: rare, and nothing
 * else here reads them. The size is checked against the pixel limit before anything is allocated.
 */
export function readBmp(file: Buffer): BmpPixels {
  const damaged = () => new ToolError('damaged_image');
  if (file.length < 26 || file.toString('latin1', 0, 2) !== 'BM') throw damaged();
  const offset = file.readUInt32LE(10);
  const headerSize = file.readUInt32LE(14);
  const core = headerSize === 12;
  if (!core && (headerSize < 40 || file.length < 14 + headerSize)) throw damaged();
  const width = core ? file.readUInt16LE(18) : file.readInt32LE(18);
  const rawHeight = core ? file.readInt16LE(20) : file.readInt32LE(22);
  const bits = file.readUInt16LE(core ? 24 : 28);
  const compression = core ? BI_RGB : file.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0) throw damaged();
  checkPixels(width, height);

  let masks: number[] | undefined;
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    // In the header from a V3 header on; after a 40-byte header, just behind it.
    const at = headerSize >= 52 ? 54 : 14 + headerSize;
    const count = compression === BI_ALPHABITFIELDS || headerSize >= 56 ? 4 : 3;
    if (file.length < at + 4 * count) throw damaged();
    masks = Array.from({ length: count }, (_, i) => file.readUInt32LE(at + 4 * i));
  } else if (compression === BI_RLE8 || compression === BI_RLE4) {
    // Run-length encoded bitmaps are stored bottom-up, 8 or 4 bits to the palette.
    if (bits !== (compression === BI_RLE8 ? 8 : 4) || rawHeight < 0) throw damaged();
  } else if (compression !== BI_RGB) {
    throw damaged();
  }
  if (![1, 4, 8, 16, 24, 32].includes(bits) || (masks && bits !== 16 && bits !== 32)) throw damaged();

  let palette: number[][] | undefined;
  if (bits <= 8) {
    const entry = core ? 3 : 4;
    const used = core ? 0 : file.readUInt32LE(46);
    const count = Math.min(used || 1 << bits, 1 << bits);
    const start = 14 + headerSize;
    if (file.length < start + count * entry) throw damaged();
    palette = Array.from({ length: count }, (_, i) => {
      const at = start + i * entry;
      return [file[at + 2]!, file[at + 1]!, file[at]!];
    });
  }
  // 16 bits without masks are 5-5-5; 32 bits without masks are BGRX.
  masks ??= bits === 16 ? [0x7c00, 0x03e0, 0x001f] : bits === 32 ? [0xff0000, 0xff00, 0xff] : undefined;
  const alphaMask = masks?.[3] ?? 0;
  const gray = palette?.every(([r, g, b]) => r === g && g === b) ?? false;
  const channels = gray ? 1 : alphaMask ? 4 : 3;

  const rle = compression === BI_RLE8 || compression === BI_RLE4;
  const stride = Math.ceil((width * bits) / 32) * 4;
  if (!rle && offset + stride * height > file.length) throw damaged();
  const indices = rle ? runLengthIndices(file, offset, width, height, bits) : undefined;
  const out = Buffer.alloc(width * height * channels);
  const fields = masks?.map(field);
  for (let y = 0; y < height; y++) {
    const row = offset + (rawHeight > 0 ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x++) {
      let rgba: number[];
      if (indices) {
        rgba = palette![indices[y * width + x]!] ?? [0, 0, 0];
      } else if (palette) {
        const index = (file[row + ((x * bits) >> 3)]! >> (8 - bits - ((x * bits) & 7))) & ((1 << bits) - 1);
        rgba = palette[index] ?? [0, 0, 0];
      } else if (bits === 24) {
        const at = row + x * 3;
        rgba = [file[at + 2]!, file[at + 1]!, file[at]!];
      } else {
        const value = bits === 16 ? file.readUInt16LE(row + x * 2) : file.readUInt32LE(row + x * 4);
        rgba = fields!.map((f) => f(value));
      }
      out.set(rgba.slice(0, channels), (y * width + x) * channels);
    }
  }
  const ppm = core ? 0 : file.readInt32LE(38);
  return { data: out, width, height, channels, dpi: ppm > 0 ? ppm * 0.0254 : undefined };
}

/**
 * The palette indices of a run-length encoded bitmap (BI_RLE8 or BI_RLE4), top row first. Runs repeat a byte (RLE4:
 * its two nibbles in turn); escapes end a line, end the bitmap, move by a delta or give pixels as they are (padded
 * to 16 bits). Pixels a delta or an early end skips keep index 0, as Windows draws them; runs past the edge are cut.
 */
function runLengthIndices(file: Buffer, offset: number, width: number, height: number, bits: number): Uint8Array {
  const indices = new Uint8Array(width * height);
  const put = (x: number, bottomRow: number, index: number) => {
    if (x < width && bottomRow < height) indices[(height - 1 - bottomRow) * width + x] = index;
  };
  const nibble = (byte: number, i: number) => (bits === 8 ? byte : i % 2 === 0 ? byte >> 4 : byte & 15);
  let x = 0;
  let y = 0;
  let at = offset;
  while (at + 1 < file.length && y < height) {
    const count = file[at]!;
    const value = file[at + 1]!;
    at += 2;
    if (count > 0) {
      for (let i = 0; i < count; i++) put(x++, y, nibble(value, i));
    } else if (value === 0) {
      x = 0;
      y++;
    } else if (value === 1) {
      break;
    } else if (value === 2) {
      if (at + 1 >= file.length) break;
      x += file[at]!;
      y += file[at + 1]!;
      at += 2;
    } else {
      const bytes = bits === 8 ? value : Math.ceil(value / 2);
      if (at + bytes > file.length) throw new ToolError('damaged_image');
      for (let i = 0; i < value; i++) put(x++, y, nibble(file[at + (bits === 8 ? i : i >> 1)]!, i));
      at += bytes + (bytes % 2);
    }
  }
  return indices;
}

/** A colour mask as a function from the pixel to its 8-bit value. */
function field(mask: number): (value: number) => number {
  if (!mask) return () => 255;
  const shift = Math.log2(mask & -mask);
  const max = mask >>> shift;
  return (value) => Math.round((((value & mask) >>> shift) * 255) / max);
}
