import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import * as mupdf from 'mupdf';

/**
 * Opens a PDF in MuPDF that reads the file as it needs it, instead of `new PDFDocument(path)`, which reads the whole
 * file into a JavaScript buffer and copies it into the WASM heap: two copies of a 100 MB upload held at once, and
 * the heap never shrinks. The file stays open until the document is destroyed (MuPDF then drops the stream).
 */
export function openPdfFromFile(path: string): mupdf.PDFDocument {
  const descriptor = openSync(path, 'r');
  const size = fstatSync(descriptor).size;
  let closed = false;
  const stream = new mupdf.Stream({
    fileSize: () => size,
    read: (memory, offset, length, position) => readSync(descriptor, memory, offset, length, position),
    close: () => {
      if (closed) return;
      closed = true;
      closeSync(descriptor);
    },
  });
  try {
    const doc = mupdf.Document.openDocument(stream, 'application/pdf');
    const pdf = doc.asPDF();
    if (!pdf) {
      doc.destroy();
      throw new Error(`not a PDF: ${path}`);
    }
    return pdf;
  } finally {
    // The document holds its own reference to the stream; this drops ours (and closes the file if opening failed).
    stream.destroy();
  }
}
