import { writeFileSync } from 'node:fs';
import { ToolError } from '@paperknife/catalog/errors';
import { openPdf } from '../mupdf/open-pdf.js';

/**
 * The preflight's last repair (docs/decisions/012): MuPDF reads broken streams and content leniently, and
 * `sanitize` rewrites every content stream from what it understood, which fixes files whose content qpdf can only
 * copy as it is. A file MuPDF finds no page in is `damaged_pdf`.
 */
export interface RepairPdfPayload {
  input: string;
  output: string;
}

export function repairPdf(payload: RepairPdfPayload): void {
  const doc = openPdf(payload.input);
  try {
    if (doc.countPages() < 1) throw new ToolError('damaged_pdf');
    const buffer = doc.saveToBuffer('garbage=compact,sanitize,compress');
    try {
      writeFileSync(payload.output, buffer.asUint8Array());
    } finally {
      buffer.destroy();
    }
  } finally {
    doc.destroy();
  }
}
