import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { ToolError } from '@paperknife/catalog/errors';
import { openPdfFromFile } from './file-stream.js';

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

/**
 * openPdf for a task that may save a large file: MuPDF reads the file as it needs it (openPdfFromFile) instead of
 * holding it whole twice, in a JavaScript buffer and in its heap, beside the saved copy.
 */
export function openPdfReadingAsNeeded(path: string): mupdf.PDFDocument {
  try {
    return openPdfFromFile(path);
  } catch (error) {
    throw new ToolError('damaged_pdf', undefined, { cause: error });
  }
}
