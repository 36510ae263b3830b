import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { ToolError } from '@paperknife/catalog/errors';

/**
 * Opens a PDF the preflight has already checked (decrypted, repaired) inside a MuPDF worker task. The caller
 * destroys it. A file MuPDF still cannot read is `damaged_pdf`.
 */
export function openPdf(path: string): mupdf.PDFDocument {
  try {
    const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
    const pdf = doc.asPDF();
    if (!pdf) throw new Error('not a PDF');
    return pdf;
  } catch (error) {
    throw new ToolError('damaged_pdf', undefined, { cause: error });
  }
}
