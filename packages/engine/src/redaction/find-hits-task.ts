import type * as mupdf from 'mupdf';
import type { RedactionHit, RedactionHits } from '@paperknife/catalog/redaction';
import { openPdf } from '../mupdf/open-pdf.js';
import { readPageText } from './page-text.js';
import {
  type PageText,
  type RedactionSearch,
  contextOf,
  findMatches,
  rectsOf,
  searchPatterns,
} from './text-matches.js';

export interface FindHitsPayload {
  input: string;
  search: RedactionSearch;
}

/** The matches of a search on one page whose text has been read. */
export function pageHits(page: number, text: PageText, patterns: ReturnType<typeof searchPatterns>): RedactionHit[] {
  return findMatches(text.text, patterns).flatMap((match) => {
    const rects = rectsOf(text, match.start, match.end);
    if (rects.length === 0) return [];
    return [{ page, text: match.text, ...contextOf(text.text, match.start, match.end), rects }];
  });
}

/** The size of a page as it is shown (rotation applied), in points. */
export function shownSize(page: mupdf.PDFPage): { width: number; height: number } {
  const [x0, y0, x1, y1] = page.getBounds();
  return { width: x1 - x0, height: y1 - y0 };
}

/** Every match of the search in the document, for review before redacting (`output=hits`). */
export function findHits(payload: FindHitsPayload): RedactionHits {
  const patterns = searchPatterns(payload.search);
  const doc = openPdf(payload.input);
  try {
    const result: RedactionHits = { pages: [], hits: [] };
    for (let index = 0; index < doc.countPages(); index++) {
      const page = doc.loadPage(index);
      try {
        result.pages.push({ page: index + 1, ...shownSize(page) });
        result.hits.push(...pageHits(index + 1, readPageText(page), patterns));
      } finally {
        page.destroy();
      }
    }
    return result;
  } finally {
    doc.destroy();
  }
}
