import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { jobStages } from '@paperknife/catalog/job-stages';
import { openPdf } from '../mupdf/open-pdf.js';
import type { ReportProgress } from '../mupdf/task-table.js';
import type { LayoutBlock, LayoutLine } from '../pdf-to-word/layout-model.js';
import { readPage } from '../pdf-to-word/word-pages.js';
import { writePresentation } from './pptx-document.js';
import { pictureScale, readSlideDrawing } from './slide-drawing.js';
import type { Slide, SlideItem, SlideText } from './slide-model.js';
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

/** A text box per block of lines; a table's cells each get their own. */
function textItems(block: LayoutBlock): SlideText[] {
  const box = (lines: LayoutLine[]): SlideText => ({
    kind: 'text',
    x0: Math.min(...lines.map((line) => line.x0)),
    y0: Math.min(...lines.map((line) => line.y0)),
    x1: Math.max(...lines.map((line) => line.x1)),
    y1: Math.max(...lines.map((line) => line.y1)),
    lines,
  });
  if (block.kind === 'text') return [box(block.lines)];
  if (block.kind === 'table') return block.cells.filter((cell) => cell.lines.length > 0).map((cell) => box(cell.lines));
  return [];
}

/**
 * The text boxes of a page's blocks in the order the page draws them: a slide's shapes are drawn in their order,
 * which reading the page top to bottom (a table after the text) loses. A ruled table's cells go row by row where its
 * first line is drawn. Text that only stands in columns is as often the labels of separate shapes (a list beside a
 * diagram): each of its cells goes where its own first line is drawn.
 */
export function textBoxesInDrawingOrder(blocks: readonly LayoutBlock[]): SlideText[] {
  const units = blocks
    .flatMap((block) =>
      block.kind === 'table' && block.foundBy === 'aligned text'
        ? textItems(block).map((cell) => [cell])
        : [textItems(block)],
    )
    .filter((boxes) => boxes.length > 0);
  const firstDrawn = (boxes: SlideText[]) =>
    Math.min(...boxes.flatMap((box) => box.lines.map((line) => line.drawn ?? Number.MAX_SAFE_INTEGER)));
  return units.sort((a, b) => firstDrawn(a) - firstDrawn(b)).flat();
}

/** A page read into a slide: its vector drawing behind, then its pictures, then its text on top. */
function editableSlide(doc: mupdf.PDFDocument, index: number, folder: string): { slide: Slide; scanned: boolean } {
  const { layout, scanned } = readPage(doc, index, folder, { drawingsAsPictures: false, hiddenText: true });
  const images = layout.blocks.filter((block) => block.kind === 'image');
  // A page drawn from many small images (tiles, a texture) is one picture behind the slide, not hundreds.
  const imagesInBackground = images.length > MAX_PICTURES;
  const page = doc.loadPage(index) as mupdf.PDFPage;
  let drawing;
  try {
    drawing = readSlideDrawing(page, join(folder, `slide-${index + 1}-background.png`), imagesInBackground);
  } finally {
    page.destroy();
  }
  const { width, height } = layout;
  const items: SlideItem[] = [];
  if (drawing.background) {
    items.push({ kind: 'picture', x0: 0, y0: 0, x1: width, y1: height, file: drawing.background, format: 'png' });
  }
  items.push(...drawing.shapes);
  if (!imagesInBackground) for (const image of images) items.push({ ...image, kind: 'picture' });
  items.push(...textBoxesInDrawingOrder(layout.blocks));
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
