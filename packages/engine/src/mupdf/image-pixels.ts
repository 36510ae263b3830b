import type * as mupdf from 'mupdf';

/**
 * The gray samples of a gray pixmap (with or without alpha), rows packed without the pixmap's row padding and
 * without the alpha channel.
 */
export function packedGray(pixmap: mupdf.Pixmap): { pixels: Uint8Array; width: number; height: number } {
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const channels = pixmap.getNumberOfComponents(); // alpha included
  const samples = pixmap.getPixels();
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = samples.subarray(y * stride, y * stride + width * channels);
    if (channels === 1) pixels.set(row, y * width);
    else for (let x = 0; x < width; x++) pixels[y * width + x] = row[x * channels]!;
  }
  return { pixels, width, height };
}
