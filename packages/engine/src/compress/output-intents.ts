import * as mupdf from 'mupdf';
import { nameOf, numberOf } from '../mupdf/pdf-objects.js';

/**
 * PDF/X output intents (/S /GTS_PDFX): the printing condition a press proof was made for, with its CMYK profile,
 * often larger than every image of the file together. Colour-managed readers show device CMYK through that
 * profile. Compress converts CMYK images to RGB through it, and only when every device CMYK image was converted
 * drops the intent (see docs/decisions/101). PDF/A intents (/GTS_PDFA1) are never touched: they are small and an
 * archive copy needs them.
 */

/** The CMYK profile of the document's PDF/X output intent, as a colour space; undefined when it has none. */
export function printIntentProfile(doc: mupdf.PDFDocument): mupdf.ColorSpace | undefined {
  const profile = printIntents(doc)
    .map((intent) => intent.get('DestOutputProfile'))
    .find((destination) => destination.isStream() && numberOf(destination.get('N')) === 4);
  return profile ? new mupdf.ColorSpace(profile.readStream(), 'PDF/X output intent') : undefined;
}

/**
 * Removes the PDF/X output intents, for a result meant for screens whose CMYK images are all RGB now (which PDF/X-1a
 * forbids anyway). Pages' /DefaultCMYK entries that name the intent's profile go too, so the profile is no longer
 * used and goes with the next garbage collection; device CMYK vector colours are then shown with the reader's own
 * CMYK conversion. Answers true when something was removed.
 */
export function discardPrintOutputIntents(doc: mupdf.PDFDocument): boolean {
  const root = doc.getTrailer().get('Root');
  const intents = root.get('OutputIntents');
  const print = printIntents(doc);
  if (print.length === 0) return false;
  const kept: mupdf.PDFObject[] = [];
  intents.forEach((intent) => {
    if (nameOf(intent.get('S')) !== 'GTS_PDFX') kept.push(intent);
  });
  if (kept.length === 0) root.delete('OutputIntents');
  else {
    const array = doc.newArray();
    for (const intent of kept) array.push(intent);
    root.put('OutputIntents', array);
  }
  for (const intent of print) {
    const destination = intent.get('DestOutputProfile');
    if (destination.isStream() && destination.isIndirect()) dropDefaultCmyk(doc, destination.asIndirect());
  }
  return true;
}

function printIntents(doc: mupdf.PDFDocument): mupdf.PDFObject[] {
  const intents = doc.getTrailer().get('Root').get('OutputIntents');
  const print: mupdf.PDFObject[] = [];
  if (!intents.isArray()) return print;
  intents.forEach((intent) => {
    if (nameOf(intent.get('S')) === 'GTS_PDFX') print.push(intent);
  });
  return print;
}

/** Deletes each page's /DefaultCMYK that is the ICC profile stream `object`. */
function dropDefaultCmyk(doc: mupdf.PDFDocument, object: number): void {
  for (let index = 0; index < doc.countPages(); index++) {
    // Step by step: MuPDF's get() on a missing entry's null object throws.
    const resources = doc.findPage(index).get('Resources');
    const spaces = resources.isDictionary() ? resources.get('ColorSpace') : undefined;
    if (!spaces?.isDictionary()) continue;
    const space = spaces.get('DefaultCMYK');
    const stream = space.isArray() ? space.get(1) : undefined;
    if (stream?.isIndirect() && stream.asIndirect() === object) spaces.delete('DefaultCMYK');
  }
}
