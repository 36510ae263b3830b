import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { type PagePixels, packedPixels, renderPage } from '@paperknife/mupdf-jobs/render-pages';
import { openPdf } from '../mupdf/open-pdf.js';

export { MAX_PAGE_PIXELS, type PagePixels } from '@paperknife/mupdf-jobs/render-pages';

export interface RenderPagesPayload {
  input: string;
  /** First page to render, 0-based. */
  from: number;
  dpi: number;
  pixels: PagePixels;
  /** Where the raw pixel files go (the job folder). */
  folder: string;
  /** Stop after the batch holds this many bytes of pixels, so a batch never fills the disk or the heap. */
  batchBytes: number;
}

export interface RenderedPage {
  /** 1-based page number. */
  page: number;
  /** The raw pixel file, rows top to bottom, in the payload's format. */
  pixels: string;
  width: number;
  height: number;
  /** The resolution used: the one asked for, or lower for a page too large to render at it. */
  dpi: number;
}

export interface RenderPagesResult {
  pageCount: number;
  rendered: RenderedPage[];
  /** 1-based pages of this batch drawn without an image that could not be decoded. */
  pagesWithBrokenImages: number[];
}

/**
 * Renders pages from `from` on as they look in a viewer (CropBox, /Rotate, annotations), to raw pixel files for the
 * main thread to encode, until the batch is full or the document ends: the drawing the device runs too
 * (`@paperknife/mupdf-jobs/render-pages`), written to the job folder.
 */
export function renderPages(payload: RenderPagesPayload): RenderPagesResult {
  const doc = openPdf(payload.input);
  try {
    const pageCount = doc.countPages();
    const rendered: RenderedPage[] = [];
    const pagesWithBrokenImages: number[] = [];
    let bytes = 0;
    for (let index = payload.from; index < pageCount && bytes < payload.batchBytes; index++) {
      const { pixmap, dpi, brokenImages } = renderPage(mupdf, doc, index, payload);
      if (brokenImages) pagesWithBrokenImages.push(index + 1);
      const width = pixmap.getWidth();
      const height = pixmap.getHeight();
      const packed = packedPixels(pixmap, payload.pixels);
      const pixels = join(payload.folder, `page-${index + 1}.${payload.pixels}`);
      // Before the pixmap goes: `packed` may be a view of its samples.
      writeFileSync(pixels, packed);
      pixmap.destroy();
      bytes += packed.length;
      rendered.push({ page: index + 1, pixels, width, height, dpi });
    }
    return { pageCount, rendered, pagesWithBrokenImages };
  } finally {
    doc.destroy();
  }
}
