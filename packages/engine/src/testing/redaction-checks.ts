import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';

/**
 * How a redacted PDF is checked for leaks: what three readers find in it, each its own way. pdftotext (poppler)
 * and MuPDF extract the text of the pages; qpdf's QDF form shows every object with its streams uncompressed, so a
 * word left in a content stream, a bookmark, metadata or a form is found there too.
 */
export interface ExtractedText {
  pdftotext: string;
  mupdf: string;
  qpdf: string;
}

export function extractedText(path: string, password?: string): ExtractedText {
  const pdftotext = spawnSync('pdftotext', [...(password ? ['-upw', password] : []), path, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  }).stdout;
  const qpdf = spawnSync(
    'qpdf',
    [...(password ? [`--password=${password}`] : []), '--qdf', '--object-streams=disable', path, '-'],
    { encoding: 'latin1', maxBuffer: 1 << 30 },
  ).stdout;
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  if (password && doc.needsPassword()) doc.authenticatePassword(password);
  const pages: string[] = [];
  try {
    for (let index = 0; index < doc.countPages(); index++) {
      const page = doc.loadPage(index);
      pages.push(page.toStructuredText('preserve-whitespace').asText());
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
  return { pdftotext, mupdf: pages.join('\n'), qpdf };
}

/** The readers that still find `word` (any case; for qpdf, in a literal string or raw stream text). */
export function readersFinding(text: ExtractedText, word: string): (keyof ExtractedText)[] {
  const lower = word.toLowerCase();
  return (Object.keys(text) as (keyof ExtractedText)[]).filter((reader) => text[reader].toLowerCase().includes(lower));
}
