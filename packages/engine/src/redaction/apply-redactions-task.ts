import { writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import type { PageRect, RedactionBox } from '@paperknife/catalog/redaction';
import { openPdf } from '../mupdf/open-pdf.js';
import { pageImages, restoreJpegImages } from './blanked-images.js';
import { fillBoxes } from './fill-boxes.js';
import { pageHits } from './find-hits-task.js';
import { readPageText } from './page-text.js';
import { rewriteQuoteOperators } from './quote-operators.js';
import { scrubDocumentStrings } from './scrub-strings.js';
import { type RedactionSearch, scrubbed, searchPatterns, wordsInside } from './text-matches.js';

export interface ApplyRedactionsPayload {
  input: string;
  output: string;
  boxes: RedactionBox[];
  search: RedactionSearch;
  /** The boxes' colour, RGB 0..1. */
  fill: [number, number, number];
}

export interface ApplyRedactionsResult {
  /** Areas blacked out, by page (1-based): hits of the search and boxes. */
  areas: [page: number, count: number][];
  /** Strings, names, streams and annotations beside the page content that had a redacted string removed. */
  elsewhere: number;
}

const overlaps = (a: PageRect, b: readonly number[]) => a[0] < b[2]! && b[0]! < a[2] && a[1] < b[3]! && b[1]! < a[3];

/**
 * Blacks out every hit of the search and every box, page by page, with MuPDF's redaction: the text under each area
 * goes, the covered pixels of images are blanked, drawings wholly inside go, and the area is filled in the chosen
 * colour. The words redacted then leave every string and stream beside the page content (scrub-strings.ts); the
 * document is written afresh, so no earlier copy of a page's contents stays in the file.
 */
export function applyRedactions(payload: ApplyRedactionsPayload): ApplyRedactionsResult {
  const patterns = searchPatterns(payload.search);
  const doc = openPdf(payload.input);
  try {
    const pageCount = doc.countPages();
    const strings = new Set<string>();
    const areas: [number, number][] = [];
    for (let index = 0; index < pageCount; index++) {
      const boxes = payload.boxes.filter((box) => box.page === index + 1);
      if (patterns.length === 0 && boxes.length === 0) continue;
      const page = doc.loadPage(index);
      try {
        const text = readPageText(page);
        const hits = pageHits(index + 1, text, patterns);
        const rects = [...hits.flatMap((hit) => hit.rects), ...boxes.map((box) => box.rect)];
        if (rects.length === 0) continue;
        for (const hit of hits) strings.add(hit.text);
        for (const box of boxes) {
          if (box.text?.trim()) strings.add(box.text.trim());
          else for (const word of wordsInside(text, box.rect)) strings.add(word);
        }
        clearCoveredFields(page, rects);
        rewriteQuoteOperators(page.getObject());
        for (const rect of rects) {
          const annot = page.createAnnotation('Redact');
          annot.setRect(rect);
        }
        const images = pageImages(page);
        page.applyRedactions(
          false,
          mupdf.PDFPage.REDACT_IMAGE_PIXELS,
          mupdf.PDFPage.REDACT_LINE_ART_REMOVE_IF_COVERED,
          mupdf.PDFPage.REDACT_TEXT_REMOVE,
        );
        restoreJpegImages(doc, page, images);
        fillBoxes(doc, page, rects, payload.fill);
        areas.push([index + 1, hits.length + boxes.length]);
      } finally {
        page.destroy();
      }
    }
    const scrub = (value: string) => scrubbed(value, [...strings], patterns);
    const elsewhere = scrubDocumentStrings(doc, scrub);
    // garbage=4: objects no longer used (old contents, replaced images) are left out of the new file.
    writeFileSync(payload.output, doc.saveToBuffer('garbage=4,compress').asUint8Array());
    return { areas, elsewhere };
  } finally {
    doc.destroy();
  }
}

/** A text field under a box loses its value: what it showed lay under the box. */
function clearCoveredFields(page: mupdf.PDFPage, rects: readonly PageRect[]) {
  for (const widget of page.getWidgets()) {
    if (widget.getFieldType() !== 'text' || !rects.some((rect) => overlaps(rect, widget.getBounds()))) continue;
    widget.setTextValue('');
    widget.update();
  }
}
