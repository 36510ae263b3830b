import type { RawPixels } from './image-pixels.js';

/**
 * A PNG of raw 8-bit pixels (gray, gray and alpha, RGB, RGBA; alpha not premultiplied), written with the platform's
 * zlib (`CompressionStream('deflate')`, in browsers and in Node): no filter on the rows, as sharp writes by default,
 * and the resolution in a pHYs chunk when given. The pixels are exactly the ones given, so a PNG from the device
 * decodes to the server's pixels; MuPDF's own `Pixmap.asPNG` would first take them back into a premultiplied pixmap.
 */
export async function encodePng(image: RawPixels, dpi?: number): Promise<Uint8Array> {
  const { data, width, height, channels } = image;
  const rowBytes = width * channels;
  const filtered = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++)
    filtered.set(data.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  const compressed = await deflate(filtered);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8;
  header[9] = COLOUR_TYPES[channels];
  const chunks = [chunk('IHDR', header)];
  if (dpi) {
    const density = new Uint8Array(9);
    const perMetre = Math.round(dpi / 0.0254);
    new DataView(density.buffer).setUint32(0, perMetre);
    new DataView(density.buffer).setUint32(4, perMetre);
    density[8] = 1; // the unit is the metre
    chunks.push(chunk('pHYs', density));
  }
  chunks.push(chunk('IDAT', compressed), chunk('IEND', new Uint8Array(0)));
  return concat([SIGNATURE, ...chunks]);
}

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** PNG colour type by channels: gray, gray with alpha, RGB, RGB with alpha. */
const COLOUR_TYPES = { 1: 0, 2: 4, 3: 2, 4: 6 } as const;

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
