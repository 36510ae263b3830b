import type * as mupdf from 'mupdf';
import type { Mupdf } from './mupdf-module.js';
import { isImageXObject, loadImage, reachableObjects, withMupdfErrorsNow } from './pdf-objects.js';

/**
 * A damaged image inside a page never fails the job: the page is drawn as a viewer draws it, without the image.
 * MuPDF decodes an image only when a page draws it; one it cannot decode at all (a JPEG 2000 tile part of noise)
 * throws out of the whole page, one it decodes in part (Flate, DCT, JBIG2, CCITT data cut short) is padded and only
 * logged. Both are found the same way, only on a page where drawing threw or logged an error: each image the page
 * can draw is decoded alone. See docs/decisions/021.
 */

/**
 * A JPEG that MuPDF decodes whole, without an error: one that Extract Images may copy out as it is stored. Decoded
 * from the file, not from MuPDF's store.
 */
export function jpegDecodes(mupdf: Mupdf, doc: mupdf.PDFDocument, ref: mupdf.PDFObject): boolean {
  const decodes = imageDecodes(mupdf, doc, ref);
  mupdf.emptyStore();
  return decodes;
}

/** Decodes one image, with its mask: false when MuPDF throws or logs an error doing so. */
function imageDecodes(mupdf: Mupdf, doc: mupdf.PDFDocument, ref: mupdf.PDFObject): boolean {
  try {
    const { errors } = withMupdfErrorsNow(mupdf, () => {
      const image = loadImage(mupdf, doc, ref);
      try {
        image.toPixmap().destroy();
        image.getMask()?.toPixmap().destroy();
      } finally {
        image.destroy();
      }
    });
    return errors.length === 0;
  } catch {
    return false;
  }
}

/** One pixel of a stencil mask that paints nothing: the image, drawn, leaves the page as it was. */
const NOTHING_DRAWN = Uint8Array.of(0xff);

/** Turns the image into one that draws nothing, in the open document only. */
function dropImage(doc: mupdf.PDFDocument, ref: mupdf.PDFObject): void {
  for (const key of ['Filter', 'DecodeParms', 'ColorSpace', 'Decode', 'SMask', 'Mask', 'SMaskInData', 'Intent']) {
    ref.delete(key);
  }
  ref.put('Width', 1);
  ref.put('Height', 1);
  ref.put('BitsPerComponent', 1);
  ref.put('ImageMask', doc.newBoolean(true));
  ref.writeRawStream(NOTHING_DRAWN);
}

export interface DrawnPage<T> {
  value: T;
  /** Whether the page has an image MuPDF could not decode (drawn without it, or with what of it could be read). */
  brokenImages: boolean;
}

/**
 * Runs `draw` on page `index` (0-based), the page loaded for it and destroyed after. When drawing throws or logs
 * an error, the page's images are decoded one by one: if drawing threw, the ones that fail are dropped from the
 * open document and the page is drawn again; if it only logged, its drawing stands (a padded image shows what of it
 * could be read). Anything else that makes drawing throw is thrown as it was.
 */
export function drawTolerantPage<T>(
  mupdf: Mupdf,
  doc: mupdf.PDFDocument,
  index: number,
  draw: (page: mupdf.PDFPage) => T,
): DrawnPage<T> {
  const drawOnce = () => {
    const page = doc.loadPage(index);
    try {
      return draw(page);
    } finally {
      page.destroy();
    }
  };
  let failure: { error: unknown } | undefined;
  let drawn: { value: T; errors: string[] } | undefined;
  try {
    drawn = withMupdfErrorsNow(mupdf, drawOnce);
    if (drawn.errors.length === 0) return { value: drawn.value, brokenImages: false };
  } catch (error) {
    failure = { error };
  }
  // Decoded again from the file, not from what the draw left in MuPDF's store (a padded image decodes cleanly there).
  mupdf.emptyStore();
  const broken = [...reachableObjects(doc.findPage(index))]
    .map((object) => doc.newIndirect(object))
    .filter((ref) => isImageXObject(ref) && !imageDecodes(mupdf, doc, ref));
  if (drawn) return { value: drawn.value, brokenImages: broken.length > 0 };
  if (broken.length === 0) throw failure!.error;
  for (const ref of broken) dropImage(doc, ref);
  mupdf.emptyStore(); // the images loaded while checking must not be drawn from the store
  return { value: drawOnce(), brokenImages: true };
}
