import { deflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import {
  forEachObject,
  isImageXObject,
  loadImage,
  nameOf,
  numberOf,
  streamFilters,
  withMupdfErrorsNow,
} from '../mupdf/pdf-objects.js';
import { packedGray } from '../mupdf/image-pixels.js';

/**
 * Below this many pixels an image is left to Ghostscript. Ghostscript 10.00 converts an image's colour pixel by
 * pixel through lcms (about 0.3 µs a pixel: 25 s for a 9000 x 9000 RGB scan), MuPDF in bulk (decoding and
 * converting that scan took 0.9 s); under 100,000 pixels Ghostscript's share is some 30 ms, and MuPDF's rewrite
 * of the file starts to cost as much (decision 014).
 */
export const GRAY_IMAGE_MIN_PIXELS = 100_000;

/**
 * The most bytes of gray image data one file gets here. MuPDF's save holds the upload and every new stream in its
 * heap, and again in the saved copy: a photo turned gray is Flate data of about half its pixels (a 12-megapixel
 * photo, some 6 MB), so a book of photos would grow the step by hundreds of MB. Past this, Ghostscript converts
 * the rest, as before.
 */
export const GRAY_IMAGE_BYTES_BUDGET = 32 * 1024 * 1024;

/**
 * Files larger than this keep their images for Ghostscript: MuPDF's save of a changed file copies the whole file
 * into its heap (a 100 MB photo book peaked at 666 MB with its photos turned gray here, and gained 12 % of time).
 * The files this step pays most on are scans of few, huge images: small files of many pixels.
 */
export const GRAY_IMAGES_MAX_FILE_BYTES = 48 * 1024 * 1024;

/** Filters MuPDF decodes to 8-bit samples; JPX (its own colour spaces and alpha) and 1-bit codecs are left out. */
const DECODABLE_FILTERS: ReadonlySet<string> = new Set([
  'FlateDecode',
  'LZWDecode',
  'DCTDecode',
  'RunLengthDecode',
  'ASCIIHexDecode',
  'ASCII85Decode',
]);

/** Components of an image colour space converted here: RGB or CMYK, device or ICC-based; anything else is not. */
function colourComponents(colorSpace: mupdf.PDFObject): 3 | 4 | undefined {
  const name = nameOf(colorSpace);
  if (name === 'DeviceRGB') return 3;
  if (name === 'DeviceCMYK') return 4;
  if (!colorSpace.isArray() || colorSpace.length !== 2 || nameOf(colorSpace.get(0)) !== 'ICCBased') return undefined;
  const profile = colorSpace.get(1);
  const components = profile.isStream() ? numberOf(profile.get('N')) : 0;
  return components === 3 || components === 4 ? components : undefined;
}

/**
 * True for an image whose pixels this step turns gray as well as Ghostscript would: 8 bits of RGB or CMYK,
 * decodable, large enough to pay (GRAY_IMAGE_MIN_PIXELS), with no /Decode array (CMYK JPEGs inverted by one are
 * left to Ghostscript) and no colour-key /Mask (its ranges are colours). A soft mask or stencil mask stays as it
 * is: it is not colour.
 */
function isGrayableImage(ref: mupdf.PDFObject): boolean {
  if (!isImageXObject(ref) || (ref.get('ImageMask').isBoolean() && ref.get('ImageMask').asBoolean())) return false;
  if (numberOf(ref.get('BitsPerComponent')) !== 8) return false;
  if (numberOf(ref.get('Width')) * numberOf(ref.get('Height')) < GRAY_IMAGE_MIN_PIXELS) return false;
  if (!ref.get('Decode').isNull() || ref.get('Mask').isArray()) return false;
  if (!streamFilters(ref).every((filter) => DECODABLE_FILTERS.has(filter))) return false;
  return colourComponents(ref.get('ColorSpace')) !== undefined;
}

/**
 * Rewrites large RGB and CMYK images as 8-bit DeviceGray (Flate at level 1: Ghostscript re-encodes every image
 * it writes anyway), converted by MuPDF with its ICC profiles, which match Ghostscript's default ones to within one
 * level out of 255. Ghostscript then passes the gray pixels through instead of converting them one by one. An
 * image MuPDF reports errors for while decoding is left to Ghostscript, and so is every image past the byte budget
 * (`budget`). Answers how many images were rewritten.
 */
export function grayColourImages(doc: mupdf.PDFDocument, budget = GRAY_IMAGE_BYTES_BUDGET): number {
  let rewritten = 0;
  let written = 0;
  forEachObject(doc, (ref) => {
    if (written >= budget || !isGrayableImage(ref)) return;
    const { value: gray, errors } = withMupdfErrorsNow(() => grayPixels(doc, ref));
    if (errors.length > 0) return;
    // The gray pixels are the image's own colour, no longer blended with a matte colour (see grayPixels).
    if (gray.unblended) ref.get('SMask').delete('Matte');
    ref.delete('DecodeParms');
    ref.put('ColorSpace', doc.newName('DeviceGray'));
    ref.put('Filter', doc.newName('FlateDecode'));
    ref.put('Width', gray.width);
    ref.put('Height', gray.height);
    const data = deflateSync(gray.pixels, { level: 1 });
    ref.writeRawStream(data);
    written += data.byteLength;
    rewritten += 1;
  });
  return rewritten;
}

/**
 * An image's pixels converted to 8-bit gray, rows packed. An image whose soft mask has a /Matte colour holds colour
 * blended with that matte; MuPDF takes the blend out and hands the image over with the mask as alpha, beside the
 * image's own colour. That colour is what is kept (`unblended`): the file keeps its /SMask, without the /Matte.
 */
function grayPixels(
  doc: mupdf.PDFDocument,
  ref: mupdf.PDFObject,
): { pixels: Uint8Array; width: number; height: number; unblended: boolean } {
  const image = loadImage(doc, ref);
  try {
    const decoded = image.toPixmap();
    const alpha = decoded.getAlpha() !== 0;
    const gray = decoded.convertToColorSpace(mupdf.ColorSpace.DeviceGray, alpha);
    decoded.destroy();
    try {
      return { ...packedGray(gray), unblended: alpha };
    } finally {
      gray.destroy();
    }
  } finally {
    image.destroy();
  }
}
