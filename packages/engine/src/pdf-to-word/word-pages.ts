import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { placeBorderlessTables } from './borderless-tables.js';
import { framedText, framesOf } from './framed-text.js';
import { withoutUnderlines } from '../tables/underlines.js';
import {
  type Rule,
  chartsIn,
  contains,
  drawingRegions,
  overprintedLines,
  overprintedStarts,
  placeTables,
  ruledTables,
  tablesWithText,
  withoutLines,
} from './layout-analysis.js';
import type {
  Box,
  LayoutBlock,
  LayoutImageBlock,
  LayoutLine,
  LayoutTextBlock,
  PageLayout,
  Span,
} from './layout-model.js';
import { wordFontName } from './word-layout.js';
import { alongLine, digitsInReadingOrder, isDigit } from '../mupdf/digit-order.js';
import {
  INHIBIT_SPACES,
  type LineGlyph,
  lineGlyph,
  missingSpaces,
  spaceQuad,
  walkWithSpaces,
} from '../mupdf/word-spaces.js';
import { stextExports } from '../mupdf/stext-exports.js';
import { looksScanned } from '../render/scanned-pages.js';
import { union } from '../tables/table-model.js';

/**
 * PDF to Word's reading of one page: MuPDF's structured text, the rules and shapes the page draws, its pictures
 * and drawings, reduced to the page's layout (text lines with their styles, pictures as files, tables), which is
 * all the document-wide passes need. Both the PDF to Word task and its helper on the pool's second worker read
 * pages with it (docs/decisions/023, 150 and 151).
 */

/** Pictures are resampled to at most this resolution at their size on the page. */
const PICTURE_DPI = 200;
/** Images drawn smaller than this (points) are rules, bullets and specks, not pictures. */
const MIN_PICTURE_SIDE = 4;
/** Images whose decoded samples would take more bytes than this are left out rather than decoded. */
const MAX_IMAGE_BYTES = 400e6;
const JPEG_QUALITY = 85;
/** Images whose decoded samples would take more bytes than this are drawn at their output size (drawPicture). */
const DRAW_FROM_BYTES = 16e6;

interface FontStyle {
  font: string;
  bold: boolean;
  italic: boolean;
}

/** Word's name for a PDF font, and whether it is bold or italic (from its flags or its name). */
function fontStyle(font: mupdf.Font): FontStyle {
  const name = font.getName();
  return {
    font: wordFontName(name, { serif: font.isSerif(), mono: font.isMono() }),
    bold: font.isBold() || /bold|black|heavy|semibold|demi/i.test(name),
    italic: font.isItalic() || /italic|oblique/i.test(name),
  };
}

const distance = (a: mupdf.Point, b: mupdf.Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** The corners of the displayed box (upper left, upper right, lower right, lower left) in a pixmap of `pixmap`'s size. */
function cornersIn(pixmap: mupdf.Pixmap, bbox: mupdf.Rect, transform: mupdf.Matrix): mupdf.Point[] {
  return cornersAt(pixmap.getWidth(), pixmap.getHeight(), bbox, transform);
}

/** The corners of the displayed box in an image of `width` x `height` pixels. */
function cornersAt(width: number, height: number, bbox: mupdf.Rect, transform: mupdf.Matrix): mupdf.Point[] {
  // The image's unit square maps to the page by `transform`, so its inverse takes the box's corners back into it.
  const [a, b, c, d, e, f] = mupdf.Matrix.invert(transform);
  const [x0, y0, x1, y1] = bbox;
  const at = (x: number, y: number): mupdf.Point => [(x * a + y * c + e) * width, (x * b + y * d + f) * height];
  return [at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1)];
}

/** A pixmap as gray or RGB without alpha, the two forms JPEG and PNG encoders take as they are. */
function grayOrRgb(pixmap: mupdf.Pixmap): mupdf.Pixmap {
  const colorSpace = pixmap.getColorSpace();
  if (colorSpace && (colorSpace.isRGB() || colorSpace.isGray()) && !pixmap.getAlpha()) return pixmap;
  const converted = pixmap.convertToColorSpace(
    colorSpace?.isGray() ? mupdf.ColorSpace.DeviceGray : mupdf.ColorSpace.DeviceRGB,
    false,
  );
  pixmap.destroy();
  return converted;
}

/** Bytes the image's samples take decoded: one a pixel for stencils and gray scans (often huge), up to four for colour. */
function decodedSize(image: mupdf.Image): number {
  const bytesPerPixel = image.getImageMask() || image.getColorSpace()?.isGray() ? 1 : 4;
  return image.getWidth() * image.getHeight() * bytesPerPixel;
}

/**
 * Images whose decoded samples pass this many bytes are dropped from MuPDF's store once drawn: it keeps what it
 * decodes for a reuse that does not come (each picture is drawn once), and the WASM heap it grows never shrinks.
 */
const EMPTY_STORE_FROM_BYTES = 1e6;

/**
 * The image as the page shows it (turned and flipped by its placement, mask applied), resampled to at most
 * PICTURE_DPI, as a JPEG (opaque) or PNG (with transparency). Undefined for images not worth a picture.
 * Warped before any colour conversion or masking, so those work on the small result, not on a full-size scan.
 */
/** Whether an image block is a picture to keep: no rule, bullet or speck, and not past the decoding bound. */
function isPicture(image: mupdf.Image, [x0, y0, x1, y1]: mupdf.Rect): boolean {
  return x1 - x0 >= MIN_PICTURE_SIDE && y1 - y0 >= MIN_PICTURE_SIDE && decodedSize(image) <= MAX_IMAGE_BYTES;
}

function encodePicture(
  image: mupdf.Image,
  bbox: mupdf.Rect,
  transform: mupdf.Matrix,
  file: string,
): { file: string; format: 'png' | 'jpg' } | undefined {
  const [x0, y0, x1, y1] = bbox;
  if (!isPicture(image, bbox)) return undefined;
  const decodedBytes = decodedSize(image);
  if (decodedBytes > DRAW_FROM_BYTES && !image.getMask()) return drawPicture(image, bbox, transform, file);

  const decoded = image.toPixmap();
  const corners = cornersIn(decoded, bbox, transform);
  const outWidth = Math.max(
    1,
    Math.round(Math.min(distance(corners[0]!, corners[1]!), ((x1 - x0) * PICTURE_DPI) / 72)),
  );
  const outHeight = Math.max(
    1,
    Math.round(Math.min(distance(corners[0]!, corners[3]!), ((y1 - y0) * PICTURE_DPI) / 72)),
  );
  const placed = decoded.warp(corners, outWidth, outHeight);
  decoded.destroy();

  // A stencil mask (/ImageMask) has no colours of its own: it paints the fill colour, which the structured text
  // does not give, through its shape. Black through the shape is how most of them look.
  const stencil = image.getImageMask() || !placed.getColorSpace();
  let alpha: Uint8ClampedArray | undefined;
  let color: mupdf.Pixmap;
  if (stencil) {
    alpha = placed.getPixels().slice();
    color = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, outWidth, outHeight], false);
    color.clear(0);
    placed.destroy();
  } else {
    color = grayOrRgb(placed);
    const mask = image.getMask();
    if (mask) {
      const maskPixels = mask.toPixmap();
      const placedMask = maskPixels.warp(cornersIn(maskPixels, bbox, transform), outWidth, outHeight);
      maskPixels.destroy();
      const gray = placedMask.getColorSpace() ? grayOrRgb(placedMask) : placedMask;
      // One sample per pixel: gray without alpha, or a bare alpha channel.
      const samples = gray.getPixels();
      const stride = gray.getStride();
      alpha = new Uint8ClampedArray(outWidth * outHeight);
      for (let y = 0; y < outHeight; y++) alpha.set(samples.subarray(y * stride, y * stride + outWidth), y * outWidth);
      gray.destroy();
    }
  }

  let output = color;
  if (alpha) {
    // Colour and alpha together in a pixmap with an alpha channel, for PNG. MuPDF keeps colours premultiplied by
    // alpha (its PNG writer divides them back). Sample views are taken after the allocation: a growing WASM heap
    // detaches views taken before it.
    const channels = color.getNumberOfComponents();
    output = new mupdf.Pixmap(color.getColorSpace()!, [0, 0, outWidth, outHeight], true);
    const colorStride = color.getStride();
    const colorSamples = color.getPixels();
    const target = output.getPixels();
    const targetStride = output.getStride();
    for (let y = 0; y < outHeight; y++) {
      for (let x = 0; x < outWidth; x++) {
        const from = y * colorStride + x * channels;
        const to = y * targetStride + x * (channels + 1);
        const opacity = alpha[y * outWidth + x]!;
        for (let c = 0; c < channels; c++) target[to + c] = (colorSamples[from + c]! * opacity) / 255;
        target[to + channels] = opacity;
      }
    }
    color.destroy();
  }
  const format = output.getAlpha() ? 'png' : 'jpg';
  writeFileSync(`${file}.${format}`, format === 'png' ? output.asPNG() : output.asJPEG(JPEG_QUALITY));
  output.destroy();
  return { file: `${file}.${format}`, format };
}

/**
 * A large image without a soft mask as the page shows it, drawn by MuPDF straight at its output size: MuPDF then
 * decodes it at a fraction of its resolution (JPEG's scaled decoding, fax and flate rows subsampled as they are
 * read), where toPixmap would hold every pixel at once: a 9000 x 12000 stencil (a scanned figure at 2,400 dpi) took
 * 110 MB of WASM heap, which never shrinks, and three times the time. Stencils come out black through their shape,
 * as in encodePicture.
 */
function drawPicture(
  image: mupdf.Image,
  bbox: mupdf.Rect,
  transform: mupdf.Matrix,
  file: string,
): { file: string; format: 'png' | 'jpg' } {
  const [x0, y0, x1, y1] = bbox;
  // As encodePicture sizes it: PICTURE_DPI at its size on the page, never more pixels than the image has (a
  // poster's picture would be a pixmap of gigabytes).
  const corners = cornersAt(image.getWidth(), image.getHeight(), bbox, transform);
  const width = Math.max(1, Math.round(Math.min(distance(corners[0]!, corners[1]!), ((x1 - x0) * PICTURE_DPI) / 72)));
  const height = Math.max(1, Math.round(Math.min(distance(corners[0]!, corners[3]!), ((y1 - y0) * PICTURE_DPI) / 72)));
  const stencil = image.getImageMask();
  const gray = stencil || image.getColorSpace()?.isGray() === true;
  const pixmap = new mupdf.Pixmap(
    gray ? mupdf.ColorSpace.DeviceGray : mupdf.ColorSpace.DeviceRGB,
    [0, 0, width, height],
    stencil,
  );
  // Transparent for a stencil's shape to be drawn on (clear with a value would make it opaque), white under an
  // opaque picture.
  if (stencil) pixmap.clear();
  else pixmap.clear(255);
  const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
  try {
    // The image's unit square to its box on the page, and the box onto the pixmap.
    const toPixmap: mupdf.Matrix = [
      width / (x1 - x0),
      0,
      0,
      height / (y1 - y0),
      (-x0 * width) / (x1 - x0),
      (-y0 * height) / (y1 - y0),
    ];
    const ctm = mupdf.Matrix.concat(transform, toPixmap);
    if (stencil) device.fillImageMask(image, ctm, mupdf.ColorSpace.DeviceGray, [0], 1);
    else device.fillImage(image, ctm, 1);
    device.close();
    const format = stencil ? 'png' : 'jpg';
    writeFileSync(`${file}.${format}`, stencil ? pixmap.asPNG() : pixmap.asJPEG(JPEG_QUALITY));
    return { file: `${file}.${format}`, format };
  } finally {
    device.destroy();
    pixmap.destroy();
  }
}

/** Rules thinner than this (points) are lines of a table or a border, not shapes. */
const MAX_RULE_WIDTH = 3;

interface Drawn {
  /** Horizontal and vertical rules, as thin boxes in page coordinates. */
  rules: Rule[];
  /** Boxes of the other paths drawn (filled or stroked), from which drawings are found. */
  shapes: Box[];
  /** Boxes of the text drawn invisibly (render mode 3, as OCR puts its text over a scan). */
  invisibleText: Box[];
}

/**
 * What the structured text does not tell: the straight rules the page draws (stroked lines and thin filled
 * rectangles, the borders of tables) and where it puts invisible text. One pass of the page through a device
 * that only listens to paths and invisible text.
 */
function readDrawing(page: mupdf.PDFPage): Drawn {
  const rules: Rule[] = [];
  const shapes: Box[] = [];
  const invisibleText: Box[] = [];
  let textStroke: mupdf.StrokeState | undefined;
  // Each subpath's points in page coordinates; a curve's end point follows a NaN point, so rules skip it, and
  // its control points are kept apart for the outline.
  let controls: mupdf.Point[] = [];
  const pointsOf = (path: mupdf.Path, ctm: mupdf.Matrix) => {
    const [a, b, c, d, e, f] = ctm;
    const subpaths: mupdf.Point[][] = [];
    controls = [];
    const at = (x: number, y: number): mupdf.Point => [a * x + c * y + e, b * x + d * y + f];
    path.walk({
      moveTo: (x, y) => subpaths.push([at(x, y)]),
      lineTo: (x, y) => subpaths.at(-1)?.push(at(x, y)),
      curveTo: (x1, y1, x2, y2, x3, y3) => {
        controls.push(at(x1, y1), at(x2, y2));
        subpaths.at(-1)?.push([NaN, NaN], at(x3, y3));
      },
      closePath: () => {
        const points = subpaths.at(-1);
        if (points && points.length > 0) points.push(points[0]!);
      },
    });
    return subpaths;
  };
  /** The box of everything a path draws, as a shape of a possible drawing. */
  const addShape = (subpaths: mupdf.Point[][], margin: number) => {
    const points = [...subpaths.flat(), ...controls].filter((point) => !Number.isNaN(point[0]));
    if (points.length === 0) return;
    const xs = points.map((point) => point[0]);
    const ys = points.map((point) => point[1]);
    shapes.push({
      x0: Math.min(...xs) - margin,
      y0: Math.min(...ys) - margin,
      x1: Math.max(...xs) + margin,
      y1: Math.max(...ys) + margin,
    });
  };
  const box = (from: mupdf.Point, to: mupdf.Point, thickness: number): Rule => ({
    x0: Math.min(from[0], to[0]) - thickness / 2,
    y0: Math.min(from[1], to[1]) - thickness / 2,
    x1: Math.max(from[0], to[0]) + thickness / 2,
    y1: Math.max(from[1], to[1]) + thickness / 2,
  });
  const onStroke = (path: mupdf.Path, stroke: mupdf.StrokeState, ctm: mupdf.Matrix) => {
    const thickness = Math.max(0.1, stroke.getLineWidth() * Math.sqrt(Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2])));
    const subpaths = pointsOf(path, ctm);
    let straight = thickness <= MAX_RULE_WIDTH && controls.length === 0;
    if (straight) {
      for (const points of subpaths) {
        for (let index = 1; index < points.length; index++) {
          const from = points[index - 1]!;
          const to = points[index]!;
          if (Math.abs(from[0] - to[0]) < 0.5 || Math.abs(from[1] - to[1]) < 0.5) rules.push(box(from, to, thickness));
          else straight = false;
        }
      }
    }
    if (!straight) addShape(subpaths, thickness / 2);
  };
  const onFill = (path: mupdf.Path, ctm: mupdf.Matrix, alpha: number) => {
    if (alpha === 0) return;
    for (const points of pointsOf(path, ctm)) {
      const plain = points.filter((point) => !Number.isNaN(point[0]));
      if (plain.length === 0) continue;
      const xs = plain.map((point) => point[0]);
      const ys = plain.map((point) => point[1]);
      const outline = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
      // A thin filled rectangle is a rule; other fills are shapes and shading.
      const rectangle =
        plain.length === points.length &&
        points.length >= 4 &&
        points.every((point) => [outline.x0, outline.x1].some((x) => Math.abs(point[0] - x) < 0.5));
      if (rectangle && Math.min(outline.x1 - outline.x0, outline.y1 - outline.y0) <= MAX_RULE_WIDTH) {
        rules.push(outline);
      } else addShape([points], 0);
    }
  };
  const onInvisibleText = (text: mupdf.Text, ctm: mupdf.Matrix) => {
    textStroke ??= new mupdf.StrokeState({ lineCap: 'Butt', lineJoin: 'Miter', lineWidth: 1, miterLimit: 10 });
    const [x0, y0, x1, y1] = text.getBounds(textStroke, ctm);
    invisibleText.push({ x0, y0, x1, y1 });
  };
  // The wrappers of the paths and texts passed are let go here, not left to the garbage collector (whose drop may
  // come after what owned them is gone: a display list's packed paths are freed with it).
  const device = new mupdf.Device({
    strokePath(path, stroke, ctm, colorSpace) {
      try {
        onStroke(path, stroke, ctm);
      } finally {
        path.destroy();
        stroke.destroy();
        colorSpace.destroy();
      }
    },
    fillPath(path, _evenOdd, ctm, colorSpace, _color, alpha) {
      try {
        onFill(path, ctm, alpha);
      } finally {
        path.destroy();
        colorSpace.destroy();
      }
    },
    ignoreText(text, ctm) {
      try {
        onInvisibleText(text, ctm);
      } finally {
        text.destroy();
      }
    },
  });
  try {
    page.runPageContents(device, mupdf.Matrix.identity);
    device.close();
  } finally {
    device.destroy();
    textStroke?.destroy();
  }
  return { rules, shapes, invisibleText };
}

/** What walkText tells about the structured text, in its order. */
interface TextWalker {
  beginTextBlock(bbox: mupdf.Rect): void;
  beginLine(bbox: mupdf.Rect): void;
  /**
   * A character with its font's style, size, colour (0xRRGGBB), bidi level and its quad (read on demand, before
   * onChar returns).
   */
  onChar(char: string, style: FontStyle, size: number, rgb: number, bidi: number, quad: () => mupdf.Quad): void;
  endLine(): void;
  endTextBlock(): void;
  onImageBlock(bbox: mupdf.Rect, transform: mupdf.Matrix, image: mupdf.Image): void;
}

/**
 * The structured text's text blocks, lines, characters and image blocks, in the order StructuredText.walk gives
 * them. walk makes a Font object (registered for finalization) and four arrays for every character: on a long
 * book that was a tenth of the time and most of the garbage. Where the worker has MuPDF's exports, the same
 * accessors walk uses are called directly and a font is looked at once; elsewhere walk is used.
 */
function walkText(stext: mupdf.StructuredText, walker: TextWalker): void {
  const fonts = new Map<number, FontStyle>();
  const styleOf = (pointer: number) => {
    let style = fonts.get(pointer);
    if (!style) {
      const font = new mupdf.Font(pointer as unknown as mupdf.Font['pointer']);
      fonts.set(pointer, (style = fontStyle(font)));
      font.destroy();
    }
    return style;
  };
  const wasm = stextExports();
  if (!wasm) {
    walkWithSpaces(stext, {
      beginTextBlock: (bbox) => walker.beginTextBlock(bbox),
      beginLine: (bbox) => walker.beginLine(bbox),
      onChar(char, _origin, font, size, quad, color, bidi) {
        const [r = 0, g = 0, b = 0] = color.map((value) => Math.round(value * 255));
        walker.onChar(
          char,
          styleOf(font.pointer as unknown as number),
          size,
          (r << 16) | (g << 8) | b,
          bidi,
          () => quad,
        );
      },
      endLine: () => walker.endLine(),
      endTextBlock: () => walker.endTextBlock(),
      onImageBlock: (bbox, transform, image) => walker.onImageBlock(bbox, transform, image),
    });
    return;
  }
  // Rects, quads and matrices are read from the heap at the address an accessor gives, as walk reads them; the
  // view is taken afresh each time, since a growing heap replaces it. Read by index: Array.from on a subarray goes
  // through the iterator, which took a tenth of a long book's reading (a quad for each character on a page with
  // links).
  const floats = (address: number, count: number) => {
    const heap = wasm.HEAPF32;
    const start = address >> 2;
    const values = new Array<number>(count);
    for (let index = 0; index < count; index++) values[index] = heap[start + index]!;
    return values;
  };
  // One function reads the quad of the character being handed over (onChar calls it, if at all, before it returns),
  // rather than a closure made for every character.
  const quadOf = (char: number) => floats(wasm._wasm_stext_char_get_quad(char), 8) as mupdf.Quad;
  let current = 0;
  const quadOfCurrent = () => quadOf(current);
  for (
    let block = wasm._wasm_stext_page_get_first_block(stext.pointer);
    block;
    block = wasm._wasm_stext_block_get_next(block)
  ) {
    const type = wasm._wasm_stext_block_get_type(block);
    const bbox = floats(wasm._wasm_stext_block_get_bbox(block), 4) as mupdf.Rect;
    if (type === 0) {
      walker.beginTextBlock(bbox);
      for (let line = wasm._wasm_stext_block_get_first_line(block); line; line = wasm._wasm_stext_line_get_next(line)) {
        walker.beginLine(floats(wasm._wasm_stext_line_get_bbox(line), 4) as mupdf.Rect);
        // Where spaces go depends on the whole line (walkWithSpaces does the same for walk): its characters are
        // looked at once before they are handed over, a space with the gap's quad before those that need one.
        const [dx = 1, dy = 0] = floats(wasm._wasm_stext_line_get_dir(line), 2);
        const chars: number[] = [];
        const texts: string[] = [];
        const glyphs: LineGlyph[] = [];
        for (let char = wasm._wasm_stext_line_get_first_char(line); char; char = wasm._wasm_stext_char_get_next(char)) {
          const text = String.fromCodePoint(wasm._wasm_stext_char_get_c(char));
          chars.push(char);
          texts.push(text);
          glyphs.push(lineGlyph(text, wasm._wasm_stext_char_get_size(char), quadOf(char), [dx, dy]));
        }
        missingSpaces(glyphs).forEach((spaceBefore, index) => {
          const char = chars[index]!;
          const style = styleOf(wasm._wasm_stext_char_get_font(char));
          const size = glyphs[index]!.size;
          const rgb = wasm._wasm_stext_char_get_argb(char) & 0xffffff;
          const bidi = wasm._wasm_stext_char_get_bidi(char);
          if (spaceBefore) {
            walker.onChar(' ', style, size, rgb, bidi, () => spaceQuad(quadOf(chars[index - 1]!), quadOf(char)));
          }
          current = char;
          walker.onChar(texts[index]!, style, size, rgb, bidi, quadOfCurrent);
        });
        walker.endLine();
      }
      walker.endTextBlock();
    } else if (type === 1) {
      const transform = floats(wasm._wasm_stext_block_get_transform(block), 6) as mupdf.Matrix;
      const image = new mupdf.Image(wasm._wasm_stext_block_get_image(block) as unknown as mupdf.Image['pointer']);
      try {
        walker.onImageBlock(bbox, transform, image);
      } finally {
        image.destroy();
      }
    }
  }
}

/** A picture covering this share of the page under invisible text is the scan the text was read from. */
const SCAN_COVERAGE = 0.5;

/**
 * How a page is read. `drawingsAsPictures`: which drawings become a picture of their part of the page, their
 * labels included. Word (the default, `all`) has no shapes of ours, so every chart and diagram does. PDF to
 * PowerPoint draws the shapes itself and keeps a diagram's words as text; a chart (`charts`: a drawing with an axis)
 * it draws with its own labels, as they are the chart's and no text of the slide: the layout gives the charts
 * (`PageLayout.charts`) and leaves their labels out of its blocks.
 */
export interface ReadOptions {
  drawingsAsPictures: 'all' | 'charts';
  /**
   * Text outside the page (and outside the clips that hide it) read too: a slide keeps what its author left beside
   * it, as PowerPoint and LibreOffice put it in the PDF. Word's pages hold only what shows.
   */
  hiddenText?: boolean;
  /** More pictures than this on a page are not read (`PageLayout.picturesUnread`): the caller draws them. */
  maxPictures?: number;
}

/** The text blocks, pictures and tables of a page, as the viewer shows the page. */
export function readLayout(
  page: mupdf.PDFPage,
  folder: string,
  pageIndex: number,
  options: ReadOptions = { drawingsAsPictures: 'all' },
): PageLayout {
  const [left, top, right, bottom] = page.getBounds();
  const pageArea = (right - left) * (bottom - top);
  const drawn = readDrawing(page);
  const blocks: LayoutBlock[] = [];
  /** The images the page reading meets, and how many text blocks came before each. */
  const images: { at: number; bbox: mupdf.Rect; transform: mupdf.Matrix; image: mupdf.Image }[] = [];
  const colours = new Map<number, string>();
  let block: LayoutTextBlock | undefined;
  let line: LayoutLine | undefined;
  let linesDrawn = 0;
  /**
   * Where each digit of the line's spans starts along the line (by its place in the span's text), read from its
   * quad for digits only: a number drawn from the right is put back in reading order at the line's end.
   */
  const digits = new Map<Span, Map<number, number>>();
  const noteDigit = (span: Span, text: string, quad: () => mupdf.Quad) => {
    if (!isDigit(text)) return;
    let places = digits.get(span);
    if (!places) digits.set(span, (places = new Map()));
    places.set(span.text.length - 1, alongLine(quad()));
  };
  const digitsInOrder = (done: LayoutLine) => {
    for (const span of done.spans) {
      const places = digits.get(span);
      if (!places) continue;
      const chars = span.text.split('').map((char, index) => ({ char, at: places.get(index) }));
      span.text = digitsInReadingOrder(
        chars,
        (each) => each.char,
        (each) => each.at,
      )
        .map((each) => each.char)
        .join('');
    }
    digits.clear();
  };
  /** What the last character was drawn with, and the span it went into. */
  let previous: { style?: FontStyle; size?: number; rgb?: number; bidi?: number; span?: Span } = {};
  // Links to web pages, for the text under them.
  const pageLinks = page.getLinks();
  const links = pageLinks
    .filter((link) => link.isExternal())
    .map((link) => ({ box: link.getBounds(), uri: link.getURI() }));
  pageLinks.forEach((link) => link.destroy());
  const linkAt = (quad: mupdf.Quad) => {
    const x = (quad[0] + quad[2] + quad[4] + quad[6]) / 4;
    const y = (quad[1] + quad[3] + quad[5] + quad[7]) / 4;
    return links.find(({ box }) => x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3])?.uri;
  };
  // From the page itself, not from a display list of its contents: a list loses the ActualText the structure tree
  // gives text drawn in a clip (a Hebrew line came out with other spaces and alignment). Reading the other pages
  // from a list saved only a twentieth of the reading (docs/decisions/152).
  const stext = page.toStructuredText(
    `preserve-images,preserve-whitespace,${INHIBIT_SPACES}${options.hiddenText ? ',clip=no' : ''}`,
  );
  walkText(stext, {
    beginTextBlock(bbox) {
      block = { kind: 'text', x0: bbox[0], y0: bbox[1], x1: bbox[2], y1: bbox[3], lines: [] };
    },
    beginLine(bbox) {
      line = { x0: bbox[0], y0: bbox[1], x1: bbox[2], y1: bbox[3], spans: [], drawn: linesDrawn++ };
    },
    onChar(char, style, size, rgb, bidi, quad) {
      if (!line) return;
      const text = char === '\t' || char === '\u00a0' ? ' ' : char;
      // Most characters go on the span of the one before, drawn in the same font, size, colour and direction: that
      // is checked on what MuPDF gives, before any of it is turned into the span's fields. Under a link, the link
      // (from the character's position) can change within a run.
      if (
        style === previous.style &&
        size === previous.size &&
        rgb === previous.rgb &&
        bidi === previous.bidi &&
        links.length === 0 &&
        previous.span !== undefined &&
        line.spans.at(-1) === previous.span
      ) {
        previous.span.text += text;
        noteDigit(previous.span, text, quad);
        return;
      }
      // Compared field by field, and the colour named once per colour: this runs for every character of a book.
      const rounded = Math.round(size * 2) / 2;
      let colour = colours.get(rgb);
      if (colour === undefined) colours.set(rgb, (colour = rgb.toString(16).padStart(6, '0').toUpperCase()));
      const rightToLeft = bidi % 2 === 1;
      const link = links.length > 0 ? linkAt(quad()) : undefined;
      let last = line.spans.at(-1);
      if (
        last &&
        last.font === style.font &&
        last.bold === style.bold &&
        last.italic === style.italic &&
        last.size === rounded &&
        last.color === colour &&
        last.rightToLeft === rightToLeft &&
        last.link === link
      ) {
        last.text += text;
      } else {
        last = { ...style, size: rounded, color: colour, rightToLeft, ...(link && { link }), text };
        line.spans.push(last);
      }
      noteDigit(last, text, quad);
      previous = { style, size, rgb, bidi, span: last };
    },
    endLine() {
      if (line) digitsInOrder(line);
      if (block && line && line.spans.some((span) => span.text.trim() !== '')) block.lines.push(line);
      line = undefined;
    },
    endTextBlock() {
      if (block && block.lines.length > 0) blocks.push(block);
      block = undefined;
    },
    onImageBlock(bbox, transform, image) {
      // An OCR'd scan: its text becomes the Word text, and the scan under it is left out.
      const coverage = ((bbox[2] - bbox[0]) * (bbox[3] - bbox[1])) / pageArea;
      if (drawn.invisibleText.length > 0 && coverage >= SCAN_COVERAGE) return;
      // The walk lets its image go when this returns: a reference of our own keeps it for the encoding.
      images.push({ at: blocks.length, bbox, transform, image: new mupdf.Image(image.pointer) });
    },
  });
  stext.destroy();
  // The pictures are encoded once their number is known: a page of more than `maxPictures` (tiles, a texture) is
  // drawn whole by the caller, and encoding hundreds of them for nothing took a third of a deck's conversion.
  const picturesUnread =
    options.maxPictures !== undefined &&
    images.filter(({ image, bbox }) => isPicture(image, bbox)).length > options.maxPictures;
  const pictures: { at: number; block: LayoutImageBlock }[] = [];
  let encoded = 0;
  for (const { at, bbox, transform, image } of picturesUnread ? [] : images) {
    try {
      const picture = encodePicture(image, bbox, transform, join(folder, `page-${pageIndex + 1}-picture-${++encoded}`));
      if (picture)
        pictures.push({ at, block: { kind: 'image', x0: bbox[0], y0: bbox[1], x1: bbox[2], y1: bbox[3], ...picture } });
    } catch {
      // An image MuPDF cannot decode shows as nothing in a viewer too; the text around it still converts.
    } finally {
      if (decodedSize(image) > EMPTY_STORE_FROM_BYTES) mupdf.emptyStore();
    }
  }
  // Each goes where the page reading met it among the text blocks (from the last, so the places hold).
  for (const { at, block } of pictures.reverse()) blocks.splice(at, 0, block);
  for (const { image } of images) image.destroy();
  const unread = picturesUnread ? { picturesUnread } : {};
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
  drawn.rules.forEach(shift);
  drawn.shapes.forEach(shift);
  // Words drawn twice at one place are read once, as a viewer shows them.
  const textLines = () => blocks.flatMap((block) => (block.kind === 'text' ? block.lines : []));
  const copies = overprintedLines(textLines());
  if (copies.size > 0) blocks.splice(0, blocks.length, ...withoutLines(blocks, copies));
  const trimmed = overprintedStarts(textLines());
  for (const block of blocks) {
    if (block.kind === 'text' && block.lines.some((each) => trimmed.has(each)))
      Object.assign(block, union(block.lines));
  }
  const width = right - left;
  const height = bottom - top;
  const lines = textLines();
  if (options.drawingsAsPictures === 'charts') {
    const tables = tablesWithText(ruledTables(drawn.rules), lines);
    // A chart's grid with its bars between reads as ruled tables: charts are found among every drawing, tables or
    // not, and a table in a chart is its grid.
    const drawings = drawingRegions(drawn.shapes, { width, height }, lines, [], drawn.rules, { valuesOnFigures: true });
    const charts = chartsIn(drawings, lines, drawn.shapes);
    const labels = new Set(charts.flatMap((chart) => chart.labels));
    const grid = (table: Box) => charts.some((chart) => contains(chart, table));
    return {
      width,
      height,
      ...unread,
      blocks: placeBorderlessTables(
        placeTables(
          withoutLines(blocks, labels),
          tables.filter((table) => !grid(table)),
        ),
      ),
      charts: charts.map((chart) => ({
        ...chart,
        labels: chart.labels.map(({ x0, y0, x1, y1 }) => ({ x0, y0, x1, y1 })),
      })),
    };
  }
  // Underlines are the text's: among the rules, they join a frame and a checkbox into a grid.
  const rules = withoutUnderlines(drawn.rules, lines);
  const tables = tablesWithText(ruledTables(rules), lines);
  // Rules outside tables are a chart's axes and grid as much as anything: they join the shapes.
  const looseRules = rules.filter((rule) => !tables.some((table) => contains(table, rule)));
  const framed = framedText(blocks, framesOf(looseRules), { width, height });
  const drawings = drawingRegions(drawn.shapes, { width, height }, lines, tables, looseRules);
  if (drawings.length === 0) {
    return { width, height, ...unread, blocks: placeBorderlessTables(placeTables(framed, tables)) };
  }

  // A drawing is a picture of its part of the page, its labels and the images in it included.
  const inDrawing = (box: Box) => drawings.some((region) => contains(region, box));
  const kept = withoutLines(
    framed.filter((block) => block.kind !== 'image' || !inDrawing(block)),
    new Set(lines.filter(inDrawing)),
  );
  drawings.forEach((region, index) => {
    const file = join(folder, `page-${pageIndex + 1}-drawing-${index + 1}.png`);
    renderRegion(page, { x0: region.x0 + left, y0: region.y0 + top, x1: region.x1 + left, y1: region.y1 + top }, file);
    kept.push({ kind: 'image', ...region, file, format: 'png' });
  });
  return { width, height, ...unread, blocks: placeBorderlessTables(placeTables(kept, tables)) };
}

/** Drawings are rendered at this resolution. */
const DRAWING_DPI = 150;

/** The page's content within `region` (page coordinates) as a PNG on white. */
function renderRegion(page: mupdf.PDFPage, region: Box, file: string): void {
  const scale = DRAWING_DPI / 72;
  const pixmap = new mupdf.Pixmap(
    mupdf.ColorSpace.DeviceRGB,
    [
      Math.floor(region.x0 * scale),
      Math.floor(region.y0 * scale),
      Math.ceil(region.x1 * scale),
      Math.ceil(region.y1 * scale),
    ],
    false,
  );
  pixmap.clear(255);
  const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
  try {
    page.runPageContents(device, mupdf.Matrix.scale(scale, scale));
    device.close();
    writeFileSync(file, pixmap.asPNG());
  } finally {
    device.destroy();
    pixmap.destroy();
  }
}

/** A page read: its layout, and whether it looks scanned (no text, a picture of it). */
export interface ReadPage {
  layout: PageLayout;
  scanned: boolean;
}

/**
 * Page `index` of `doc` read into its layout. MuPDF's objects for the page (the page, its display list and
 * structured text) are let go before this returns: only the layout is kept.
 */
export function readPage(doc: mupdf.Document, index: number, folder: string, options?: ReadOptions): ReadPage {
  const page = doc.loadPage(index) as mupdf.PDFPage;
  try {
    const layout = readLayout(page, folder, index, options);
    const scanned = !layout.blocks.some((block) => block.kind !== 'image') && looksScanned(page);
    return { layout, scanned };
  } finally {
    page.destroy();
  }
}
