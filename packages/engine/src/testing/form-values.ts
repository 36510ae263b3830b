import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';

/** A PDF's form values by field name, as MuPDF reads them back (checkboxes and radios: the state, or `Off`). */
export function formValuesOf(path: string): Record<string, string> {
  const doc: mupdf.PDFDocument | null = mupdf.Document.openDocument(readFileSync(path), 'application/pdf').asPDF();
  if (!doc) throw new Error(`${path} is not a PDF`);
  const values: Record<string, string> = {};
  try {
    for (let index = 0; index < doc.countPages(); index++) {
      const page = doc.loadPage(index);
      for (const widget of page.getWidgets()) values[widget.getName()] = widget.getValue();
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
  return values;
}

/** How many widgets (form fields' boxes) the PDF's pages hold. */
export function widgetCount(path: string): number {
  const doc: mupdf.PDFDocument | null = mupdf.Document.openDocument(readFileSync(path), 'application/pdf').asPDF();
  if (!doc) throw new Error(`${path} is not a PDF`);
  let count = 0;
  try {
    for (let index = 0; index < doc.countPages(); index++) {
      const page = doc.loadPage(index);
      count += page.getWidgets().length;
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
  return count;
}
