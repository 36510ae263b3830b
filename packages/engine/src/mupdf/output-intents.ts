import type * as mupdf from 'mupdf';
import { nameOf } from './pdf-objects.js';

/**
 * Removes PDF/X output intents (/S /GTS_PDFX): the printing condition a press proof was made for, with its CMYK
 * profile, often larger than every image of the file together. Only for a result meant for screens, whose CMYK
 * images were converted to RGB (which PDF/X-1a forbids anyway). PDF/A intents (/GTS_PDFA1) stay: they are small
 * and an archive copy needs them. The profile goes with the caller's garbage collection when nothing else uses it.
 */
export function discardPrintOutputIntents(doc: mupdf.PDFDocument): void {
  const root = doc.getTrailer().get('Root');
  const intents = root.get('OutputIntents');
  if (!intents.isArray()) return;
  const kept: mupdf.PDFObject[] = [];
  intents.forEach((intent) => {
    if (nameOf(intent.get('S')) !== 'GTS_PDFX') kept.push(intent);
  });
  if (kept.length === intents.length) return;
  if (kept.length === 0) {
    root.delete('OutputIntents');
    return;
  }
  const array = doc.newArray();
  for (const intent of kept) array.push(intent);
  root.put('OutputIntents', array);
}
