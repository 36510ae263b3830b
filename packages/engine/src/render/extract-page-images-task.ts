import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as mupdf from 'mupdf';
import { pixelsWithAlpha } from '../mupdf/image-pixels.js';
import { openPdf } from '../mupdf/open-pdf.js';
import { jpegDecodes } from '../mupdf/broken-images.js';
import { loadImage, rawStreamData, streamFilters } from '../mupdf/pdf-objects.js';

export interface ExtractImagesPayload {
  input: string;
  /** Where the image files go (the job folder). */
  folder: string;
}

export interface ExtractedImage {
  /** 1-based page where the image is first drawn. */
  page: number;
  /** A JPEG file copied byte for byte from the PDF... */
  jpeg?: string;
  /** ...or raw 8-bit pixels for the main thread to encode as PNG. */
  pixels?: string;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** What the pages hold: the images extracted, and how many could not be decoded and were left out. */
export interface ExtractedImages {
  images: ExtractedImage[];
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
 * Every image drawn on the pages, once: JPEGs (DCTDecode alone) copied exactly as stored, everything else
 * decoded to gray or RGB pixels with its mask as alpha, for PNG. Identical images stored as separate objects are
 * kept once too (by a hash of their bytes). An image that cannot be decoded is left out and counted, as a viewer
 * shows nothing for it: a JPEG whose data MuPDF cannot read whole (it would be copied as it is), another image
 * that does not decode at all (one decoded in part is saved with what could be read). See docs/decisions/021.
 */
export function extractPageImages(payload: ExtractImagesPayload): ExtractedImages {
  const doc = openPdf(payload.input);
  try {
    const images: ExtractedImage[] = [];
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
        const base = join(payload.folder, `image-${number}`);
        if (names.length === 1 && names[0] === 'DCTDecode') {
          if (!jpegDecodes(doc, stream)) {
            undecodable++;
            continue;
          }
          const bytes = rawStreamData(stream);
          const hash = createHash('sha256').update(bytes).digest('hex');
          if (seenHashes.has(hash)) continue;
          seenHashes.add(hash);
          writeFileSync(`${base}.jpg`, bytes);
          const components = stream.get('ColorSpace');
          images.push({
            page: index + 1,
            jpeg: `${base}.jpg`,
            width,
            height,
            channels: components.isName() && components.asName() === 'DeviceGray' ? 1 : 3,
          });
          continue;
        }
        let decoded;
        try {
          const image = loadImage(doc, stream);
          try {
            decoded = pixelsWithAlpha(image);
          } finally {
            image.destroy();
          }
        } catch {
          undecodable++;
          continue;
        }
        const hash = createHash('sha256').update(decoded.data).digest('hex');
        if (seenHashes.has(hash)) continue;
        seenHashes.add(hash);
        writeFileSync(`${base}.raw`, decoded.data);
        images.push({
          page: index + 1,
          pixels: `${base}.raw`,
          width: decoded.width,
          height: decoded.height,
          channels: decoded.channels,
        });
      }
    }
    return { images, undecodable };
  } finally {
    doc.destroy();
  }
}
