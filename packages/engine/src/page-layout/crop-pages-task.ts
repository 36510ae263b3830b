import { closeSync, openSync, readSync, writeFileSync } from 'node:fs';
import { ToolError } from '@paperknife/catalog/errors';
import { POINTS_PER_MM } from '@paperknife/catalog/paper-sizes';
import { drawTolerantPage } from '../mupdf/broken-images.js';
import { openPdf } from '../mupdf/open-pdf.js';
import { inkBox } from './ink-box.js';
import { innerBoxes, pageFrame, pageRect, rectObject } from './page-frames.js';
import { removeOutside } from './remove-outside.js';
import {
  type PageFrame,
  type Rect,
  type Sides,
  insetBox,
  intersectRects,
  marginsAround,
  visibleSize,
} from './page-geometry.js';

export interface CropPagesPayload {
  input: string;
  output: string;
  /** 1-based, ascending. */
  pages: number[];
  crop: { kind: 'margins'; margins: Sides } | { kind: 'trim-white'; sameBox: boolean };
  /** Remove what lies outside the crop box, and make the crop box the media box. */
  removeOutside: boolean;
}

function sizeInMm(frame: PageFrame): string {
  const { width, height } = visibleSize(frame);
  return `${Math.round(width / POINTS_PER_MM)} × ${Math.round(height / POINTS_PER_MM)} mm`;
}

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

/**
 * Whether the file starts with its header. Readers allow bytes before `%PDF-` and count offsets from the header;
 * MuPDF's incremental update would count them from the file's start, so such a file is written whole instead.
 */
function startsWithHeader(path: string): boolean {
  const head = Buffer.alloc(5);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  return head.toString('latin1') === '%PDF-';
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
 * save), so nothing else in it is rewritten, unless the file has bytes before its header. With `removeOutside`
 * the content outside goes (remove-outside.ts), the media box becomes the crop box, and the document is written
 * afresh with unused objects left out, so nothing removed stays in the file.
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
      // Measured on a copy of its own: drawing past an image MuPDF cannot decode drops that image from the document
      // it draws (mupdf/broken-images.ts), which must not reach the output.
      const measured = openPdf(payload.input);
      let inks: (Sides | undefined)[];
      try {
        inks = pages.map(({ number }, index) => {
          const ink = drawTolerantPage(measured, number - 1, inkBox).value;
          const inside = ink && intersectRects(ink, frames[index]!.box);
          return inside && marginsAround(frames[index]!, inside);
        });
      } finally {
        measured.destroy();
      }
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
      if (payload.removeOutside) {
        removeOutside(doc, pages[index]!.number - 1, box);
        object.put('MediaBox', rectObject(doc, box));
      }
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
    // Removed content must not stay in the file: written afresh, unused objects (old content streams) left out.
    const incremental = !payload.removeOutside && doc.canBeSavedIncrementally() && startsWithHeader(payload.input);
    const fresh = payload.removeOutside ? 'garbage=4,compress' : 'compress';
    const saved = doc.saveToBuffer(incremental ? 'incremental' : fresh);
    writeFileSync(payload.output, saved.asUint8Array());
    return { cropped };
  } finally {
    doc.destroy();
  }
}
