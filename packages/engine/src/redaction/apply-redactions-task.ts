import { writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import type { PageRect, RedactionBox } from '@paperknife/catalog/redaction';
import { openPdf } from '../mupdf/open-pdf.js';
import { normalizeRect } from '../page-layout/page-geometry.js';
import { appendPageContent, numbers, ownResources, resourceDictionary } from '../stamping/stamp-text-task.js';
import { pageImages, restoreJpegImages } from './blanked-images.js';
import { fillBoxes } from './fill-boxes.js';
import { pageHits } from './find-hits-task.js';
import { annotationGlyphs, readPageText } from './page-text.js';
import { rewriteQuoteOperators } from './quote-operators.js';
import { scrubDocumentStrings } from './scrub-strings.js';
import {
  type PageText,
  type RedactionSearch,
  type TextMatch,
  findPageMatches,
  scrubbed,
  searchPatterns,
  wordsInside,
} from './text-matches.js';

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
        const matches = findPageMatches(text, patterns);
        const hits = pageHits(index + 1, text, matches);
        const rects = [...hits.flatMap((hit) => hit.rects), ...boxes.map((box) => box.rect)];
        if (rects.length === 0) continue;
        for (const hit of hits) strings.add(hit.text);
        for (const box of boxes) {
          if (box.text?.trim()) strings.add(box.text.trim());
          else for (const word of wordsInside(text, box.rect)) strings.add(word);
        }
        clearCoveredFields(doc, page, rects);
        rewriteQuoteOperators(page.getObject());
        const images = pageImages(page);
        removeText(
          page,
          text,
          matches,
          hits.flatMap((hit) => hit.rects),
          boxes,
        );
        markAreas(page, rects);
        page.applyRedactions(
          false,
          mupdf.PDFPage.REDACT_IMAGE_PIXELS,
          mupdf.PDFPage.REDACT_LINE_ART_REMOVE_IF_COVERED,
          mupdf.PDFPage.REDACT_TEXT_NONE,
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

/** Redaction annotations over `rects`, for the next `applyRedactions` (which removes them). */
function markAreas(page: mupdf.PDFPage, rects: readonly PageRect[]) {
  for (const rect of rects) page.createAnnotation('Redact').setRect(rect);
}

/**
 * Removes the text of the matches and of the drawn boxes, and no glyph beside them. MuPDF takes every glyph whose
 * box (the font's ascent to descent, a tenth in from each side) touches a redaction area; in text set solid or
 * tighter, and in OCR layers, the boxes of the lines above and below reach into a match's area, and their glyphs
 * went with it. A match is therefore removed glyph by glyph, each through the middle of its own box (the core: 30 %
 * in from each side), which only its own glyph covers; MuPDF measures a glyph's box as the text reading does, so
 * every glyph of the match goes. Should one stay (a font measured otherwise), the match's whole areas remove the
 * rest, as before. A drawn box takes everything it touches, as the user drew it.
 */
function removeText(
  page: mupdf.PDFPage,
  text: PageText,
  matches: readonly TextMatch[],
  matchAreas: readonly PageRect[],
  boxes: readonly RedactionBox[],
) {
  const cores = matches.flatMap(({ start, end }) =>
    text.rects.slice(start, end).flatMap((rect) => (rect ? [core(rect)] : [])),
  );
  const textOnly = [
    false,
    mupdf.PDFPage.REDACT_IMAGE_NONE,
    mupdf.PDFPage.REDACT_LINE_ART_NONE,
    mupdf.PDFPage.REDACT_TEXT_REMOVE,
  ] as const;
  markAreas(
    page,
    boxes.map((box) => box.rect),
  );
  // One annotation holds every core as a quad: MuPDF tests a glyph against each quad's rectangle.
  if (cores.length > 0) {
    const annotation = page.createAnnotation('Redact');
    annotation.setRect(cores.reduce(union));
    annotation.setQuadPoints(cores.map(([x0, y0, x1, y1]) => [x0, y0, x1, y0, x0, y1, x1, y1]));
  }
  page.applyRedactions(...textOnly);
  if (cores.length === 0) return;
  const left = readPageText(page).rects.some((rect) => rect && cores.some((area) => containsCentre(area, rect)));
  if (!left) return;
  markAreas(page, matchAreas);
  page.applyRedactions(...textOnly);
}

const union = (a: PageRect, b: PageRect): PageRect => [
  Math.min(a[0], b[0]),
  Math.min(a[1], b[1]),
  Math.max(a[2], b[2]),
  Math.max(a[3], b[3]),
];

/** The middle of a glyph's box: 30 % in from each side. */
function core([x0, y0, x1, y1]: PageRect): PageRect {
  const dx = (x1 - x0) * 0.3;
  const dy = (y1 - y0) * 0.3;
  return [x0 + dx, y0 + dy, x1 - dx, y1 - dy];
}

/** Whether the centre of `rect` lies in `area` (edges included). */
const containsCentre = (area: PageRect, rect: PageRect) => {
  const x = (rect[0] + rect[2]) / 2;
  const y = (rect[1] + rect[3]) / 2;
  return x >= area[0] && x <= area[2] && y >= area[1] && y <= area[3];
};

/**
 * A text field whose shown text lies under a box loses its value: a value is one string and cannot keep a part. Where
 * some of its text shows outside every box, what it shows first becomes page content (the redaction then takes the
 * covered glyphs from it, as from any text) and the field goes. A box over the field's empty space leaves it. A
 * field without an appearance is read as MuPDF draws it on opening.
 */
function clearCoveredFields(doc: mupdf.PDFDocument, page: mupdf.PDFPage, rects: readonly PageRect[]) {
  for (const widget of page.getWidgets()) {
    if (widget.getFieldType() !== 'text' || !rects.some((rect) => overlaps(rect, widget.getBounds()))) continue;
    const shown = annotationGlyphs(widget);
    const covered = shown.filter((glyph) => rects.some((rect) => overlaps(rect, glyph))).length;
    if (covered === 0) continue;
    const partly = covered < shown.length && drawIntoPage(doc, page.getObject(), widget.getObject());
    widget.setTextValue('');
    widget.update();
    if (partly) removeField(doc, page, widget);
  }
}

/** Draws a widget's normal appearance into the page content, where it shows it; false without one. */
function drawIntoPage(doc: mupdf.PDFDocument, page: mupdf.PDFObject, widget: mupdf.PDFObject): boolean {
  const appearance = widget.get('AP').isDictionary() ? widget.get('AP', 'N') : undefined;
  if (!appearance?.isStream()) return false;
  const bbox = numbers(appearance.get('BBox'));
  const rect = numbers(widget.get('Rect'));
  if (bbox.length !== 4 || rect.length !== 4) return false;
  // A copy of the appearance: updating the field may rewrite its own stream in place.
  const copy = doc.newDictionary();
  appearance.forEach((value, key) => {
    if (!['Filter', 'DecodeParms', 'Length'].includes(String(key))) copy.put(String(key), value);
  });
  const form = doc.addStream(appearance.readStream(), copy);
  // The appearance's box, through its own matrix, fills the field's rectangle (PDF 32000, 12.5.5).
  const matrix = copy.get('Matrix').isArray() ? numbers(copy.get('Matrix')) : mupdf.Matrix.identity;
  const [x0, y0, x1, y1] = mupdf.Rect.transform([...normalizeRect(bbox)], matrix as mupdf.Matrix);
  if (!(x1 > x0 && y1 > y0)) return false;
  const [rx0, ry0, rx1, ry1] = normalizeRect(rect);
  const sx = (rx1 - rx0) / (x1 - x0);
  const sy = (ry1 - ry0) / (y1 - y0);
  const xobjects = resourceDictionary(doc, ownResources(doc, page), 'XObject');
  let n = 1;
  while (!xobjects.get(`PKField${n}`).isNull()) n++;
  const name = `PKField${n}`;
  xobjects.put(name, form);
  const save = doc.addStream('q\n', doc.newDictionary());
  appendPageContent(doc, page, save, `Q q ${sx} 0 0 ${sy} ${rx0 - x0 * sx} ${ry0 - y0 * sy} cm /${name} Do Q\n`);
  return true;
}

/** Takes a widget off its page and its field out of the form. */
function removeField(doc: mupdf.PDFDocument, page: mupdf.PDFPage, widget: mupdf.PDFWidget) {
  const object = widget.getObject();
  const parent = object.get('Parent');
  const siblings = parent.isDictionary() ? parent.get('Kids') : doc.getTrailer().get('Root', 'AcroForm', 'Fields');
  page.deleteAnnotation(widget);
  if (!siblings.isArray()) return;
  for (let i = siblings.length - 1; i >= 0; i--) {
    if (siblings.get(i).asIndirect() === object.asIndirect()) siblings.delete(i);
  }
}
