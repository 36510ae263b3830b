import * as mupdf from 'mupdf';
import { forEachObject, isImageXObject, numberOf, streamFilters } from './pdf-objects.js';

/**
 * Where the images of a PDF are drawn, per image XObject (by object number, wherever and however often a page or
 * a form draws it): the largest size any page draws it at. Compress reads this to resample each image once, to
 * the resolution its largest placement needs.
 */

/** An image XObject of the document. */
export interface ImageXObject {
  object: number;
  ref: mupdf.PDFObject;
  /** Held while pages run, so its pointer identifies it; absent for JPEG 2000. The caller destroys it. */
  image?: mupdf.Image;
  width: number;
  height: number;
}

/** The largest drawn width and height of an image, in points, along the image's own axes. */
export interface ImagePlacement {
  width: number;
  height: number;
}

/**
 * Loads every image XObject. MuPDF keeps one fz_image per object while something holds it, so the images a page
 * draws can be told apart by pointer. JPEG 2000 images are decoded on load, so they are not held: their
 * placements are matched by pixel size instead (which can only over-estimate their drawn size). Also answers the
 * object numbers used as another image's soft mask. `unreadable` hears of each object MuPDF could not load.
 */
export function findImageXObjects(
  doc: mupdf.PDFDocument,
  unreadable: () => void,
): { images: ImageXObject[]; softMasks: Set<number> } {
  const images: ImageXObject[] = [];
  const softMasks = new Set<number>();
  forEachObject(
    doc,
    (ref, object) => {
      if (!isImageXObject(ref)) return;
      const smask = ref.get('SMask');
      if (smask.isIndirect()) softMasks.add(smask.asIndirect());
      if (streamFilters(ref).includes('JPXDecode')) {
        images.push({ object, ref, width: numberOf(ref.get('Width')), height: numberOf(ref.get('Height')) });
        return;
      }
      const image = doc.loadImage(ref);
      images.push({ object, ref, image, width: image.getWidth(), height: image.getHeight() });
    },
    unreadable,
  );
  return { images, softMasks };
}

/**
 * Runs every page through a device that only records where images are drawn, and answers each image's largest
 * placement by object number (images no page draws have none). Undefined if a page fails: such a page may draw
 * any image larger than was seen.
 */
export function measurePlacements(
  doc: mupdf.PDFDocument,
  images: readonly ImageXObject[],
): Map<number, ImagePlacement> | undefined {
  const byPointer = new Map<unknown, number>();
  for (const info of images) if (info.image) byPointer.set(info.image.pointer, info.object);
  const placements = new Map<number, ImagePlacement>();
  const bySize = new Map<string, ImagePlacement>();
  const placed = (image: mupdf.Image, ctm: mupdf.Matrix) => {
    const object = byPointer.get(image.pointer);
    if (object !== undefined) placements.set(object, grow(placements.get(object), ctm));
    else {
      const size = `${image.getWidth()}x${image.getHeight()}`;
      bySize.set(size, grow(bySize.get(size), ctm));
    }
  };
  // Stencil masks (/ImageMask) are drawn through fillImageMask: scanners store the text layer of a page so.
  const device = new mupdf.Device({ fillImage: placed, fillImageMask: placed });
  try {
    for (let index = 0; index < doc.countPages(); index++) {
      const page = doc.loadPage(index);
      try {
        page.run(device, mupdf.Matrix.identity);
      } finally {
        page.destroy();
      }
    }
    device.close();
  } catch {
    return undefined;
  } finally {
    device.destroy();
  }
  // Images MuPDF handed over as another object (JPEG 2000, inline images): merge by pixel size.
  for (const info of images) {
    const loose = bySize.get(`${info.width}x${info.height}`);
    if (loose) placements.set(info.object, grow(placements.get(info.object), [loose.width, 0, 0, loose.height, 0, 0]));
  }
  return placements;
}

/** The placement grown to cover a drawing with this matrix (the unit square's sides are the image's axes). */
function grow(old: ImagePlacement | undefined, ctm: mupdf.Matrix): ImagePlacement {
  return {
    width: Math.max(Math.hypot(ctm[0], ctm[1]), old?.width ?? 0),
    height: Math.max(Math.hypot(ctm[2], ctm[3]), old?.height ?? 0),
  };
}
