import * as mupdf from 'mupdf';
import { jpegSegments } from '../preflight/jpeg-segments.js';

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2]);

/**
 * MuPDF's redaction writes an image whose pixels it blanked as a new, losslessly compressed image: a photo stored as
 * JPEG comes out three times larger (docs/decisions/188). These functions put such images back into JPEG at the
 * quality their JPEG had, so Redact PDF and Crop's removal keep a file's size: the blanked pixels are blank before
 * the encoding, so nothing of what they showed reaches the new data.
 */

/** A JPEG image a page drew before the redaction: its size, and the quality its quantisation tables say. */
interface JpegImage {
  width: number;
  height: number;
  quality: number;
}

/** The images a page and its forms draw, before a redaction: every image's object, and the JPEG ones' facts. */
export interface PageImages {
  objects: Set<number>;
  jpegs: JpegImage[];
}

/** IJG's luminance table (Annex K of the JPEG standard), the base of libjpeg's quality scale; only its sum counts. */
const STANDARD_LUMINANCE_SUM = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51,
  87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101,
  72, 92, 95, 98, 112, 100, 103, 99,
].reduce((sum, value) => sum + value, 0);

const DQT = 0xdb;
/** Re-encoding below this would show; above it the file grows for nothing the eye sees. */
const QUALITY_RANGE = [50, 95] as const;

/**
 * The libjpeg quality (1..100) whose scaling of the standard table comes nearest the JPEG's first table (its
 * luminance); undefined when the data has none. The table's order (zigzag or not) does not change its sum.
 */
export function jpegQuality(data: Uint8Array): number | undefined {
  for (const { marker, body } of jpegSegments(data)) {
    if (marker !== DQT || body.length < 65) continue;
    const wide = body[0]! >> 4 === 1;
    if (wide && body.length < 129) return undefined;
    let sum = 0;
    for (let i = 0; i < 64; i++) sum += wide ? (body[1 + 2 * i]! << 8) | body[2 + 2 * i]! : body[1 + i]!;
    const scale = (100 * sum) / STANDARD_LUMINANCE_SUM;
    return Math.round(Math.min(100, Math.max(1, scale <= 100 ? (200 - scale) / 2 : 5000 / scale)));
  }
  return undefined;
}

const isImage = (object: mupdf.PDFObject) => object.get('Subtype').asName() === 'Image';
const filterOf = (object: mupdf.PDFObject) => {
  const filter = object.get('Filter');
  return filter.isArray() ? (filter.length === 1 ? filter.get(0).asName() : 'several') : filter.asName();
};

/** Each image XObject the resources reach, forms' own resources included, each object once. */
function forEachImage(resources: mupdf.PDFObject, visit: (image: mupdf.PDFObject) => void, seen = new Set<number>()) {
  // MuPDF's null object has no document to read through: asking it for a key throws.
  if (!resources.isDictionary()) return;
  const xobjects = resources.get('XObject');
  if (!xobjects.isDictionary()) return;
  xobjects.forEach((value) => {
    // A stream is known as one through its reference: the dictionary it resolves to says nothing of its data.
    const number = value.isIndirect() ? value.asIndirect() : 0;
    if (!value.isStream() || (number && seen.has(number))) return;
    if (number) seen.add(number);
    if (isImage(value)) visit(value);
    else if (value.get('Subtype').asName() === 'Form') forEachImage(value.get('Resources'), visit, seen);
  });
}

/** What the page draws as images now: call before the redaction, pass to `restoreJpegImages` after it. */
export function pageImages(page: mupdf.PDFPage): PageImages {
  const found: PageImages = { objects: new Set(), jpegs: [] };
  forEachImage(page.getObject().getInheritable('Resources'), (image) => {
    if (image.isIndirect()) found.objects.add(image.asIndirect());
    if (filterOf(image) !== 'DCTDecode') return;
    const quality = jpegQuality(image.readRawStream().asUint8Array());
    if (quality === undefined) return;
    found.jpegs.push({ width: image.get('Width').asNumber(), height: image.get('Height').asNumber(), quality });
  });
  return found;
}

/**
 * Writes as JPEG each image the redaction made in place of a JPEG one (a new object of the same size, stored
 * without a lossy filter), at the old image's quality kept within a sensible range. Gray and RGB images only: CMYK
 * JPEGs and images with an alpha channel stay as MuPDF wrote them. Returns how many were re-encoded.
 */
export function restoreJpegImages(doc: mupdf.PDFDocument, page: mupdf.PDFPage, before: PageImages): number {
  if (before.jpegs.length === 0) return 0;
  let restored = 0;
  forEachImage(page.getObject().getInheritable('Resources'), (image) => {
    if (!image.isIndirect() || before.objects.has(image.asIndirect())) return;
    const filter = filterOf(image);
    if ((filter && filter !== 'FlateDecode') || image.get('BitsPerComponent').asNumber() !== 8) return;
    const [width, height] = [image.get('Width').asNumber(), image.get('Height').asNumber()];
    const sources = before.jpegs.filter((jpeg) => jpeg.width === width && jpeg.height === height);
    if (sources.length === 0) return;
    const quality = Math.min(QUALITY_RANGE[1], Math.max(QUALITY_RANGE[0], ...sources.map((jpeg) => jpeg.quality)));
    const jpeg = encodeJpeg(doc.loadImage(image), quality);
    if (!jpeg) return;
    image.writeRawStream(jpeg);
    image.put('Filter', doc.newName('DCTDecode'));
    image.delete('DecodeParms');
    // The pixmap held the samples with any /Decode array applied already.
    image.delete('Decode');
    restored++;
  });
  return restored;
}

/**
 * The image as a JPEG of its own colour components, or undefined for one with alpha or other than gray or RGB.
 * MuPDF writes a gray pixmap in an ICC gray space as three components: a gray image goes to DeviceGray first, and
 * the JPEG written must have as many components as the image's colour space, or it is not used.
 */
function encodeJpeg(loaded: mupdf.Image, quality: number): Uint8Array | undefined {
  const pixmaps = [loaded.toPixmap()];
  try {
    const components = pixmaps[0]!.getNumberOfComponents();
    if (pixmaps[0]!.getAlpha() || (components !== 1 && components !== 3)) return undefined;
    if (components === 1) pixmaps.push(pixmaps[0]!.convertToColorSpace(mupdf.ColorSpace.DeviceGray));
    const jpeg = pixmaps.at(-1)!.asJPEG(quality, false);
    return jpegComponents(jpeg) === components ? jpeg : undefined;
  } finally {
    for (const pixmap of pixmaps) pixmap.destroy();
    loaded.destroy();
  }
}

/** The number of colour components a JPEG's frame header gives. */
function jpegComponents(data: Uint8Array): number | undefined {
  for (const { marker, body } of jpegSegments(data)) if (SOF_MARKERS.has(marker)) return body[5];
  return undefined;
}
