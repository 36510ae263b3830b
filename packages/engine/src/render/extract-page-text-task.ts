import { appendFileSync, writeFileSync } from 'node:fs';
import { type PageTextResult, readPageText } from '@paperknife/mupdf-jobs/page-text';
import { openPdf } from '../mupdf/open-pdf.js';

export interface ExtractTextPayload {
  input: string;
  output: string;
}

export type ExtractTextResult = PageTextResult;

/**
 * The text of every page in reading order, written to `output` as UTF-8 one page at a time: the reading the device
 * runs too (`@paperknife/mupdf-jobs/page-text`), appended to a file. See docs/decisions/021.
 */
export function extractPageText(payload: ExtractTextPayload): ExtractTextResult {
  const doc = openPdf(payload.input);
  try {
    writeFileSync(payload.output, '');
    return readPageText(doc, (text) => appendFileSync(payload.output, text));
  } finally {
    doc.destroy();
  }
}
