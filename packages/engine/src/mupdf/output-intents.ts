import * as mupdf from 'mupdf';
import { nameOf, numberOf } from './pdf-objects.js';

/**
 * Removes PDF/X output intents (/S /GTS_PDFX): the printing condition a press proof was made for, with its CMYK
 * profile, often larger than every image of the file together. Only for a result meant for screens, whose CMYK
 * images are converted to RGB (which PDF/X-1a forbids anyway). Pages' /DefaultCMYK entries that name the same
 * profile go too, so the profile is no longer used and goes with the caller's garbage collection; device CMYK
 * vector colours are then shown with the reader's own CMYK conversion. PDF/A intents (/GTS_PDFA1) stay: they are
 * small and an archive copy needs them.
 *
 * Answers the removed CMYK profile as a colour space, so device CMYK images can be converted to RGB through the
 * profile colour-managed readers applied to them.
 */
export function discardPrintOutputIntents(doc: mupdf.PDFDocument): mupdf.ColorSpace | undefined {
  const root = doc.getTrailer().get('Root');
  const intents = root.get('OutputIntents');
  if (!intents.isArray()) return undefined;
  const kept: mupdf.PDFObject[] = [];
  let profile: mupdf.PDFObject | undefined;
  intents.forEach((intent) => {
    if (nameOf(intent.get('S')) !== 'GTS_PDFX') {
      kept.push(intent);
      return;
    }
    const destination = intent.get('DestOutputProfile');
    if (destination.isStream() && numberOf(destination.get('N')) === 4) profile ??= destination;
  });
  if (kept.length === intents.length) return undefined;
  if (kept.length === 0) root.delete('OutputIntents');
  else {
    const array = doc.newArray();
    for (const intent of kept) array.push(intent);
    root.put('OutputIntents', array);
  }
  if (!profile) return undefined;
  if (profile.isIndirect()) dropDefaultCmyk(doc, profile.asIndirect());
  return new mupdf.ColorSpace(profile.readStream(), 'PDF/X output intent');
}

/** Deletes each page's /DefaultCMYK that is the ICC profile stream `object`. */
function dropDefaultCmyk(doc: mupdf.PDFDocument, object: number): void {
  for (let index = 0; index < doc.countPages(); index++) {
    const spaces = doc.findPage(index).get('Resources').get('ColorSpace');
    const space = spaces.get('DefaultCMYK');
    const stream = space.isArray() ? space.get(1) : undefined;
    if (stream?.isIndirect() && stream.asIndirect() === object) spaces.delete('DefaultCMYK');
  }
}
