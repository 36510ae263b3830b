import { createInflate, inflateSync } from 'node:zlib';
import type { Resolution } from './exif-facts.js';

/** A PNG's chunks that a PDF image needs; its IDAT data is zlib with PNG row filters, which PDF reads as is. */
export interface PngChunks {
  width: number;
  height: number;
  bitDepth: number;
  /** 0 gray, 2 RGB, 3 palette, 4 gray + alpha, 6 RGBA. */
  colourType: number;
  interlaced: boolean;
  palette?: Buffer;
  /** A tRNS chunk: transparency outside an alpha channel. */
  transparency: boolean;
  idat: Buffer;
  resolution?: Resolution;
  icc?: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Splits a PNG into its chunks; undefined if it is not a whole PNG. */
export function readPngChunks(data: Buffer): PngChunks | undefined {
  if (!data.subarray(0, 8).equals(SIGNATURE)) return undefined;
  let header: Omit<PngChunks, 'idat' | 'transparency'> | undefined;
  let transparency = false;
  let palette: Buffer | undefined;
  let resolution: Resolution | undefined;
  let icc: Buffer | undefined;
  const idat: Buffer[] = [];
  let at = 8;
  while (at + 12 <= data.length) {
    const length = data.readUInt32BE(at);
    const type = data.subarray(at + 4, at + 8).toString('latin1');
    const body = data.subarray(at + 8, at + 8 + length);
    if (body.length !== length) return undefined;
    if (type === 'IHDR' && length >= 13) {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8]!,
        colourType: body[9]!,
        interlaced: body[12] === 1,
      };
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') transparency = true;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'pHYs' && length >= 9 && body[8] === 1) {
      // Pixels per metre.
      resolution = { x: body.readUInt32BE(0) * 0.0254, y: body.readUInt32BE(4) * 0.0254 };
    } else if (type === 'iCCP') icc = iccProfile(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header || idat.length === 0) return undefined;
  return { ...header, palette, transparency, idat: Buffer.concat(idat), resolution, icc };
}

/** An iCCP chunk: a name, a zero, the method byte (0: zlib), the compressed profile. */
function iccProfile(body: Buffer): Buffer | undefined {
  const end = body.indexOf(0);
  if (end < 0 || end > 79 || body[end + 1] !== 0) return undefined;
  try {
    return inflateSync(body.subarray(end + 2), { maxOutputLength: 16 * 1024 * 1024 });
  } catch {
    return undefined;
  }
}

/**
 * True when a PNG's compressed rows inflate, without an error, to exactly its rows, each starting with a filter type
 * PNG defines (0-4): what a PDF reader needs to draw data copied as it is. A damaged PNG fails here, so its data is
 * never copied into a PDF that `qpdf --check` would refuse. The rows are counted as they inflate, never held whole.
 */
export async function pngRowsIntact(png: PngChunks): Promise<boolean> {
  const samplesPerPixel = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[png.colourType];
  if (samplesPerPixel === undefined || png.interlaced) return false;
  const rowBytes = 1 + Math.ceil((png.width * samplesPerPixel * png.bitDepth) / 8);
  const expected = rowBytes * png.height;
  return new Promise((resolve) => {
    const inflate = createInflate();
    let seen = 0;
    let intact = true;
    inflate.on('data', (chunk: Buffer) => {
      if (!intact) return;
      // The filter bytes in this chunk: the first byte of every row.
      for (let row = Math.ceil(seen / rowBytes) * rowBytes; row < seen + chunk.length; row += rowBytes) {
        if (row >= expected || chunk[row - seen]! > 4) intact = false;
      }
      seen += chunk.length;
      if (seen > expected) intact = false;
      if (!intact) inflate.destroy();
    });
    inflate.on('error', () => resolve(false));
    inflate.on('close', () => resolve(intact && seen === expected));
    inflate.end(png.idat);
  });
}
