import * as mupdf from 'mupdf';
import * as shared from '@paperknife/mupdf-jobs/pdf-objects';

/**
 * The readers of PDF objects the MuPDF tasks share (`@paperknife/mupdf-jobs/pdf-objects`, which the browser runs
 * too), with the server's `mupdf` module bound where a reader needs the module.
 */
export {
  forEachObject,
  isImageXObject,
  nameOf,
  numberOf,
  rawStreamData,
  reachableObjects,
  streamBytes,
  streamFilters,
  walkedPageCount,
} from '@paperknife/mupdf-jobs/pdf-objects';

/** `doc.loadImage(ref)` that the caller's `destroy()` (and MuPDF's store) really frees. */
export function loadImage(doc: mupdf.PDFDocument, ref: mupdf.PDFObject): mupdf.Image {
  return shared.loadImage(mupdf, doc, ref);
}

/** Runs `work` and answers the errors MuPDF logged meanwhile; the messages still go to stderr. */
export function withMupdfErrors<T>(work: () => Promise<T>): Promise<{ value: T; errors: string[] }> {
  return shared.withMupdfErrors(mupdf, work);
}

/** withMupdfErrors for work that is done when it returns. */
export function withMupdfErrorsNow<T>(work: () => T): { value: T; errors: string[] } {
  return shared.withMupdfErrorsNow(mupdf, work);
}
