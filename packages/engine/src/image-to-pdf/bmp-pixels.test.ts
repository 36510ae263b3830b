import { describe, expect, it } from 'vitest';
import { readBmp } from './bmp-pixels.js';

interface BmpSpec {
  width: number;
  height: number;
  bits: number;
  /** Rows top first, each row's pixel values as the file stores them (palette index or packed value). */
  rows: number[][];
  palette?: [number, number, number][];
  masks?: number[];
  topDown?: boolean;
  ppm?: number;
}

/** A bitmap with a 40-byte header (and its bit fields behind it), rows bottom first unless top-down. */
function bmp({ width, height, bits, rows, palette = [], masks, topDown = false, ppm = 0 }: BmpSpec): Buffer {
  const stride = Math.ceil((width * bits) / 32) * 4;
  const tables = palette.length * 4 + (masks ? masks.length * 4 : 0);
  const offset = 54 + tables;
  const file = Buffer.alloc(offset + stride * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(offset, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(topDown ? -height : height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(bits, 28);
  file.writeUInt32LE(masks ? (masks.length === 4 ? 6 : 3) : 0, 30);
  file.writeInt32LE(ppm, 38);
  file.writeInt32LE(ppm, 42);
  file.writeUInt32LE(palette.length, 46);
  masks?.forEach((mask, i) => file.writeUInt32LE(mask >>> 0, 54 + i * 4));
  palette.forEach(([r, g, b], i) => file.set([b, g, r, 0], 54 + i * 4));
  rows.forEach((values, y) => {
    const row = offset + (topDown ? y : height - 1 - y) * stride;
    values.forEach((value, x) => {
      if (bits === 24) file.set([value & 0xff, (value >> 8) & 0xff, value >> 16], row + x * 3);
      else if (bits === 16) file.writeUInt16LE(value, row + x * 2);
      else if (bits === 32) file.writeUInt32LE(value >>> 0, row + x * 4);
      else file[row + ((x * bits) >> 3)]! |= value << (8 - bits - ((x * bits) & 7));
    });
  });
  return file;
}

describe('readBmp', () => {
  it('reads 24-bit rows bottom first, with their resolution', () => {
    const image = readBmp(
      bmp({
        width: 3,
        height: 2,
        bits: 24,
        rows: [
          [0xff0000, 0x00ff00, 0x0000ff],
          [0x102030, 0, 0xffffff],
        ],
        ppm: 11811,
      }),
    );
    expect([image.width, image.height, image.channels]).toEqual([3, 2, 3]);
    expect([...image.data]).toEqual([255, 0, 0, 0, 255, 0, 0, 0, 255, 0x10, 0x20, 0x30, 0, 0, 0, 255, 255, 255]);
    expect(image.dpi).toBeCloseTo(300, 0);
  });

  it('reads palette images of 1, 4 and 8 bits, gray palettes as one channel', () => {
    const fax = readBmp(
      bmp({
        width: 10,
        height: 1,
        bits: 1,
        rows: [[1, 0, 1, 1, 0, 0, 0, 0, 1, 0]],
        palette: [
          [0, 0, 0],
          [255, 255, 255],
        ],
      }),
    );
    expect(fax.channels).toBe(1);
    expect([...fax.data]).toEqual([255, 0, 255, 255, 0, 0, 0, 0, 255, 0]);
    const colours: [number, number, number][] = [
      [255, 0, 0],
      [0, 0, 255],
      [9, 9, 9],
    ];
    const nibbles = readBmp(bmp({ width: 3, height: 1, bits: 4, rows: [[2, 0, 1]], palette: colours }));
    expect([...nibbles.data]).toEqual([9, 9, 9, 255, 0, 0, 0, 0, 255]);
    const bytes = readBmp(
      bmp({
        width: 2,
        height: 2,
        bits: 8,
        rows: [
          [1, 1],
          [0, 2],
        ],
        palette: colours,
        topDown: true,
      }),
    );
    expect([...bytes.data]).toEqual([0, 0, 255, 0, 0, 255, 255, 0, 0, 9, 9, 9]);
  });

  it('reads 16-bit 5-5-5 and 32-bit bit fields with alpha', () => {
    const five = readBmp(bmp({ width: 2, height: 1, bits: 16, rows: [[0x7c00, 0x001f]] }));
    expect([...five.data]).toEqual([255, 0, 0, 0, 0, 255]);
    const masks = [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000];
    const clear = readBmp(bmp({ width: 2, height: 1, bits: 32, rows: [[0x80112233, 0xff445566]], masks }));
    expect(clear.channels).toBe(4);
    expect([...clear.data]).toEqual([0x11, 0x22, 0x33, 0x80, 0x44, 0x55, 0x66, 0xff]);
  });

  it('reads run-length encoded 8 and 4 bits: runs, literal pixels, deltas and line ends, bottom row first', () => {
    const colours: [number, number, number][] = [
      [0, 0, 0],
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
    ];
    /** A 4 x 3 bitmap whose pixel data is `codes`, compressed as `compression` (1: RLE8, 2: RLE4). */
    const encoded = (bits: 4 | 8, codes: number[]) => {
      const header = bmp({ width: 4, height: 3, bits, rows: [], palette: colours });
      const offset = header.readUInt32LE(10);
      const file = Buffer.concat([header.subarray(0, offset), Buffer.from(codes)]);
      file.writeUInt32LE(bits === 8 ? 1 : 2, 30);
      return file;
    };
    // Bottom row: a run of 3 red, 1 green; middle: literal blue, red, green (padded), then a line end; top: a delta
    // of 2 pixels right, a run of 2 blue; end of bitmap. The skipped pixels keep index 0 (black).
    const eight = readBmp(encoded(8, [3, 1, 1, 2, 0, 0, 0, 3, 3, 1, 2, 0, 0, 0, 0, 2, 2, 0, 2, 3, 0, 1]));
    const pixel = (image: { data: Buffer }, x: number, y: number) => [
      ...image.data.subarray((y * 4 + x) * 3, (y * 4 + x) * 3 + 3),
    ];
    expect([0, 1, 2, 3].map((x) => pixel(eight, x, 2))).toEqual([colours[1], colours[1], colours[1], colours[2]]);
    expect([0, 1, 2, 3].map((x) => pixel(eight, x, 1))).toEqual([colours[3], colours[1], colours[2], colours[0]]);
    expect([0, 1, 2, 3].map((x) => pixel(eight, x, 0))).toEqual([colours[0], colours[0], colours[3], colours[3]]);
    // RLE4: a run alternates its two nibbles; literal nibbles two to a byte.
    const four = readBmp(encoded(4, [4, 0x12, 0, 0, 0, 3, 0x32, 0x10, 0, 1]));
    expect([0, 1, 2, 3].map((x) => pixel(four, x, 2))).toEqual([colours[1], colours[2], colours[1], colours[2]]);
    expect([0, 1, 2].map((x) => pixel(four, x, 1))).toEqual([colours[3], colours[2], colours[1]]);
  });

  it('refuses bitmaps holding a JPEG, cut-off bitmaps and too many pixels, before reading rows', () => {
    const jpeg = bmp({ width: 2, height: 2, bits: 24, rows: [] });
    jpeg.writeUInt32LE(4, 30);
    expect(() => readBmp(jpeg)).toThrow(expect.objectContaining({ code: 'damaged_image' }));
    const cut = bmp({ width: 100, height: 100, bits: 24, rows: [] }).subarray(0, 500);
    expect(() => readBmp(cut)).toThrow(expect.objectContaining({ code: 'damaged_image' }));
    const huge = bmp({ width: 1, height: 1, bits: 24, rows: [] });
    huge.writeInt32LE(20_000, 18);
    huge.writeInt32LE(20_000, 22);
    expect(() => readBmp(huge)).toThrow(expect.objectContaining({ code: 'image_too_large' }));
  });
});
