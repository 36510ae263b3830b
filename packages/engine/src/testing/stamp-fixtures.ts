import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';

/** Test helpers for stamped text: where text sits on each page as a viewer sees it, and CropBox fixtures. */

export interface TextBox {
  text: string;
  /** In the visible page, origin top-left, y down (MuPDF's page space). */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The visible page's size. */
  pageWidth: number;
  pageHeight: number;
}

/** Every line of text on each page with its box in the visible page. */
export function visibleTextLines(path: string): TextBox[][] {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    const pages: TextBox[][] = [];
    for (let index = 0; index < doc.countPages(); index++) {
      const page = doc.loadPage(index);
      const [px0, py0, px1, py1] = page.getBounds();
      const json = JSON.parse(page.toStructuredText('preserve-whitespace').asJSON()) as {
        blocks: { lines?: { text: string; bbox: { x: number; y: number; w: number; h: number } }[] }[];
      };
      pages.push(
        json.blocks.flatMap((block) =>
          (block.lines ?? []).map((line) => ({
            text: line.text,
            x0: line.bbox.x - px0,
            y0: line.bbox.y - py0,
            x1: line.bbox.x + line.bbox.w - px0,
            y1: line.bbox.y + line.bbox.h - py0,
            pageWidth: px1 - px0,
            pageHeight: py1 - py0,
          })),
        ),
      );
      page.destroy();
    }
    return pages;
  } finally {
    doc.destroy();
  }
}

/** The PDF with a CropBox set on one page (0-based). */
export function withCropBox(pdf: Uint8Array, pageIndex: number, box: [number, number, number, number]): Buffer {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf').asPDF()!;
  try {
    doc.findPage(pageIndex).put('CropBox', box);
    return Buffer.from(doc.saveToBuffer('').asUint8Array());
  } finally {
    doc.destroy();
  }
}
