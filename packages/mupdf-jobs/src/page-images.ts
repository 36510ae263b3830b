import type * as mupdf from 'mupdf';
import { jpegDecodes } from './broken-images.js';
import { type RawPixels, pixelsWithAlpha } from './image-pixels.js';
import type { Mupdf } from './mupdf-module.js';
import { loadImage, rawStreamData, streamFilters } from './pdf-objects.js';
import { sha256Hex } from './sha256.js';

/** An image found on the pages: a JPEG as stored in the PDF, or decoded pixels to be saved as PNG. */
export type FoundImage = {
  /** 1-based page where the image is first drawn. */
  page: number;
  /** Its object number in the PDF. */
  object: number;
} & ({ jpeg: Uint8Array; width: number; height: number; channels: 1 | 3 } | { pixels: RawPixels });

/** What was found: the images kept, and how many could not be decoded and were left out. */
export interface FoundImages {
  kept: number;
  undecodable: number;
}

/** Images with a side under this are bullets and spacers, not pictures anyone wants out. */
const MIN_SIDE = 2;

/** Image XObjects drawn by a page, also inside form XObjects, in the order found; each object once. */
function pageImages(resources: mupdf.PDFObject, found: Map<number, mupdf.PDFObject>, seenForms: Set<number>): void {
  const xobjects = resources.get('XObject');
  if (!xobjects.isDictionary()) return;
  xobjects.forEach((value) => {
    if (!value.isIndirect()) return;
    const number = value.asIndirect();
    const subtype = value.get('Subtype');
    if (subtype.isName() && subtype.asName() === 'Image') {
      if (!found.has(number)) found.set(number, value);
    } else if (subtype.isName() && subtype.asName() === 'Form' && !seenForms.has(number)) {
      seenForms.add(number);
      const formResources = value.get('Resources');
      if (formResources.isDictionary()) pageImages(formResources, found, seenForms);
    }
  });
}

/**
 * Every image drawn on the pages, once, handed to `keep` in page order: JPEGs (DCTDecode alone) copied exactly as
 * stored, everything else decoded to gray or RGB pixels with its mask as alpha, for PNG. Identical images stored as
 * separate objects are kept once too (by a SHA-256 of their bytes). An image that cannot be decoded is left out and
 * counted, as a viewer shows nothing for it: a JPEG whose data MuPDF cannot read whole (it would be copied as it
 * is), another image that does not decode at all (one decoded in part is saved with what could be read). See
 * docs/decisions/021.
 */
export async function findPageImages(
  mupdf: Mupdf,
  doc: mupdf.PDFDocument,
  keep: (image: FoundImage) => void | Promise<void>,
): Promise<FoundImages> {
  let kept = 0;
  let undecodable = 0;
  const seenObjects = new Set<number>();
  const seenHashes = new Set<string>();
  const pageCount = doc.countPages();
  for (let index = 0; index < pageCount; index++) {
    const pageObject = doc.findPage(index);
    const resources = pageObject.getInheritable('Resources');
    if (!resources.isDictionary()) continue;
    const found = new Map<number, mupdf.PDFObject>();
    pageImages(resources, found, new Set());
    for (const [number, stream] of found) {
      if (seenObjects.has(number)) continue;
      seenObjects.add(number);
      const width = stream.get('Width').asNumber();
      const height = stream.get('Height').asNumber();
      if (width < MIN_SIDE || height < MIN_SIDE) continue;
      const names = streamFilters(stream);
      if (names.length === 1 && names[0] === 'DCTDecode') {
        if (!jpegDecodes(mupdf, doc, stream)) {
          undecodable++;
          continue;
        }
        const bytes = rawStreamData(stream);
        const hash = await sha256Hex(bytes);
        if (seenHashes.has(hash)) continue;
        seenHashes.add(hash);
        const components = stream.get('ColorSpace');
        const channels = components.isName() && components.asName() === 'DeviceGray' ? 1 : 3;
        kept++;
        await keep({ page: index + 1, object: number, jpeg: bytes, width, height, channels });
        continue;
      }
      let decoded;
      try {
        const image = loadImage(mupdf, doc, stream);
        try {
          decoded = pixelsWithAlpha(mupdf, image);
        } finally {
          image.destroy();
        }
      } catch {
        undecodable++;
        continue;
      }
      const hash = await sha256Hex(decoded.data);
      if (seenHashes.has(hash)) continue;
      seenHashes.add(hash);
      kept++;
      await keep({ page: index + 1, object: number, pixels: decoded });
    }
  }
  return { kept, undecodable };
}
