import type * as mupdf from 'mupdf';
import type { PageRect, RedactionHit, RedactionHits } from '@paperknife/catalog/redaction';
import { openPdf } from '../mupdf/open-pdf.js';
import { readPageText } from './page-text.js';
import {
  type PageText,
  type RedactionSearch,
  type TextMatch,
  contextOf,
  findPageMatches,
  rectsOf,
  searchPatterns,
} from './text-matches.js';

export interface FindHitsPayload {
  input: string;
  search: RedactionSearch;
}

/**
 * A hit's rectangle is its characters' quads, whose font ascent and descent reach into the lines above and below
 * in tightly set text: MuPDF would take the glyphs there that the box touches. A sixth off the top and bottom keeps
 * the box on its own line and still over every glyph of the match.
 */
function withinLine([x0, y0, x1, y1]: PageRect): PageRect {
  const inset = (y1 - y0) / 6;
  return [x0, y0 + inset, x1, y1 - inset];
}

/** The hits the matches of a search make on one page whose text has been read. */
export function pageHits(page: number, text: PageText, matches: readonly TextMatch[]): RedactionHit[] {
  return matches.flatMap((match) => {
    const rects = rectsOf(text, match.start, match.end).map(withinLine);
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
        const text = readPageText(page);
        result.hits.push(...pageHits(index + 1, text, findPageMatches(text, patterns)));
      } finally {
        page.destroy();
      }
    }
    return result;
  } finally {
    doc.destroy();
  }
}
