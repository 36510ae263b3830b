import { openPdf } from '../mupdf/open-pdf.js';
import { HELPER, type HelperPage, type SharedPages, takePage } from './shared-pages.js';
import { type ReadPage, readPage } from './word-pages.js';

export interface PdfToWordPagesPayload {
  input: string;
  /** The job folder, where the pages' pictures go (the task reads them from there). */
  folder: string;
  pages: SharedPages;
}

/**
 * PDF to Word's helper on the pool's other worker: reads the pages the PDF to Word task has not taken yet, one at
 * a time, and sends each page's layout to the task, which builds the document (docs/decisions/151). Gives how many
 * pages it read.
 */
export async function pdfToWordPages(payload: PdfToWordPagesPayload): Promise<{ pages: number }> {
  const { claims, port } = payload.pages;
  let read = 0;
  try {
    const doc = openPdf(payload.input);
    try {
      const count = doc.countPages();
      for (let index = takePage(claims, count, HELPER); index !== undefined; index = takePage(claims, count, HELPER)) {
        const message: HelperPage<ReadPage> = { page: index, read: readPage(doc, index, payload.folder) };
        port.postMessage(message);
        read++;
      }
    } finally {
      doc.destroy();
    }
  } finally {
    // Pages posted before the port closes still reach the task.
    port.close();
  }
  return { pages: read };
}
