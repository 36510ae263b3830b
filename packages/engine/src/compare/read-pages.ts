import * as mupdf from 'mupdf';
import type { PageBox } from '@paperknife/catalog/compare-differences';
import { drawTolerantPage } from '../mupdf/broken-images.js';
import type { PageContent, PageWord } from './compare-model.js';
import type { RgbPixels } from './pixel-regions.js';

/** The side of a page's tiny picture for matching pages without text. */
export const THUMBNAIL_SIDE = 16;

/** The page's words in reading order (MuPDF's structured text), each with its box from the page's top-left. */
export function readPageContent(page: mupdf.PDFPage): PageContent {
  const [x0, y0, x1, y1] = page.getBounds();
  const words: PageWord[] = [];
  let text = '';
  let box: PageBox = [Infinity, Infinity, -Infinity, -Infinity];
  const endWord = () => {
    if (text !== '') words.push({ text, box: [box[0] - x0, box[1] - y0, box[2] - x0, box[3] - y0] });
    text = '';
    box = [Infinity, Infinity, -Infinity, -Infinity];
  };
  const structured = page.toStructuredText('preserve-whitespace');
  try {
    structured.walk({
      onChar(char, _origin, _font, _size, quad) {
        if (/\s/u.test(char)) {
          endWord();
          return;
        }
        text += char;
        const xs = [quad[0], quad[2], quad[4], quad[6]];
        const ys = [quad[1], quad[3], quad[5], quad[7]];
        box = [Math.min(box[0], ...xs), Math.min(box[1], ...ys), Math.max(box[2], ...xs), Math.max(box[3], ...ys)];
      },
      endLine: endWord,
      endTextBlock: endWord,
    });
  } finally {
    structured.destroy();
  }
  endWord();
  return { size: [x1 - x0, y1 - y0], words: words.map(rounded) };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const rounded = (word: PageWord): PageWord => ({ text: word.text, box: word.box.map(round2) as PageBox });

/** Page `index` drawn in 8-bit RGB, `scale` pixels a point, as a viewer shows it (an image that cannot be decoded left out). */
export function renderPage(doc: mupdf.PDFDocument, index: number, scale: number): RgbPixels {
  return drawTolerantPage(doc, index, (page) => {
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    try {
      const width = pixmap.getWidth();
      const height = pixmap.getHeight();
      const stride = pixmap.getStride();
      const samples = pixmap.getPixels();
      const pixels = new Uint8Array(width * height * 3);
      for (let y = 0; y < height; y++) pixels.set(samples.subarray(y * stride, y * stride + width * 3), y * width * 3);
      return { width, height, pixels };
    } finally {
      pixmap.destroy();
    }
  }).value;
}

/** A THUMBNAIL_SIDE-square picture of a rendered page, each cell the mean gray (of the channels) of its part. */
export function thumbnailOf(page: RgbPixels): Uint8Array {
  const thumbnail = new Uint8Array(THUMBNAIL_SIDE * THUMBNAIL_SIDE);
  const sums = new Float64Array(thumbnail.length);
  const counts = new Uint32Array(thumbnail.length);
  for (let y = 0; y < page.height; y++) {
    const row = Math.floor((y * THUMBNAIL_SIDE) / page.height) * THUMBNAIL_SIDE;
    for (let x = 0; x < page.width; x++) {
      const cell = row + Math.floor((x * THUMBNAIL_SIDE) / page.width);
      const at = (y * page.width + x) * 3;
      sums[cell]! += (page.pixels[at]! + page.pixels[at + 1]! + page.pixels[at + 2]!) / 3;
      counts[cell]!++;
    }
  }
  thumbnail.forEach((_, i) => (thumbnail[i] = counts[i] ? Math.round(sums[i]! / counts[i]!) : 255));
  return thumbnail;
}
