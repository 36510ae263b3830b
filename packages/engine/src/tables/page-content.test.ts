import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../testing/make-pdf.js';
import { readPageContent } from './page-content.js';

describe('readPageContent', () => {
  it('reads a letter-spaced cell as whole words, parted where a space goes (decision 217)', () => {
    const pdf = makePdf({ pages: [{ runs: [{ text: 'Net revenue 2024', x: 72, y: 700, letterSpacing: 2.5 }] }] });
    const doc = mupdf.Document.openDocument(pdf, 'application/pdf') as mupdf.PDFDocument;
    try {
      const words = readPageContent(doc.loadPage(0)).words.map((word) => word.text);
      expect(words).toEqual(['Net', 'revenue', '2024']);
    } finally {
      doc.destroy();
    }
  });
});
