import { createInflate } from 'node:zlib';
import type * as mupdf from 'mupdf';
import { numberOf, rawStreamData, streamFilters } from '../mupdf/pdf-objects.js';

/**
 * Large Flate images downsampled as their data inflates, a band of rows at a time, instead of decoded whole by
 * MuPDF: a 450 KB stream of a flat 9000 x 9000 RGB scan is 243 MB of pixels, and MuPDF held them twice (its decode
 * buffer and the pixmap) in the worker's heap, which never shrinks: Compress peaked at 665 MB on a 1 MB upload.
 * Here only the stream, one row and the new image are held. See docs/decisions/105.
 */

/** Images whose decoded samples reach this size take this way; smaller ones are drawn by MuPDF as before. */
export const STREAMED_MIN_BYTES = 32 * 1024 * 1024;

/** What the downsampler needs to know of an image stream that qualifies (see streamableFlateImage). */
export interface FlateImage {
  width: number;
  height: number;
  /** Samples per pixel: gray, or RGB (device or ICC-based, kept in its own space as MuPDF's drawing keeps it). */
  components: 1 | 3;
  /** PNG predictors (10-15): each row starts with its filter type. */
  pngPredictor: boolean;
}

/**
 * The image's layout when its data can be downsampled here: 8 bits per sample, Flate alone, no /Decode array, gray
 * or RGB samples (`components`, which the caller knows from the colour space), and no predictor or a PNG one that
 * matches the image. Anything else is `undefined`, for MuPDF.
 */
export function streamableFlateImage(ref: mupdf.PDFObject, components: number): FlateImage | undefined {
  if (components !== 1 && components !== 3) return undefined;
  const filters = streamFilters(ref);
  if (filters.length !== 1 || filters[0] !== 'FlateDecode') return undefined;
  if (numberOf(ref.get('BitsPerComponent')) !== 8 || !ref.get('Decode').isNull()) return undefined;
  const width = numberOf(ref.get('Width'));
  const height = numberOf(ref.get('Height'));
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) return undefined;
  let parms = ref.get('DecodeParms');
  if (parms.isArray()) parms = parms.get(0);
  let pngPredictor = false;
  if (parms.isDictionary()) {
    const predictor = parms.get('Predictor').isNull() ? 1 : numberOf(parms.get('Predictor'));
    if (predictor >= 10 && predictor <= 15) pngPredictor = true;
    else if (predictor !== 1) return undefined;
    const setting = (key: string, fallback: number) => (parms.get(key).isNull() ? fallback : numberOf(parms.get(key)));
    if (pngPredictor && (setting('Colors', 1) !== components || setting('BitsPerComponent', 8) !== 8)) return undefined;
    if (pngPredictor && setting('Columns', 1) !== width) return undefined;
  } else if (!parms.isNull()) {
    return undefined;
  }
  return { width, height, components, pngPredictor };
}

/**
 * The image's samples downsampled here when it qualifies (streamableFlateImage) and they reach STREAMED_MIN_BYTES;
 * `undefined` otherwise, or when its data does not read: the caller draws it with MuPDF then.
 */
export async function downsampledIfLarge(
  ref: mupdf.PDFObject,
  components: number,
  newWidth: number,
  newHeight: number,
): Promise<{ pixels: Uint8Array; components: 1 | 3 } | undefined> {
  const image = streamableFlateImage(ref, components);
  if (!image || image.width * image.height * image.components < STREAMED_MIN_BYTES) return undefined;
  const pixels = await downsampledFlateImage(rawStreamData(ref), image, newWidth, newHeight);
  return pixels && { pixels, components: image.components };
}

/**
 * The image's samples at `newWidth` x `newHeight`, each new pixel the mean of the source pixels in its cell (an area
 * average, as MuPDF's scaler gives when it shrinks an image several times), rows packed top to bottom. Answers
 * `undefined` when the data ends early or does not inflate, for MuPDF to read leniently.
 */
export async function downsampledFlateImage(
  data: Uint8Array,
  image: FlateImage,
  newWidth: number,
  newHeight: number,
): Promise<Uint8Array | undefined> {
  const { width, height, components, pngPredictor } = image;
  const rowBytes = width * components;
  const encodedRowBytes = rowBytes + (pngPredictor ? 1 : 0);
  const encoded = new Uint8Array(encodedRowBytes);
  let row = new Uint8Array(rowBytes);
  let previous = new Uint8Array(rowBytes);
  const cellOfColumn = new Int32Array(width);
  const columnsInCell = new Int32Array(newWidth);
  for (let x = 0; x < width; x++) {
    const cell = Math.min(newWidth - 1, Math.floor((x * newWidth) / width));
    cellOfColumn[x] = cell;
    columnsInCell[cell]! += 1;
  }
  const sums = new Float64Array(newWidth * components);
  const output = new Uint8Array(newWidth * newHeight * components);
  let rowsInBand = 0;
  let band = 0;
  let y = 0;
  let filled = 0;

  const flushBand = () => {
    const base = band * newWidth * components;
    for (let cell = 0; cell < newWidth; cell++) {
      const count = columnsInCell[cell]! * rowsInBand;
      for (let c = 0; c < components; c++) {
        const at = cell * components + c;
        output[base + at] = count > 0 ? Math.round(sums[at]! / count) : 255;
      }
    }
    sums.fill(0);
    rowsInBand = 0;
  };

  const takeRow = () => {
    if (pngPredictor) unfilterPngRow(encoded[0]!, encoded.subarray(1), previous, row, components);
    else row.set(encoded);
    const rowBand = Math.min(newHeight - 1, Math.floor((y * newHeight) / height));
    if (rowBand !== band) {
      flushBand();
      band = rowBand;
    }
    for (let x = 0, at = 0; x < width; x++) {
      const cell = cellOfColumn[x]! * components;
      for (let c = 0; c < components; c++, at++) sums[cell + c]! += row[at]!;
    }
    rowsInBand += 1;
    [previous, row] = [row, previous];
    y += 1;
  };

  const inflate = createInflate();
  inflate.end(data);
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      let offset = 0;
      while (offset < chunk.length && y < height) {
        const take = Math.min(encodedRowBytes - filled, chunk.length - offset);
        encoded.set(chunk.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === encodedRowBytes) {
          takeRow();
          filled = 0;
        }
      }
      if (y === height) break;
    }
  } catch {
    return undefined;
  } finally {
    inflate.destroy();
  }
  if (y < height) return undefined;
  flushBand();
  return output;
}

/** Undoes one PNG row filter (the type byte `type`) of `source` into `target`, from the row above (`above`). */
function unfilterPngRow(
  type: number,
  source: Uint8Array,
  above: Uint8Array,
  target: Uint8Array,
  bytesPerPixel: number,
): void {
  const length = source.length;
  const leftOf = (i: number) => (i >= bytesPerPixel ? target[i - bytesPerPixel]! : 0);
  switch (type) {
    case 1: // Sub
      for (let i = 0; i < length; i++) target[i] = (source[i]! + leftOf(i)) & 0xff;
      return;
    case 2: // Up
      for (let i = 0; i < length; i++) target[i] = (source[i]! + above[i]!) & 0xff;
      return;
    case 3: // Average
      for (let i = 0; i < length; i++) target[i] = (source[i]! + ((leftOf(i) + above[i]!) >> 1)) & 0xff;
      return;
    case 4: // Paeth
      for (let i = 0; i < length; i++) {
        const left = leftOf(i);
        const up = above[i]!;
        const upLeft = i >= bytesPerPixel ? above[i - bytesPerPixel]! : 0;
        const estimate = left + up - upLeft;
        const toLeft = Math.abs(estimate - left);
        const toUp = Math.abs(estimate - up);
        const toUpLeft = Math.abs(estimate - upLeft);
        const predicted = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
        target[i] = (source[i]! + predicted) & 0xff;
      }
      return;
    default: // None, or a type PNG does not define
      target.set(source);
  }
}
