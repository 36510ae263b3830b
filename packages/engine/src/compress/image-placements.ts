import * as mupdf from 'mupdf';
import {
  forEachObject,
  isImageXObject,
  loadImage,
  numberOf,
  reachableObjects,
  streamFilters,
} from '../mupdf/pdf-objects.js';

/**
 * Where the images of a PDF are drawn, per image XObject (by object number, wherever and however often a page or
 * a form draws it): the largest size any page draws it at. Compress reads this to resample each image once, to
 * the resolution its largest placement needs.
 */

/** An image XObject of the document. */
export interface ImageXObject {
  object: number;
  ref: mupdf.PDFObject;
  width: number;
  height: number;
}

/** The largest drawn width and height of an image, in points, along the image's own axes. */
export interface ImagePlacement {
  width: number;
  height: number;
}

/**
 * Every image XObject MuPDF can load, with the object numbers used as another image's soft mask. None is kept
 * loaded: a loaded image holds its compressed stream, and a book of photographs held at once is the whole file
 * again in the worker's heap. `unreadable` hears of each object MuPDF could not load.
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
      // JPEG 2000 is decoded on load: its size is read from the dictionary instead.
      if (streamFilters(ref).includes('JPXDecode')) {
        images.push({ object, ref, width: numberOf(ref.get('Width')), height: numberOf(ref.get('Height')) });
        return;
      }
      const image = loadImage(doc, ref);
      try {
        images.push({ object, ref, width: image.getWidth(), height: image.getHeight() });
      } finally {
        image.destroy();
        // MuPDF's store would keep it (up to hundreds of MB) for a reuse that does not come here.
        mupdf.emptyStore();
      }
    },
    unreadable,
  );
  return { images, softMasks };
}

/**
 * Runs every page through a device that only records where images are drawn, and answers each image's largest
 * placement by object number (images no page draws have none). Undefined if a page fails: such a page may draw
 * any image larger than was seen.
 *
 * While a page runs, the images it can reach (its resources, its annotations' appearances, forms and patterns in
 * them, at any depth) are held loaded: MuPDF keeps one fz_image per object while something holds it, so the images
 * the page draws are told apart by pointer. They are let go after each page, so one page's images are in memory at
 * a time. JPEG 2000 images are decoded on load, so they are not held; images drawn but not matched (those, and
 * inline images) are matched by pixel size instead, which can only over-estimate their drawn size.
 */
export function measurePlacements(
  doc: mupdf.PDFDocument,
  images: readonly ImageXObject[],
): Map<number, ImagePlacement> | undefined {
  const byObject = new Map(images.map((info) => [info.object, info]));
  let byPointer = new Map<number, number>();
  const placements = new Map<number, ImagePlacement>();
  const bySize = new Map<string, ImagePlacement>();
  const placed = (image: mupdf.Image, ctm: mupdf.Matrix) => {
    try {
      const object = byPointer.get(image.pointer);
      if (object !== undefined) placements.set(object, grow(placements.get(object), ctm));
      else {
        const size = `${image.getWidth()}x${image.getHeight()}`;
        bySize.set(size, grow(bySize.get(size), ctm));
      }
    } finally {
      // The device hands over a reference of its own: left to the garbage collector, which does not run while the
      // pages do, it held every image drawn until the last page.
      image.destroy();
    }
  };
  // Stencil masks (/ImageMask) are drawn through fillImageMask: scanners store the text layer of a page so.
  const device = new mupdf.Device({ fillImage: placed, fillImageMask: placed });
  try {
    for (let index = 0; index < doc.countPages(); index++) {
      const page = doc.loadPage(index);
      const held: mupdf.Image[] = [];
      try {
        byPointer = new Map();
        for (const object of reachableObjects(page.getObject())) {
          const info = byObject.get(object);
          if (!info || streamFilters(info.ref).includes('JPXDecode')) continue;
          const image = loadImage(doc, info.ref);
          held.push(image);
          byPointer.set(image.pointer, object);
        }
        page.run(device, mupdf.Matrix.identity);
      } finally {
        for (const image of held) image.destroy();
        page.destroy();
        mupdf.emptyStore();
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
