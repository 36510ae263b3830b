import { ToolError } from '@paperknife/catalog/errors';
import { MAX_IMAGE_MEGAPIXELS, MAX_IMAGE_PIXELS } from '@paperknife/catalog/limits';
import type { JpegHeader } from './jpeg-header.js';
import type { ImageGeometry } from './page-layout.js';
import type { PngChunks } from './png-chunks.js';

/** An image as a PDF image XObject holds it: compressed samples, how to read them, and an optional soft mask. */
export interface PdfImage {
  width: number;
  height: number;
  bitsPerComponent: number;
  colours: 1 | 3 | 4;
  /** The PNG palette of an indexed image (RGB triples). */
  palette?: Buffer;
  icc?: Buffer;
  filter: 'DCTDecode' | 'FlateDecode';
  /** Flate data with PNG row filters (a PNG's IDAT): the PDF's PNG predictor undoes them. */
  pngPredictor: boolean;
  /** Adobe CMYK JPEGs hold inverted values. */
  invert: boolean;
  data: Buffer;
  smask?: PdfImage;
}

export interface ImagePage extends ImageGeometry {
  image: PdfImage;
}

/** Most 96-dpi pixels on a page whose image says nothing of its resolution (as browsers and img2pdf assume). */
export const DEFAULT_DPI = 96;

/** Refuses an image too large to decode within a job's memory, from its header alone. */
export function checkPixels(width: number, height: number): void {
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ToolError(
      'image_too_large',
      `This image is ${width} x ${height} pixels; at most ${MAX_IMAGE_MEGAPIXELS} megapixels can be converted. Scale it down and try again.`,
    );
  }
}

/** A JPEG's data as it is: the PDF reader decodes it, nothing is compressed again. */
export function jpegImage(data: Buffer, header: JpegHeader): PdfImage {
  return {
    width: header.width,
    height: header.height,
    bitsPerComponent: 8,
    colours: header.components as 1 | 3 | 4,
    icc: header.icc,
    filter: 'DCTDecode',
    pngPredictor: false,
    invert: header.components === 4 && header.adobe,
    data,
  };
}

const PNG_COLOURS: Partial<Record<number, 1 | 3>> = { 0: 1, 2: 3, 3: 1 };

/** A PNG without alpha or transparency, non-interlaced, whose IDAT a PDF reads as is; undefined otherwise. */
export function pngImage(png: PngChunks): PdfImage | undefined {
  const colours = PNG_COLOURS[png.colourType];
  if (!colours || png.interlaced || png.transparency || (png.colourType === 3 && !png.palette)) return undefined;
  return {
    width: png.width,
    height: png.height,
    bitsPerComponent: png.bitDepth,
    colours,
    palette: png.colourType === 3 ? png.palette : undefined,
    icc: png.colourType === 3 ? undefined : png.icc,
    filter: 'FlateDecode',
    pngPredictor: true,
    invert: false,
    data: png.idat,
  };
}
