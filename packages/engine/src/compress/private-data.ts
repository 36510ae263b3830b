import type * as mupdf from 'mupdf';
import { forEachObject } from '../mupdf/pdf-objects.js';

/**
 * /PieceInfo (page-piece dictionaries) and /Thumb (embedded page thumbnails, which viewers draw themselves): data
 * only its creating application reads. What they pointed to goes when the file is written without them. An object
 * MuPDF cannot read stays as it is.
 */
export const PRIVATE_DATA_KEYS = ['PieceInfo', 'Thumb'] as const;

/** Removes the private data keys wherever they are, in MuPDF's copy of the file (for a file MuPDF saves anyway). */
export function discardPrivateData(doc: mupdf.PDFDocument): void {
  for (const object of findPrivateData(doc)) {
    const ref = doc.newIndirect(object);
    for (const key of PRIVATE_DATA_KEYS) if (!ref.get(key).isNull()) ref.delete(key);
  }
}

/** The objects (by number) whose dictionary holds a private data key, for qpdf's write of the file to drop. */
export function findPrivateData(doc: mupdf.PDFDocument): number[] {
  const objects: number[] = [];
  forEachObject(doc, (ref, object) => {
    if (ref.isDictionary() && PRIVATE_DATA_KEYS.some((key) => !ref.get(key).isNull())) objects.push(object);
  });
  return objects;
}
