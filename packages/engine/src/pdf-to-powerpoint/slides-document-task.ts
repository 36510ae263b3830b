import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { jobStages } from '@paperknife/catalog/job-stages';
import { openPdf } from '../mupdf/open-pdf.js';
import type { ReportProgress } from '../mupdf/task-table.js';
import type { LayoutBlock, LayoutLine } from '../pdf-to-word/layout-model.js';
import { readPage } from '../pdf-to-word/word-pages.js';
import { type Box, heightOf, union, widthOf } from '../tables/table-model.js';
import { writePresentation } from './pptx-document.js';
import { BACKDROP_SHARE, pictureScale, readSlideDrawing } from './slide-drawing.js';
import type { Slide, SlideItem, SlideText } from './slide-model.js';
import { withListMarkers } from './slide-lists.js';
import { putSlideNumbersLast } from './slide-numbers.js';

export interface PdfToPowerpointPayload {
  input: string;
  /** Where the .pptx goes. */
  output: string;
  /** The job folder, for the pictures on their way into the presentation. */
  folder: string;
  title: string;
  /** Each page as one picture, for an exact look. */
  pagesAsPictures: boolean;
}

export interface PdfToPowerpointResult {
  slides: number;
  textBoxes: number;
  pictures: number;
  shapes: number;
  /** 1-based numbers of the pages that look scanned (no text, a picture of it): what OCR would make editable. */
  scannedPages: number[];
}

/** More pictures than this on a page go into the picture behind the slide. */
const MAX_PICTURES = 40;
/** Each page as a picture is drawn at this resolution. */
const PAGE_PICTURE_DPI = 150;

/** A text box around `lines`. */
function textBox(lines: LayoutLine[]): SlideText {
  return { kind: 'text', ...union(lines), lines };
}

/**
 * The text boxes of a page's blocks in the order the page draws them: a slide's shapes are drawn in their order,
 * which reading the page top to bottom (a table after the text) loses. A box is a block's lines, or a table cell's,
 * drawn one after the other (drawnRuns), and goes where its first line is drawn: a table drawn with rules may be a
 * diagram of separate shapes as well as a table, and a table's text is drawn cell by cell either way.
 */
export function textBoxesInDrawingOrder(blocks: readonly LayoutBlock[]): SlideText[] {
  const boxes = blocks.flatMap((block) =>
    (block.kind === 'text' ? [block.lines] : block.kind === 'table' ? block.cells.map((cell) => cell.lines) : [])
      .flatMap(drawnRuns)
      .filter((lines) => lines.length > 0)
      .map(textBox),
  );
  const firstDrawn = (box: SlideText) => Math.min(...box.lines.map((line) => line.drawn ?? Number.MAX_SAFE_INTEGER));
  return boxes.sort((a, b) => firstDrawn(a) - firstDrawn(b));
}

/**
 * Lines of a block (or a cell) parted where the page drew another block's line between two of them: MuPDF joins
 * lines that stand close (a diagram's labels, a slide number over a table's corner) into one block or cell, and
 * each shape's text is drawn whole, so lines drawn one after the other belong together. Each part keeps the block's
 * order of its lines; lines that tell no drawing place stay one part.
 */
function drawnRuns(lines: readonly LayoutLine[]): LayoutLine[][] {
  const drawn = lines.filter((line) => line.drawn !== undefined).sort((a, b) => a.drawn! - b.drawn!);
  if (drawn.length < lines.length) return [[...lines]];
  const run = new Map<LayoutLine, number>();
  let runs = 0;
  drawn.forEach((line, index) => {
    if (index > 0 && line.drawn! !== drawn[index - 1]!.drawn! + 1) runs++;
    run.set(line, runs);
  });
  return Array.from({ length: runs + 1 }, (_, index) => lines.filter((line) => run.get(line) === index));
}

/**
 * A page read into a slide: a picture the size of the slide (its backdrop), its vector drawing, then its other
 * pictures, then its text on top. A chart's labels (readPage's `charts`) are drawn behind with the chart.
 */
function editableSlide(doc: mupdf.PDFDocument, index: number, folder: string): { slide: Slide; scanned: boolean } {
  const { layout, scanned } = readPage(doc, index, folder, {
    drawingsAsPictures: 'charts',
    hiddenText: true,
    maxPictures: MAX_PICTURES,
  });
  const images = layout.blocks.filter((block) => block.kind === 'image');
  // A page drawn from many small images (tiles, a texture) is one picture behind the slide, not hundreds.
  const imagesInBackground = layout.picturesUnread === true;
  const page = doc.loadPage(index) as mupdf.PDFPage;
  let drawing;
  try {
    const background = join(folder, `slide-${index + 1}-background.png`);
    drawing = readSlideDrawing(page, background, imagesInBackground, layout.charts ?? []);
  } finally {
    page.destroy();
  }
  const { width, height } = layout;
  const items: SlideItem[] = [];
  // A picture as large as the slide is its backdrop, drawn first: on top it would hide the drawing (readSlideDrawing
  // leaves out what the page drew before it).
  const backdrop = (image: Box) => widthOf(image) * heightOf(image) >= BACKDROP_SHARE * width * height;
  const pictures = imagesInBackground ? [] : images.map((image): SlideItem => ({ ...image, kind: 'picture' }));
  items.push(...pictures.filter(backdrop));
  if (drawing.background) {
    items.push({ kind: 'picture', x0: 0, y0: 0, x1: width, y1: height, file: drawing.background, format: 'png' });
  }
  items.push(...drawing.shapes, ...pictures.filter((picture) => !backdrop(picture)));
  items.push(...withListMarkers(textBoxesInDrawingOrder(layout.blocks)));
  return { slide: { width, height, items }, scanned };
}

/** A page as one picture of itself. */
function pictureSlide(doc: mupdf.PDFDocument, index: number, folder: string): Slide {
  const page = doc.loadPage(index);
  try {
    const [left, top, right, bottom] = page.getBounds();
    const scale = pictureScale(right - left, bottom - top, PAGE_PICTURE_DPI);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    const file = join(folder, `slide-${index + 1}-page.png`);
    try {
      writeFileSync(file, pixmap.asPNG());
    } finally {
      pixmap.destroy();
    }
    const width = right - left;
    const height = bottom - top;
    return { width, height, items: [{ kind: 'picture', x0: 0, y0: 0, x1: width, y1: height, file, format: 'png' }] };
  } finally {
    page.destroy();
  }
}

/**
 * A PDF as a PowerPoint presentation, one slide per page: text as text boxes in place with its fonts, sizes and
 * colours (read as PDF to Word reads it), pictures as pictures, plain rectangles and lines as shapes and the rest
 * of the drawing as a picture behind them; or each page as one picture. The .pptx is packed here too.
 */
export async function writeSlidesFromPdf(
  payload: PdfToPowerpointPayload,
  report: ReportProgress = () => undefined,
): Promise<PdfToPowerpointResult> {
  const doc = openPdf(payload.input);
  const slides: Slide[] = [];
  const scannedPages: number[] = [];
  try {
    const count = doc.countPages();
    for (let index = 0; index < count; index++) {
      if (payload.pagesAsPictures) slides.push(pictureSlide(doc, index, payload.folder));
      else {
        const { slide, scanned } = editableSlide(doc, index, payload.folder);
        slides.push(slide);
        if (scanned) scannedPages.push(index + 1);
      }
      report({ stage: jobStages.reading, done: index + 1, total: count });
    }
  } finally {
    doc.destroy();
  }
  putSlideNumbersLast(slides);
  report({ stage: jobStages.writing, done: slides.length, total: slides.length });
  await writePresentation(slides, payload.title, payload.output);
  const counts = { text: 0, picture: 0, shape: 0 };
  for (const item of slides.flatMap((slide) => slide.items)) {
    counts[item.kind === 'text' ? 'text' : item.kind === 'picture' ? 'picture' : 'shape']++;
  }
  return {
    slides: slides.length,
    textBoxes: counts.text,
    pictures: counts.picture,
    shapes: counts.shape,
    scannedPages,
  };
}
