import type * as mupdf from 'mupdf';
import type { Mupdf } from './mupdf-module.js';

/** Raw 8-bit pixels, rows top to bottom without padding: gray, gray and alpha, RGB or RGBA (alpha not premultiplied). */
export interface RawPixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** Pixels of an image with its soft mask (or stencil mask) as alpha, in gray or RGB. */
export function pixelsWithAlpha(mupdf: Mupdf, image: mupdf.Image): RawPixels {
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
