import type * as mupdf from 'mupdf';
import { type PageFrame, type Rect, intersectRects, normalizeRect, quarterOf } from './page-geometry.js';

/** US Letter, the default media box of a page that has none (PDF 1.7, 7.7.3.3 leaves it to the reader). */
const LETTER: Rect = [0, 0, 612, 792];

function rectOf(value: mupdf.PDFObject): Rect | undefined {
  if (!value.isArray() || value.length !== 4) return undefined;
  const numbers: number[] = [];
  value.forEach((item) => numbers.push(item.isNumber() ? item.asNumber() : Number.NaN));
  if (numbers.some((number) => !Number.isFinite(number))) return undefined;
  const rect = normalizeRect(numbers);
  return rect[2] > rect[0] && rect[3] > rect[1] ? rect : undefined;
}

/** A page dictionary's visible frame: its crop box within its media box (inherited values read), and its turn. */
export function pageFrame(page: mupdf.PDFObject): PageFrame {
  const media = rectOf(page.getInheritable('MediaBox')) ?? LETTER;
  const crop = rectOf(page.getInheritable('CropBox'));
  const rotate = page.getInheritable('Rotate');
  return {
    box: (crop && intersectRects(crop, media)) ?? media,
    rotate: quarterOf(rotate.isNumber() ? rotate.asNumber() : 0),
  };
}

/** A page's other boxes (Bleed, Trim, Art), which must stay inside its crop box. */
export const innerBoxes = ['BleedBox', 'TrimBox', 'ArtBox'] as const;

export function pageRect(page: mupdf.PDFObject, key: string): Rect | undefined {
  return rectOf(page.get(key));
}

export function rectObject(doc: mupdf.PDFDocument, rect: Rect): mupdf.PDFObject {
  const array = doc.newArray();
  for (const value of rect) array.push(doc.newReal(Math.round(value * 1000) / 1000));
  return array;
}
