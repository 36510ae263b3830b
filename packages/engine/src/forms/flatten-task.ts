import { copyFileSync, writeFileSync } from 'node:fs';
import type * as mupdf from 'mupdf';
import { openPdf } from '../mupdf/open-pdf.js';
import { entry } from './read-form-fields.js';

export interface FlattenPayload {
  input: string;
  output: string;
}

/**
 * Draws every form field and annotation into its page's content and removes it (MuPDF's bake). A form whose
 * fields ask the viewer to draw them (NeedAppearances) gets its appearances made first, so the values show.
 */
export function flattenDocument(payload: FlattenPayload): void {
  const doc = openPdf(payload.input);
  try {
    // Nothing to bake: the document is written back as it came, without MuPDF reading every page.
    if (!hasAnnotations(doc)) {
      copyFileSync(payload.input, payload.output);
      return;
    }
    const needAppearances = entry(doc.getTrailer(), 'Root', 'AcroForm', 'NeedAppearances');
    if (needAppearances?.isBoolean() && needAppearances.asBoolean()) {
      for (let index = 0; index < doc.countPages(); index++) {
        const page = doc.loadPage(index);
        for (const widget of page.getWidgets()) widget.update();
        page.destroy();
      }
    }
    doc.bake(true, true);
    writeFileSync(payload.output, doc.saveToBuffer('compress').asUint8Array());
  } finally {
    doc.destroy();
  }
}

/** Whether any page lists annotations (form fields' widgets among them), read from the page objects only. */
function hasAnnotations(doc: mupdf.PDFDocument): boolean {
  for (let index = 0; index < doc.countPages(); index++) {
    const annots = entry(doc.findPage(index), 'Annots');
    if (annots?.isArray() && annots.length > 0) return true;
  }
  return false;
}
