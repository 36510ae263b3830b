import type * as mupdf from 'mupdf';
import { forEachObject } from './pdf-objects.js';

/**
 * Removes /PieceInfo (page-piece dictionaries) and /Thumb (embedded page thumbnails, which viewers draw
 * themselves) wherever they are: data only its creating application reads. What they pointed to goes with the
 * caller's garbage collection on save. An object MuPDF cannot read stays as it is.
 */
export function discardPrivateData(doc: mupdf.PDFDocument): void {
  forEachObject(doc, (ref) => {
    if (!ref.isDictionary()) return;
    for (const key of ['PieceInfo', 'Thumb']) if (!ref.get(key).isNull()) ref.delete(key);
  });
}
