import { writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { ToolError } from '@paperknife/catalog/errors';
import type { SignatureBox } from './signature-box.js';
import { openPdf } from '../mupdf/open-pdf.js';
import { unitSquareOnto, visibleSize, visibleToUser } from '../stamping/page-placement.js';
import { appendPageContent, ownResources, pageFrameOf, resourceDictionary } from '../stamping/stamp-text-task.js';

export interface PlaceSignaturePayload {
  input: string;
  output: string;
  /** The signature picture: PNG or JPEG bytes. */
  image: Uint8Array;
  /** 1-based pages that get it. */
  pages: number[];
  box: SignatureBox;
}

export interface PlacedSignature {
  page: number;
  /** The visible page's width and height in points. */
  size: [number, number];
  /** Where the picture went in the visible page, in points from its bottom-left corner: x0, y0, x1, y1. */
  visible: [number, number, number, number];
  /** The same rectangle in the page's user space (a widget's /Rect). */
  user: [number, number, number, number];
}

/** A signature picture larger than this is a photo, not a signature: it would only make the file heavy. */
const MAX_PIXELS = 4_000_000;
const IMAGE_NAME = 'PaperKnifeSignature';
/** Paper white and light greys become transparent; ink keeps its colour, edges fade in between. */
const CLEAR_FROM = 235;
const OPAQUE_BELOW = 175;

/**
 * The picture with its white made transparent, as an RGB image with alpha. MuPDF keeps pixmaps premultiplied,
 * so colours are read and written multiplied by their alpha.
 */
function inkOnly(image: mupdf.Image): mupdf.Image {
  const width = image.getWidth();
  const height = image.getHeight();
  if (width * height > MAX_PIXELS) {
    throw new ToolError('image_too_large', 'The signature image has too many pixels: use a smaller picture.');
  }
  let source = image.toPixmap();
  const space = source.getColorSpace();
  if (!space?.isRGB()) source = source.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, true);
  const n = source.getNumberOfComponents() + (source.getAlpha() ? 1 : 0);
  const hasAlpha = source.getAlpha();
  const from = source.getPixels();
  const fromStride = source.getStride();
  const target = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, width, height], true);
  const to = target.getPixels();
  const toStride = target.getStride();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * fromStride + x * n;
      const sourceAlpha = hasAlpha ? from[at + 3]! : 255;
      const unmultiply = (value: number) => (sourceAlpha === 0 ? 255 : Math.min(255, (value * 255) / sourceAlpha));
      const [r, g, b] = [unmultiply(from[at]!), unmultiply(from[at + 1]!), unmultiply(from[at + 2]!)];
      const light = 0.299 * r + 0.587 * g + 0.114 * b;
      const ink =
        light >= CLEAR_FROM ? 0 : light <= OPAQUE_BELOW ? 1 : (CLEAR_FROM - light) / (CLEAR_FROM - OPAQUE_BELOW);
      const alpha = Math.round(ink * sourceAlpha);
      const out = y * toStride + x * 4;
      to[out] = Math.round((r * alpha) / 255);
      to[out + 1] = Math.round((g * alpha) / 255);
      to[out + 2] = Math.round((b * alpha) / 255);
      to[out + 3] = alpha;
    }
  }
  return new mupdf.Image(target);
}

function readImage(bytes: Uint8Array): mupdf.Image {
  try {
    const image = new mupdf.Image(bytes);
    if (image.getWidth() < 1 || image.getHeight() < 1) throw new Error('empty image');
    return image;
  } catch (error) {
    throw new ToolError('damaged_image', 'The signature image could not be read: use a PNG or JPEG picture.', {
      cause: error,
    });
  }
}

/** Whether the document holds a signed signature field, which a rewrite of the file would break. */
function hasSignatures(doc: mupdf.PDFDocument): boolean {
  const form = doc.getTrailer().get('Root').get('AcroForm');
  const fields = form.isDictionary() ? form.get('Fields') : undefined;
  let signed = false;
  const visit = (field: mupdf.PDFObject, depth: number) => {
    if (signed || depth > 32 || !field.isDictionary()) return;
    if (field.get('FT').asName() === 'Sig' && field.get('V').isDictionary()) signed = true;
    const kids = field.get('Kids');
    if (kids.isArray()) kids.forEach((kid) => visit(kid, depth + 1));
  };
  if (fields?.isArray()) fields.forEach((field) => visit(field, 0));
  return signed;
}

/** The document with its changes appended, or undefined when that would give a file MuPDF must repair to read. */
function incrementalUpdate(doc: mupdf.PDFDocument): Uint8Array | undefined {
  if (!doc.canBeSavedIncrementally()) return undefined;
  let saved: Uint8Array;
  try {
    // A copy: the view into MuPDF's memory goes stale when opening the update below grows that memory.
    saved = doc.saveToBuffer('incremental').asUint8Array().slice();
  } catch {
    return undefined;
  }
  // A file that opened with its offsets off by some bytes takes the update, then needs a repair to open again.
  const reopened = mupdf.Document.openDocument(saved, 'application/pdf').asPDF();
  try {
    return reopened && !reopened.wasRepaired() ? saved : undefined;
  } finally {
    reopened?.destroy();
  }
}

/**
 * Draws the signature picture on the pages as page content (an image XObject with a soft mask), upright in the
 * visible page, as large as fits the box while keeping its proportions, centred in it.
 */
export function placeSignature(payload: PlaceSignaturePayload): { placed: PlacedSignature[]; incremental: boolean } {
  const picture = inkOnly(readImage(payload.image));
  const doc = openPdf(payload.input);
  try {
    const imageRef = doc.addImage(picture);
    const save = doc.addStream('q\n', doc.newDictionary());
    const placed: PlacedSignature[] = [];
    for (const pageNumber of payload.pages) {
      const page = doc.findPage(pageNumber - 1);
      const frame = pageFrameOf(page);
      const { width: W, height: H } = visibleSize(frame);
      const box = payload.box;
      const [boxW, boxH] = [box.width * W, box.height * H];
      const scale = Math.min(boxW / picture.getWidth(), boxH / picture.getHeight());
      const [w, h] = [picture.getWidth() * scale, picture.getHeight() * scale];
      const x0 = box.x * W + (boxW - w) / 2;
      const y0 = H - box.y * H - boxH + (boxH - h) / 2;
      const matrix = unitSquareOnto(frame, { x0, y0, width: w, height: h });
      const origin = visibleToUser(frame, x0, y0);
      resourceDictionary(doc, ownResources(doc, page), 'XObject').put(IMAGE_NAME, imageRef);
      appendPageContent(
        doc,
        page,
        save,
        `\nQ\nq ${matrix.map((v) => +v.toFixed(4)).join(' ')} cm /${IMAGE_NAME} Do Q\n`,
      );
      const far = visibleToUser(frame, x0 + w, y0 + h);
      placed.push({
        page: pageNumber,
        size: [W, H],
        visible: [x0, y0, x0 + w, y0 + h],
        user: [
          Math.min(origin[0], far[0]),
          Math.min(origin[1], far[1]),
          Math.max(origin[0], far[0]),
          Math.max(origin[1], far[1]),
        ],
      });
    }
    // An incremental update: every earlier byte stays, so earlier signatures stay valid, and a large document is
    // not written again. A file MuPDF has to repair (now, or when the next step opens the update) is rewritten,
    // unless it holds signatures the rewrite would break.
    let saved = incrementalUpdate(doc);
    const incremental = saved !== undefined;
    if (!saved) {
      if (hasSignatures(doc)) throw new ToolError('damaged_pdf');
      saved = doc.saveToBuffer('compress').asUint8Array();
    }
    writeFileSync(payload.output, saved);
    return { placed, incremental };
  } finally {
    doc.destroy();
  }
}
