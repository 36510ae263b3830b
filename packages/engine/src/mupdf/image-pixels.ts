import * as mupdf from 'mupdf';

/** Pixels of an image with its soft mask (or stencil mask) as alpha, in gray or RGB. */
export function pixelsWithAlpha(image: mupdf.Image): {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
} {
  let pixmap = image.toPixmap();
  const colorSpace = pixmap.getColorSpace();
  const gray = colorSpace?.isGray() ?? false;
  if (!colorSpace || (!gray && !colorSpace.isRGB())) {
    pixmap = pixmap.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, false);
  } else if (pixmap.getAlpha()) {
    pixmap = pixmap.convertToColorSpace(gray ? mupdf.ColorSpace.DeviceGray : mupdf.ColorSpace.DeviceRGB, false);
  }
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const colors = gray ? 1 : 3;
  const stride = pixmap.getStride();
  const samples = pixmap.getPixels();
  const maskImage = image.getMask();
  let mask: { data: Uint8ClampedArray; width: number; height: number; stride: number } | undefined;
  if (maskImage) {
    const maskPixmap = maskImage.toPixmap().convertToColorSpace(mupdf.ColorSpace.DeviceGray, false);
    mask = {
      data: maskPixmap.getPixels(),
      width: maskPixmap.getWidth(),
      height: maskPixmap.getHeight(),
      stride: maskPixmap.getStride(),
    };
  }
  const channels = (colors + (mask ? 1 : 0)) as 1 | 2 | 3 | 4;
  const data = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = y * stride + x * colors;
      const to = (y * width + x) * channels;
      for (let c = 0; c < colors; c++) data[to + c] = samples[from + c]!;
      if (mask) {
        // The mask may have another size than the image: sample it at the same relative place.
        const mx = Math.min(mask.width - 1, Math.floor((x * mask.width) / width));
        const my = Math.min(mask.height - 1, Math.floor((y * mask.height) / height));
        data[to + colors] = mask.data[my * mask.stride + mx]!;
      }
    }
  }
  return { data, width, height, channels };
}

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
