import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { drawTolerantPage } from '../mupdf/broken-images.js';
import { openPdf } from '../mupdf/open-pdf.js';

export interface RenderPagesPayload {
  input: string;
  /** First page to render, 0-based. */
  from: number;
  dpi: number;
  /** Where the raw pixel files go (the job folder). */
  folder: string;
  /** Stop after the batch holds this many bytes of pixels, so a batch never fills the disk or the heap. */
  batchBytes: number;
}

export interface RenderedPage {
  /** 1-based page number. */
  page: number;
  /** Raw 8-bit RGB, rows top to bottom. */
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
 * Most pixels one page may have: a 300 dpi render of an 8400-pt poster would be 35000 px square (3.7 GB of RGB).
 * Past this, that page alone is rendered at the highest resolution that fits. See docs/decisions/021.
 */
export const MAX_PAGE_PIXELS = 40_000_000;

/**
 * Renders pages from `from` on as they look in a viewer (CropBox, /Rotate, annotations), to raw RGB files for the
 * main thread to encode with sharp, until the batch is full or the document ends.
 */
export function renderJpgPages(payload: RenderPagesPayload): RenderPagesResult {
  const doc = openPdf(payload.input);
  try {
    const pageCount = doc.countPages();
    const rendered: RenderedPage[] = [];
    const pagesWithBrokenImages: number[] = [];
    let bytes = 0;
    for (let index = payload.from; index < pageCount && bytes < payload.batchBytes; index++) {
      const drawn = drawTolerantPage(doc, index, (page) => {
        const [x0, y0, x1, y1] = page.getBounds();
        const area = Math.max(1, (x1 - x0) * (y1 - y0));
        let scale = payload.dpi / 72;
        // A little under the bound: MuPDF rounds the pixel edges outwards.
        if (area * scale * scale > MAX_PAGE_PIXELS) scale = Math.sqrt(MAX_PAGE_PIXELS / area) * 0.998;
        const matrix = mupdf.Matrix.scale(scale, scale);
        return { scale, pixmap: page.toPixmap(matrix, mupdf.ColorSpace.DeviceRGB, false, true) };
      });
      if (drawn.brokenImages) pagesWithBrokenImages.push(index + 1);
      const { scale, pixmap } = drawn.value;
      const width = pixmap.getWidth();
      const height = pixmap.getHeight();
      const stride = pixmap.getStride();
      const samples = pixmap.getPixels();
      const rowBytes = width * 3;
      const packed = stride === rowBytes ? samples : new Uint8Array(rowBytes * height);
      if (packed !== samples) {
        for (let row = 0; row < height; row++) {
          (packed as Uint8Array).set(samples.subarray(row * stride, row * stride + rowBytes), row * rowBytes);
        }
      }
      const pixels = join(payload.folder, `page-${index + 1}.rgb`);
      writeFileSync(pixels, packed);
      pixmap.destroy();
      bytes += rowBytes * height;
      rendered.push({ page: index + 1, pixels, width, height, dpi: Math.round(scale * 72 * 100) / 100 });
    }
    return { pageCount, rendered, pagesWithBrokenImages };
  } finally {
    doc.destroy();
  }
}
