import type * as mupdf from 'mupdf';
import { forEachObject } from '../mupdf/pdf-objects.js';

/**
 * Font subsetting for Compress PDF (decision 101). Form-heavy PDFs often embed whole TrueType fonts (hundreds of
 * kilobytes each) for a few lines of text; Ghostscript's pdfwrite keeps only the glyphs used, and so does MuPDF's
 * subsetter. A form field needs its fonts whole, though: a reader typing a new value into a field draws it with
 * the font named in the form's default resources (/AcroForm /DR). So nothing is subset when any of those fonts
 * embeds a font program; forms whose fields use the standard fonts (Helvetica, Courier, ZapfDingbats, not
 * embedded) are subset like any other document.
 */
export function subsetFontsUnlessFieldsNeedThem(doc: mupdf.PDFDocument): boolean {
  if (fieldsNeedEmbeddedFonts(doc)) return false;
  doc.subsetFonts();
  return true;
}

const FONT_FILE_KEYS = ['FontFile', 'FontFile2', 'FontFile3'];

/**
 * True when subsetFontsUnlessFieldsNeedThem has something to do: some font descriptor embeds a font program and no
 * form field needs its fonts whole.
 */
export function hasFontsToSubset(doc: mupdf.PDFDocument): boolean {
  let embedded = false;
  forEachObject(doc, (ref) => {
    if (!embedded && ref.isDictionary()) embedded = FONT_FILE_KEYS.some((key) => ref.get(key).isStream());
  });
  return embedded && !fieldsNeedEmbeddedFonts(doc);
}

function fieldsNeedEmbeddedFonts(doc: mupdf.PDFDocument): boolean {
  // Step by step: MuPDF's get() on a missing entry's null object throws.
  const form = doc.getTrailer().get('Root').get('AcroForm');
  const resources = form.isDictionary() ? form.get('DR') : undefined;
  const fonts = resources?.isDictionary() ? resources.get('Font') : undefined;
  if (!fonts?.isDictionary()) return false;
  let embedded = false;
  fonts.forEach((font) => {
    if (embedsFontProgram(font)) embedded = true;
  });
  return embedded;
}

/** True when the font (simple or composite) carries a font program of its own. */
function embedsFontProgram(font: mupdf.PDFObject): boolean {
  if (!font.isDictionary()) return false;
  const descendants = font.get('DescendantFonts');
  const descendant = descendants.isArray() ? descendants.get(0) : font;
  if (!descendant.isDictionary()) return false;
  const descriptor = descendant.get('FontDescriptor');
  if (!descriptor.isDictionary()) return false;
  return FONT_FILE_KEYS.some((key) => descriptor.get(key).isStream());
}
