import { openPdf } from '../mupdf/open-pdf.js';

export interface TextAmountPayload {
  input: string;
}

export interface TextAmount {
  pages: number;
  /** Characters of text on the pages, white space left out. */
  characters: number;
}

/** How much a copy of a document holds, as MuPDF reads it: Repair PDF keeps the copy that holds the most. */
export function textAmount(payload: TextAmountPayload): TextAmount {
  const doc = openPdf(payload.input);
  try {
    const pages = doc.countPages();
    let characters = 0;
    for (let index = 0; index < pages; index++) {
      const page = doc.loadPage(index);
      try {
        characters += page.toStructuredText('').asText().replace(/\s+/g, '').length;
      } catch {
        // A page MuPDF cannot read adds no text.
      } finally {
        page.destroy();
      }
    }
    return { pages, characters };
  } finally {
    doc.destroy();
  }
}
