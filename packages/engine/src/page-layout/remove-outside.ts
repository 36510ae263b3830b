import * as mupdf from 'mupdf';
import { ToolError } from '@paperknife/catalog/errors';
import { pageImages, restoreJpegImages } from '../redaction/blanked-images.js';
import { type Rect, intersectRects, normalizeRect, quadBounds } from './page-geometry.js';

/** Far beyond any page: the strips around the kept box reach past content drawn off the page too. */
const FAR = 1e5;
/** Half the side of the spot redacted at a character's centre, in points: it touches that character alone. */
const SPOT = 0.05;

/**
 * The four strips around `box` that together cover everything outside it. A rectangle that does not meet the box
 * lies wholly on one side of it, so it lies wholly inside one strip: MuPDF's "covered" test sees it.
 */
function stripsAround(box: Rect): Rect[] {
  return [
    [-FAR, -FAR, FAR, box[1]],
    [-FAR, box[3], FAR, FAR],
    [-FAR, -FAR, box[0], FAR],
    [box[2], -FAR, FAR, FAR],
  ];
}

/**
 * Thin rectangles through the centres of the characters wholly outside `inside` (MuPDF's page space). MuPDF's
 * redaction takes out every glyph whose em box a redaction touches; an em box reaches above the ink of capitals and
 * left of a letter's ink, so strips laid along a box trimmed to the ink would take the first letter of each line
 * and the top line with them. A spot inside a character's own box touches that character only; the spots of a run
 * of such characters along a level line are joined into one rectangle, as redacting is slow with thousands.
 */
function spotsOutside(page: mupdf.PDFPage, inside: Rect): Rect[] {
  const spots: Rect[] = [];
  let run: [number, number, number, number] | undefined;
  let level = false;
  const flush = () => {
    if (run) spots.push([run[0] - SPOT, run[1] - SPOT, run[2] + SPOT, run[3] + SPOT]);
    run = undefined;
  };
  const structured = page.toStructuredText('preserve-whitespace');
  try {
    structured.walk({
      beginLine: (_bbox, _wmode, direction) => {
        flush();
        level = Math.abs(direction[0]) > 0.999 || Math.abs(direction[1]) > 0.999;
      },
      onChar: (_char, _origin, _font, _size, quad) => {
        const bounds = quadBounds(quad);
        if (intersectRects(bounds, inside)) {
          flush();
          return;
        }
        const x = (bounds[0] + bounds[2]) / 2;
        const y = (bounds[1] + bounds[3]) / 2;
        if (run && level) {
          run = [Math.min(run[0], x), Math.min(run[1], y), Math.max(run[2], x), Math.max(run[3], y)];
        } else {
          flush();
          run = [x, y, x, y];
        }
      },
      endLine: flush,
    });
    flush();
  } finally {
    structured.destroy();
  }
  return spots;
}

/** How far from a multiple of 90 degrees an image's axes may run and still count as upright (half the sine of twice the angle). */
const UPRIGHT = 1e-3;

/**
 * Whether the page draws an image turned by an angle other than a multiple of 90 degrees (a skewed scan, a
 * picture set at a slant) that shows at least partly inside `inside` (MuPDF's page space). MuPDF blanks an image's
 * pixels by the bounding box, in the image's own space, of each redaction rectangle: for such an image the
 * bounding box of a strip beside the crop covers the whole picture, and what shows inside the crop would go white.
 */
function turnedImageInside(page: mupdf.PDFPage, inside: Rect): boolean {
  let found = false;
  const look = (image: mupdf.Image, ctm: mupdf.Matrix) => {
    image.destroy();
    if (found) return;
    // Each of the image's axes runs along x or y when the sine of twice its angle is about 0.
    const [a, b, c, d] = ctm;
    const alongAxes = (x: number, y: number) => x * x + y * y === 0 || Math.abs(x * y) / (x * x + y * y) < UPRIGHT;
    if (alongAxes(a, b) && alongAxes(c, d)) return;
    if (intersectRects(mupdf.Rect.transform([0, 0, 1, 1], ctm), inside)) found = true;
  };
  const device = new mupdf.Device({
    fillImage: (image, ctm) => look(image, ctm),
    fillImageMask: (image, ctm) => look(image, ctm),
  });
  try {
    page.runPageContents(device, mupdf.Matrix.identity);
  } finally {
    device.close();
    device.destroy();
  }
  return found;
}

function redact(page: mupdf.PDFPage, rects: readonly Rect[], image: number, lineArt: number, text: number) {
  if (rects.length === 0) return;
  for (const rect of rects) page.createAnnotation('Redact').setRect([...rect]);
  page.applyRedactions(false, image, lineArt, text);
}

/** The annotations of an /Annots array, in order; a broken entry (a reference to nothing) is left out. */
function annotationList(page: mupdf.PDFObject): mupdf.PDFObject[] {
  const entries: mupdf.PDFObject[] = [];
  const annots = page.get('Annots');
  if (annots.isArray()) annots.forEach((entry) => entry.isDictionary() && entries.push(entry));
  return entries;
}

function annotationRect(annot: mupdf.PDFObject): Rect | undefined {
  const rect = annot.get('Rect');
  if (!rect.isArray() || rect.length !== 4) return undefined;
  const values: number[] = [];
  rect.forEach((value) => values.push(value.isNumber() ? value.asNumber() : Number.NaN));
  return values.every(Number.isFinite) ? normalizeRect(values) : undefined;
}

/**
 * The annotations kept: those whose rectangle meets the box (a link partly inside stays), those without a readable
 * rectangle, and a pop-up whenever its parent is kept. Redaction took out links it touched; this list puts them
 * back. A form field whose widget goes is taken out of the form too.
 */
function keepAnnotations(doc: mupdf.PDFDocument, page: mupdf.PDFObject, before: mupdf.PDFObject[], box: Rect) {
  const inside = (annot: mupdf.PDFObject) => {
    const rect = annotationRect(annot);
    return rect === undefined || intersectRects(rect, box) !== undefined;
  };
  const kept = before.filter((annot) => {
    if (annot.get('Subtype').asName() === 'Popup' && annot.get('Parent').isDictionary()) {
      return inside(annot.get('Parent'));
    }
    return inside(annot);
  });
  for (const annot of before) {
    if (!kept.includes(annot) && annot.get('Subtype').asName() === 'Widget') dropField(doc, annot);
  }
  if (page.get('Annots').isNull()) return;
  const array = doc.newArray();
  for (const annot of kept) array.push(annot);
  if (kept.length > 0) page.put('Annots', array);
  else page.delete('Annots');
}

/** Takes a widget out of its parent field's /Kids, or out of the form's /Fields when it is a field of its own. */
function dropField(doc: mupdf.PDFDocument, widget: mupdf.PDFObject) {
  const parent = widget.get('Parent');
  // mupdf.js cannot look into a null object: every step checks what it got.
  const form = doc.getTrailer().get('Root').get('AcroForm');
  const list = parent.isDictionary() ? parent.get('Kids') : form.isDictionary() ? form.get('Fields') : form;
  if (!list.isArray()) return;
  for (let index = list.length - 1; index >= 0; index--) {
    if (list.get(index).asIndirect() === widget.asIndirect()) list.delete(index);
  }
}

/**
 * Removes what page `index` draws outside `box` (PDF user space): the characters wholly outside, the paths whose
 * bounds lie wholly outside, images wholly outside, and the pixels outside of images partly inside (the image
 * keeps its size; what showed stays as it was). Annotations wholly outside go. The caller sets the page's boxes and
 * saves the document afresh, so the old content streams are not written (docs/decisions/202).
 */
export function removeOutside(doc: mupdf.PDFDocument, index: number, box: Rect): void {
  const page = doc.loadPage(index);
  try {
    const object = page.getObject();
    const annotations = annotationList(object);
    const toPage = page.getTransform();
    const pageSpace = (rect: Rect): Rect => mupdf.Rect.transform([...rect], toPage);
    redact(
      page,
      spotsOutside(page, pageSpace(box)),
      mupdf.PDFPage.REDACT_IMAGE_NONE,
      mupdf.PDFPage.REDACT_LINE_ART_NONE,
      mupdf.PDFPage.REDACT_TEXT_REMOVE,
    );
    const images = pageImages(page);
    try {
      redact(
        page,
        stripsAround(box).map(pageSpace),
        // An image drawn at a slant keeps all its pixels (the crop box hides what lies outside): blanking them
        // would blank what shows too.
        turnedImageInside(page, pageSpace(box)) ? mupdf.PDFPage.REDACT_IMAGE_NONE : mupdf.PDFPage.REDACT_IMAGE_PIXELS,
        mupdf.PDFPage.REDACT_LINE_ART_REMOVE_IF_COVERED,
        mupdf.PDFPage.REDACT_TEXT_NONE,
      );
    } catch (error) {
      // MuPDF will not decode an image past its size limit, so its pixels outside cannot be blanked.
      if (!/overly large image/i.test(String(error))) throw error;
      throw new ToolError(
        'image_too_large',
        `An image on page ${index + 1} is too large to cut. Crop without removing the content outside, or scale the image down first.`,
        { cause: error },
      );
    }
    restoreJpegImages(doc, page, images);
    keepAnnotations(doc, object, annotations, box);
  } finally {
    page.destroy();
  }
}
