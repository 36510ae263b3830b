import type * as mupdf from 'mupdf';
import { drawTolerantPage } from './broken-images.js';
import type { Mupdf } from './mupdf-module.js';

/**
 * The raw pixels a page is rendered to. rgb: 8-bit RGB on white. rgba: 8-bit RGBA, not premultiplied, transparent
 * where the page draws nothing. bilevel: 1 bit per pixel, 1 is black, most significant bit first, each row padded to
 * a whole byte; a pixel is black when it is darker than mid-gray.
 */
export type PagePixels = 'rgb' | 'rgba' | 'bilevel';

/**
 * Most pixels one page may have: a 300 dpi render of an 8400-pt poster would be 35000 px square (3.7 GB of RGB).
 * Past this, that page alone is rendered at the highest resolution that fits. See docs/decisions/021.
 */
export const MAX_PAGE_PIXELS = 40_000_000;

export interface RenderedPixmap {
  /** The page as a viewer shows it (CropBox, /Rotate, annotations); the caller destroys it. */
  pixmap: mupdf.Pixmap;
  /** The resolution used: the one asked for, or lower for a page too large to render at it (2 decimals). */
  dpi: number;
  /** Drawn without an image that could not be decoded (or with what of it could be read). */
  brokenImages: boolean;
}

/**
 * Renders page `index` (0-based) as a viewer shows it, at `dpi` or at the highest resolution under MAX_PAGE_PIXELS:
 * the one drawing both the server (which encodes with sharp) and the device (which encodes with MuPDF) start from.
 * `pixels` chooses the pixmap: gray for bilevel, RGB with alpha for rgba, RGB on white for rgb.
 */
export function renderPage(
  mupdf: Mupdf,
  doc: mupdf.PDFDocument,
  index: number,
  request: { dpi: number; pixels: PagePixels },
): RenderedPixmap {
  const colourSpace = request.pixels === 'bilevel' ? mupdf.ColorSpace.DeviceGray : mupdf.ColorSpace.DeviceRGB;
  const drawn = drawTolerantPage(mupdf, doc, index, (page) => {
    const [x0, y0, x1, y1] = page.getBounds();
    const area = Math.max(1, (x1 - x0) * (y1 - y0));
    let scale = request.dpi / 72;
    // A little under the bound: MuPDF rounds the pixel edges outwards.
    if (area * scale * scale > MAX_PAGE_PIXELS) scale = Math.sqrt(MAX_PAGE_PIXELS / area) * 0.998;
    const matrix = mupdf.Matrix.scale(scale, scale);
    return { scale, pixmap: page.toPixmap(matrix, colourSpace, request.pixels === 'rgba', true) };
  });
  const { scale, pixmap } = drawn.value;
  return { pixmap, dpi: Math.round(scale * 72 * 100) / 100, brokenImages: drawn.brokenImages };
}

/**
 * The pixmap's samples in the given format, without MuPDF's row padding. May be a view of the pixmap's samples:
 * use it before the pixmap is destroyed.
 */
export function packedPixels(pixmap: mupdf.Pixmap, format: PagePixels): Uint8Array {
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const clamped = pixmap.getPixels();
  const samples = new Uint8Array(clamped.buffer, clamped.byteOffset, clamped.length);
  // Colour components and alpha together.
  const channels = pixmap.getNumberOfComponents();
  const rowBytes = width * channels;
  let packed: Uint8Array = samples;
  if (stride !== rowBytes) {
    packed = new Uint8Array(rowBytes * height);
    for (let row = 0; row < height; row++)
      packed.set(samples.subarray(row * stride, row * stride + rowBytes), row * rowBytes);
  }
  if (format === 'rgba') return unpremultiplied(packed === samples ? samples.slice() : packed);
  if (format === 'bilevel') return bilevelRows(packed, width, height);
  return packed;
}

/** MuPDF's alpha is premultiplied; PNG's is not. */
function unpremultiplied(rgba: Uint8Array): Uint8Array {
  for (let i = 0; i < rgba.length; i += 4) {
    const alpha = rgba[i + 3]!;
    if (alpha === 0 || alpha === 255) continue;
    for (let c = i; c < i + 3; c++) rgba[c] = Math.min(255, Math.round((rgba[c]! * 255) / alpha));
  }
  return rgba;
}

/** 8-bit gray to 1-bit rows, 1 for black: a pixel darker than mid-gray is black. */
function bilevelRows(gray: Uint8Array, width: number, height: number): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const rows = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const from = y * width;
    const to = y * rowBytes;
    for (let x = 0; x < width; x++) {
      const at = to + (x >> 3);
      if (gray[from + x]! < 128) rows[at] = rows[at]! | (0x80 >> (x & 7));
    }
  }
  return rows;
}
