import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as mupdf from 'mupdf';
import { pixelsWithAlpha } from '../mupdf/image-pixels.js';
import { openPdf } from '../mupdf/open-pdf.js';
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
 * kept once too (by a hash of their bytes). See docs/decisions/021.
 */
export function extractPageImages(payload: ExtractImagesPayload): ExtractedImage[] {
  const doc = openPdf(payload.input);
  try {
    const images: ExtractedImage[] = [];
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
          continue; // an image MuPDF cannot decode is skipped, as a viewer would show nothing for it
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
    return images;
  } finally {
    doc.destroy();
  }
}
