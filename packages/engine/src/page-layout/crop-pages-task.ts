import { writeFileSync } from 'node:fs';
import { ToolError } from '@paperknife/catalog/errors';
import { POINTS_PER_MM } from '@paperknife/catalog/paper-sizes';
import { openPdf } from '../mupdf/open-pdf.js';
import { inkBox } from './ink-box.js';
import { innerBoxes, pageFrame, pageRect, rectObject } from './page-frames.js';
import { type PageFrame, type Rect, type Sides, insetBox, intersectRects, marginsAround } from './page-geometry.js';

export interface CropPagesPayload {
  input: string;
  output: string;
  /** 1-based, ascending. */
  pages: number[];
  crop: { kind: 'margins'; margins: Sides } | { kind: 'trim-white'; sameBox: boolean };
}

const sizeInMm = (frame: PageFrame) =>
  `${Math.round((frame.box[2] - frame.box[0]) / POINTS_PER_MM)} × ${Math.round((frame.box[3] - frame.box[1]) / POINTS_PER_MM)} mm`;

/** The margins of `page` that `margins` leave something of, or the refusal naming the page. */
function cutMargins(frame: PageFrame, margins: Sides, page: number): Rect {
  const box = insetBox(frame, margins);
  if (!box) {
    throw new ToolError(
      'invalid_option',
      `The margins leave nothing of page ${page} (${sizeInMm(frame)}, as shown). Make them smaller.`,
    );
  }
  return box;
}

const smallest = (all: readonly Sides[]): Sides => ({
  top: Math.min(...all.map((sides) => sides.top)),
  right: Math.min(...all.map((sides) => sides.right)),
  bottom: Math.min(...all.map((sides) => sides.bottom)),
  left: Math.min(...all.map((sides) => sides.left)),
});

/**
 * Crops pages by setting their /CropBox, measured on the page as shown (its current crop box, turned by /Rotate);
 * the media box and the content stay, so content outside is hidden, not removed, and the crop can be undone. A
 * trim, bleed or art box is cut to the new crop box, which it must not exceed (docs/decisions/183). Trim white
 * finds each page's ink in a low-resolution render; with `sameBox` every page loses the margins the fullest page
 * allows. A page without ink keeps its box when trimmed alone. The update is appended to the file (incremental
 * save), so nothing else in it is rewritten.
 */
export function cropPages(payload: CropPagesPayload): { cropped: number } {
  const doc = openPdf(payload.input);
  try {
    const pages = payload.pages.map((number) => ({ number, object: doc.findPage(number - 1) }));
    const frames = pages.map(({ object }) => pageFrame(object));
    let boxes: (Rect | undefined)[];
    const { crop } = payload;
    if (crop.kind === 'margins') {
      boxes = frames.map((frame, index) => cutMargins(frame, crop.margins, pages[index]!.number));
    } else {
      const inks = pages.map(({ number }, index) => {
        const ink = inkBox(doc.loadPage(number - 1));
        const inside = ink && intersectRects(ink, frames[index]!.box);
        return inside && marginsAround(frames[index]!, inside);
      });
      const found = inks.filter((sides) => sides !== undefined);
      const shared = crop.sameBox && found.length > 0 ? smallest(found) : undefined;
      boxes = frames.map((frame, index) => {
        const margins = shared ?? inks[index];
        return margins && cutMargins(frame, margins, pages[index]!.number);
      });
    }
    let cropped = 0;
    pages.forEach(({ object }, index) => {
      const box = boxes[index];
      if (!box) return;
      object.put('CropBox', rectObject(doc, box));
      for (const key of innerBoxes) {
        const inner = pageRect(object, key);
        if (!inner) continue;
        const kept = intersectRects(inner, box);
        if (kept) object.put(key, rectObject(doc, kept));
        else object.delete(key);
      }
      cropped += 1;
    });
    const saved = doc.saveToBuffer(doc.canBeSavedIncrementally() ? 'incremental' : 'compress');
    writeFileSync(payload.output, saved.asUint8Array());
    return { cropped };
  } finally {
    doc.destroy();
  }
}
