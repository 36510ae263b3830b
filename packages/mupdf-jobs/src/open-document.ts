import type * as mupdf from 'mupdf';
import { ToolError } from '@paperknife/catalog/errors';
import { SNIFF_BYTES, detectFileType } from '@paperknife/catalog/file-types';
import { checkPageLimit } from '@paperknife/qpdf-jobs/qpdf-session';
import type { Mupdf } from './mupdf-module.js';
import { walkedPageCount } from './pdf-objects.js';

/**
 * Opens an upload's bytes on the device as the server's preflight would let it through, or refuses it with the
 * server's code: not a PDF (`unsupported_file_type`), one that needs a password (`encrypted_pdf`; one with only an
 * owner password opens, as the server decrypts it quietly), one over the page limit (`too_many_pages`), and one MuPDF
 * cannot read, had to repair, or whose page tree's /Count is not what it holds (`damaged_pdf`). The server repairs
 * the last kind first (qpdf, then MuPDF) and goes on; the device does not, so on the device `damaged_pdf` means the
 * file needs the server's repair. The caller destroys the document.
 */
export function openUpload(mupdf: Mupdf, bytes: Uint8Array, maxPages: number): mupdf.PDFDocument {
  if (detectFileType(bytes.subarray(0, SNIFF_BYTES)) !== 'pdf') {
    throw new ToolError('unsupported_file_type', 'This file is not a PDF. Choose a PDF file and try again.');
  }
  let doc: mupdf.PDFDocument;
  try {
    const opened = mupdf.Document.openDocument(bytes, 'application/pdf');
    const pdf = opened.asPDF();
    if (!pdf) {
      opened.destroy();
      throw new Error('not a PDF');
    }
    doc = pdf;
  } catch (error) {
    throw new ToolError('damaged_pdf', undefined, { cause: error });
  }
  try {
    if (doc.needsPassword()) throw new ToolError('encrypted_pdf');
    let pages: number;
    let walked: number;
    try {
      pages = doc.countPages();
      walked = walkedPageCount(doc);
    } catch (error) {
      throw new ToolError('damaged_pdf', undefined, { cause: error });
    }
    if (doc.wasRepaired() || pages !== walked) throw new ToolError('damaged_pdf');
    checkPageLimit(pages, maxPages);
    return doc;
  } catch (error) {
    doc.destroy();
    throw error;
  }
}
