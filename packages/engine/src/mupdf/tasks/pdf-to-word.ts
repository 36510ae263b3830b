import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Packer } from 'docx';
import * as mupdf from 'mupdf';
import { type WordPage, wordDocument } from '../../docx-document.js';
import {
  type LayoutBlock,
  type LayoutLine,
  type LayoutTextBlock,
  type PageLayout,
  pageItems,
  sectionMargins,
  sameStyle,
} from '../../word-layout.js';
import { pixelsWithAlpha } from '../image-pixels.js';
import { openPdf } from '../open-pdf.js';

export interface PdfToWordPayload {
  input: string;
  /** Where the .docx goes. */
  output: string;
  /** The job folder, for the page images on their way into the document. */
  folder: string;
  title: string;
}

export interface PdfToWordResult {
  pages: number;
  paragraphs: number;
  pictures: number;
}

/** Pictures are resampled to at most this resolution at their size on the page. */
const PICTURE_DPI = 200;
/** Images drawn smaller than this (points) are rules, bullets and specks, not pictures. */
const MIN_PICTURE_SIDE = 4;
/** Images with more pixels than this are left out rather than decoded (about 1.2 GB of RGBA). */
const MAX_IMAGE_PIXELS = 300e6;
const JPEG_QUALITY = 85;

const STANDARD_FONTS: Record<string, string> = {
  Helvetica: 'Arial',
  Arial: 'Arial',
  Times: 'Times New Roman',
  TimesNewRoman: 'Times New Roman',
  Courier: 'Courier New',
  CourierNew: 'Courier New',
  Symbol: '',
  ZapfDingbats: '',
  Dingbats: '',
};

interface FontStyle {
  font: string;
  bold: boolean;
  italic: boolean;
}

/** Word's name for a PDF font, and whether it is bold or italic (from its flags or its name). */
function fontStyle(font: mupdf.Font): FontStyle {
  const name = font.getName().replace(/^[A-Z]{6}\+/, '');
  const family = name
    .split(/[-,]/)[0]!
    .replace(/(PS)?MT$/, '')
    .replace(/(Roman|Regular|Bold|Italic|Oblique)+$/, '');
  return {
    font: STANDARD_FONTS[family] ?? family,
    bold: font.isBold() || /bold|black|heavy|semibold|demi/i.test(name),
    italic: font.isItalic() || /italic|oblique/i.test(name),
  };
}

const hex = (color: mupdf.Color) =>
  [0, 1, 2]
    .map((index) =>
      Math.round((color[index] ?? 0) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase();

const distance = (a: mupdf.Point, b: mupdf.Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/**
 * The image as the page shows it (turned and flipped by its placement, mask applied), resampled to at most
 * PICTURE_DPI, as a JPEG (opaque) or PNG (with transparency). Undefined for images not worth a picture.
 */
function encodePicture(
  image: mupdf.Image,
  bbox: mupdf.Rect,
  transform: mupdf.Matrix,
  file: string,
): { file: string; format: 'png' | 'jpg' } | undefined {
  const [x0, y0, x1, y1] = bbox;
  if (x1 - x0 < MIN_PICTURE_SIDE || y1 - y0 < MIN_PICTURE_SIDE) return undefined;
  const width = image.getWidth();
  const height = image.getHeight();
  if (width * height > MAX_IMAGE_PIXELS) return undefined;

  let source: mupdf.Pixmap;
  if (image.getMask()) {
    const pixels = pixelsWithAlpha(image);
    const gray = pixels.channels <= 2;
    source = new mupdf.Pixmap(
      gray ? mupdf.ColorSpace.DeviceGray : mupdf.ColorSpace.DeviceRGB,
      [0, 0, width, height],
      true,
    );
    if (pixels.width !== width || pixels.height !== height) return undefined;
    source.getPixels().set(pixels.data);
  } else {
    source = image.toPixmap();
    const colorSpace = source.getColorSpace();
    if (!colorSpace || !(colorSpace.isRGB() || colorSpace.isGray()) || source.getAlpha()) {
      source = source.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, false);
    }
  }

  // Where each corner of the displayed box lies in the image's pixels: the image unit square maps to the page by
  // `transform`, so the inverse takes the box's corners back into it.
  const [a, b, c, d, e, f] = mupdf.Matrix.invert(transform);
  const toPixels = (x: number, y: number): mupdf.Point => [(x * a + y * c + e) * width, (x * b + y * d + f) * height];
  const upperLeft = toPixels(x0, y0);
  const upperRight = toPixels(x1, y0);
  const lowerLeft = toPixels(x0, y1);
  const lowerRight = toPixels(x1, y1);
  const outWidth = Math.max(1, Math.round(Math.min(distance(upperLeft, upperRight), ((x1 - x0) * PICTURE_DPI) / 72)));
  const outHeight = Math.max(1, Math.round(Math.min(distance(upperLeft, lowerLeft), ((y1 - y0) * PICTURE_DPI) / 72)));
  const placed = source.warp([upperLeft, upperRight, lowerRight, lowerLeft], outWidth, outHeight);
  const format = placed.getAlpha() ? 'png' : 'jpg';
  writeFileSync(`${file}.${format}`, format === 'png' ? placed.asPNG() : placed.asJPEG(JPEG_QUALITY));
  placed.destroy();
  source.destroy();
  return { file: `${file}.${format}`, format };
}

/** The text blocks and pictures of a page in MuPDF's reading order, as the viewer shows the page. */
function readLayout(page: mupdf.PDFPage, folder: string, pageIndex: number): PageLayout {
  const [left, top, right, bottom] = page.getBounds();
  const blocks: LayoutBlock[] = [];
  const fonts = new Map<number, FontStyle>();
  let block: LayoutTextBlock | undefined;
  let line: LayoutLine | undefined;
  let pictures = 0;
  const stext = page.toStructuredText('preserve-images,preserve-whitespace');
  stext.walk({
    beginTextBlock(bbox) {
      block = { kind: 'text', x0: bbox[0], y0: bbox[1], x1: bbox[2], y1: bbox[3], lines: [] };
    },
    beginLine(bbox) {
      line = { x0: bbox[0], y0: bbox[1], x1: bbox[2], y1: bbox[3], spans: [] };
    },
    onChar(char, _origin, font, size, _quad, color, bidi) {
      if (!line) return;
      let style = fonts.get(font.pointer);
      if (!style) fonts.set(font.pointer, (style = fontStyle(font)));
      const text = /[\t\u00a0]/.test(char) ? ' ' : char;
      const span = {
        ...style,
        size: Math.round(size * 2) / 2,
        color: hex(color),
        rightToLeft: bidi % 2 === 1,
      };
      const last = line.spans.at(-1);
      if (last && sameStyle(last, span)) last.text += text;
      else line.spans.push({ ...span, text });
    },
    endLine() {
      if (block && line && line.spans.some((span) => span.text.trim() !== '')) block.lines.push(line);
      line = undefined;
    },
    endTextBlock() {
      if (block && block.lines.length > 0) blocks.push(block);
      block = undefined;
    },
    onImageBlock(bbox, transform, image) {
      try {
        const picture = encodePicture(
          image,
          bbox,
          transform,
          join(folder, `page-${pageIndex + 1}-picture-${++pictures}`),
        );
        if (picture) {
          blocks.push({ kind: 'image', x0: bbox[0], y0: bbox[1], x1: bbox[2], y1: bbox[3], ...picture });
        }
      } catch {
        // An image MuPDF cannot decode shows as nothing in a viewer too; the text around it still converts.
      }
    },
  });
  stext.destroy();
  const shift = (box: { x0: number; y0: number; x1: number; y1: number }) => {
    box.x0 -= left;
    box.x1 -= left;
    box.y0 -= top;
    box.y1 -= top;
  };
  for (const item of blocks) {
    shift(item);
    if (item.kind === 'text') item.lines.forEach(shift);
  }
  return { width: right - left, height: bottom - top, blocks };
}

/**
 * A PDF as an editable Word document: MuPDF's structured text of each page becomes flowing paragraphs with their
 * fonts, sizes, colours, bold and italic; pictures sit where they are read; each page starts a new Word page with
 * the PDF page's size. The .docx is packed here too, off the server's event loop. See docs/decisions/023.
 */
export default async function pdfToWord(payload: PdfToWordPayload): Promise<PdfToWordResult> {
  const doc = openPdf(payload.input);
  const layouts: PageLayout[] = [];
  try {
    const count = doc.countPages();
    for (let index = 0; index < count; index++) {
      const page = doc.loadPage(index);
      layouts.push(readLayout(page, payload.folder, index));
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
  // Consecutive pages of one size share a Word section, and so its margins.
  const pages: WordPage[] = [];
  let paragraphs = 0;
  let pictures = 0;
  for (let start = 0; start < layouts.length;) {
    const { width, height } = layouts[start]!;
    let end = start + 1;
    while (end < layouts.length && layouts[end]!.width === width && layouts[end]!.height === height) end++;
    const section = layouts.slice(start, end);
    const margins = sectionMargins(section);
    for (const layout of section) {
      const items = pageItems(layout, margins);
      paragraphs += items.filter((item) => item.kind === 'paragraph').length;
      pictures += items.filter((item) => item.kind === 'picture').length;
      pages.push({ width, height, margins, items });
    }
    start = end;
  }
  writeFileSync(payload.output, await Packer.toBuffer(wordDocument(pages, payload.title)));
  return { pages: pages.length, paragraphs, pictures };
}
