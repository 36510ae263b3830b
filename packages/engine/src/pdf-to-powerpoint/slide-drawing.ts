import { writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import type { SlideLine, SlideRectangle } from './slide-model.js';
import { disownShade } from '../mupdf/device-shade.js';

/**
 * The vector drawing of a page as PowerPoint gets it: plain filled rectangles and straight lines become shapes,
 * and whatever else the page draws besides its text and images (curves, shadings, clipped or transparent paths) is
 * rendered into one picture of the page behind them. Text is left out, and images unless asked for: the layout
 * reading has them.
 */

/** The background picture's resolution. */
const BACKGROUND_DPI = 150;
/** The most pixels a slide's picture gets: a poster-sized page is drawn coarser rather than past MuPDF's limits. */
const MAX_PICTURE_PIXELS = 16_000_000;

/** The scale a page's picture is drawn at: `dpi`, or less when that would pass MAX_PICTURE_PIXELS. */
export function pictureScale(width: number, height: number, dpi: number): number {
  return Math.min(dpi / 72, Math.sqrt(MAX_PICTURE_PIXELS / Math.max(1, width * height)));
}
/** More shapes than this on one page (a chart's bars, a hatching) are drawn into the background instead. */
const MAX_SHAPES = 400;

export interface SlideDrawing {
  shapes: (SlideRectangle | SlideLine)[];
  /** The PNG of what is not a shape, or undefined when the page draws nothing else. */
  background: string | undefined;
}

/** `RRGGBB` of a colour in a gray, RGB or CMYK space; undefined for the others (rendered instead). */
function hexColour(colorSpace: mupdf.ColorSpace, color: number[]): string | undefined {
  let rgb: number[];
  if (colorSpace.isGray() && color.length === 1) rgb = [color[0]!, color[0]!, color[0]!];
  else if (colorSpace.isRGB() && color.length === 3) rgb = color;
  else if (colorSpace.isCMYK() && color.length === 4) {
    const [c, m, y, k] = color as [number, number, number, number];
    rgb = [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)];
  } else return undefined;
  return rgb
    .map((value) =>
      Math.round(Math.min(1, Math.max(0, value)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase();
}

/** A callback's colour as the device methods type it: MuPDF passes one to four components, as many as its space has. */
const asColor = (color: number[]) => color as mupdf.Color;

/** The points of a path without curves, in page coordinates, as subpaths; undefined when it has a curve. */
function straightSubpaths(path: mupdf.Path, ctm: mupdf.Matrix): mupdf.Point[][] | undefined {
  const [a, b, c, d, e, f] = ctm;
  const at = (x: number, y: number): mupdf.Point => [a * x + c * y + e, b * x + d * y + f];
  const subpaths: mupdf.Point[][] = [];
  let curved = false;
  path.walk({
    moveTo: (x, y) => subpaths.push([at(x, y)]),
    lineTo: (x, y) => subpaths.at(-1)?.push(at(x, y)),
    curveTo: () => (curved = true),
    closePath: () => {
      const points = subpaths.at(-1);
      if (points && points.length > 0) points.push(points[0]!);
    },
  });
  return curved ? undefined : subpaths;
}

/** The box of one axis-aligned rectangle, or undefined for any other path. */
function rectangleOf(subpaths: mupdf.Point[][]): [number, number, number, number] | undefined {
  if (subpaths.length !== 1) return undefined;
  const points = subpaths[0]!;
  if (points.length < 4 || points.length > 5) return undefined;
  const xs = points.map((point) => point[0]);
  const ys = points.map((point) => point[1]);
  const box: [number, number, number, number] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const onCorner = points.every(
    ([x, y]) =>
      (Math.abs(x - box[0]) < 0.01 || Math.abs(x - box[2]) < 0.01) &&
      (Math.abs(y - box[1]) < 0.01 || Math.abs(y - box[3]) < 0.01),
  );
  return onCorner ? box : undefined;
}

/**
 * Reads the page's drawing: shapes for the simple paths, and the rest (with `withImages`, the images too) drawn into
 * `backgroundFile` when there is any. Paths inside a clip, a mask, a group or a tile are always rendered: as shapes they would lose what limits them.
 */
export function readSlideDrawing(page: mupdf.PDFPage, backgroundFile: string, withImages: boolean): SlideDrawing {
  const drawing = drawPage(page, backgroundFile, { withImages, withShapes: true });
  return drawing.shapes.length > MAX_SHAPES
    ? drawPage(page, backgroundFile, { withImages, withShapes: false })
    : drawing;
}

function drawPage(
  page: mupdf.PDFPage,
  backgroundFile: string,
  { withImages, withShapes }: { withImages: boolean; withShapes: boolean },
): SlideDrawing {
  const shapes: (SlideRectangle | SlideLine)[] = [];
  const [left, top, right, bottom] = page.getBounds();
  const scale = pictureScale(right - left, bottom - top, BACKGROUND_DPI);
  const pixmap = new mupdf.Pixmap(
    mupdf.ColorSpace.DeviceRGB,
    [0, 0, Math.max(1, Math.ceil((right - left) * scale)), Math.max(1, Math.ceil((bottom - top) * scale))],
    true,
  );
  pixmap.clear(0);
  const draw = new mupdf.DrawDevice(
    mupdf.Matrix.concat(mupdf.Matrix.translate(-left, -top), mupdf.Matrix.scale(scale, scale)),
    pixmap,
  );
  let nested = 0;
  let painted = false;
  const plain = () => withShapes && nested === 0;
  // Paths, texts, stroke states and colour spaces come kept for the callback and are let go here; images come
  // kept by their wrapper, which its finalizer lets go; shades come borrowed and are disowned (disownShade).
  const device = new mupdf.Device({
    fillPath(path, evenOdd, ctm, colorSpace, color, alpha) {
      try {
        const fill = alpha === 1 && plain() ? hexColour(colorSpace, color) : undefined;
        const subpaths = fill ? straightSubpaths(path, ctm) : undefined;
        const box = subpaths && rectangleOf(subpaths);
        if (fill && box) {
          shapes.push({
            kind: 'rectangle',
            x0: box[0] - left,
            y0: box[1] - top,
            x1: box[2] - left,
            y1: box[3] - top,
            fill,
          });
        } else {
          draw.fillPath(path, evenOdd, ctm, colorSpace, asColor(color), alpha);
          painted = true;
        }
      } finally {
        path.destroy();
        colorSpace.destroy();
      }
    },
    strokePath(path, stroke, ctm, colorSpace, color, alpha) {
      try {
        const colour = alpha === 1 && plain() && !stroke.getDashes()?.length ? hexColour(colorSpace, color) : undefined;
        const subpaths = colour ? straightSubpaths(path, ctm) : undefined;
        const segment = subpaths?.length === 1 && subpaths[0]!.length === 2 ? subpaths[0]! : undefined;
        if (colour && segment) {
          const [[x0, y0], [x1, y1]] = segment as [mupdf.Point, mupdf.Point];
          const width = Math.max(0.25, stroke.getLineWidth() * Math.sqrt(Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2])));
          shapes.push({ kind: 'line', x0: x0 - left, y0: y0 - top, x1: x1 - left, y1: y1 - top, width, color: colour });
        } else {
          draw.strokePath(path, stroke, ctm, colorSpace, asColor(color), alpha);
          painted = true;
        }
      } finally {
        path.destroy();
        stroke.destroy();
        colorSpace.destroy();
      }
    },
    clipPath(path, evenOdd, ctm) {
      nested++;
      draw.clipPath(path, evenOdd, ctm);
      path.destroy();
    },
    clipStrokePath(path, stroke, ctm) {
      nested++;
      draw.clipStrokePath(path, stroke, ctm);
      path.destroy();
      stroke.destroy();
    },
    clipText(text, ctm) {
      nested++;
      draw.clipText(text, ctm);
      text.destroy();
    },
    clipStrokeText(text, stroke, ctm) {
      nested++;
      draw.clipStrokeText(text, stroke, ctm);
      text.destroy();
      stroke.destroy();
    },
    clipImageMask(image, ctm) {
      nested++;
      draw.clipImageMask(image, ctm);
    },
    popClip() {
      nested--;
      draw.popClip();
    },
    fillShade(shade, ctm, alpha) {
      try {
        draw.fillShade(shade, ctm, alpha);
        painted = true;
      } finally {
        disownShade(shade);
      }
    },
    fillImageMask(image, ctm, colorSpace, color, alpha) {
      draw.fillImageMask(image, ctm, colorSpace, asColor(color), alpha);
      painted = true;
      colorSpace.destroy();
    },
    fillText: (text) => text.destroy(),
    strokeText: (text, stroke) => {
      text.destroy();
      stroke.destroy();
    },
    ignoreText: (text) => text.destroy(),
    fillImage(image, ctm, alpha) {
      if (!withImages) return;
      draw.fillImage(image, ctm, alpha);
      painted = true;
    },
    beginMask(area, luminosity, colorSpace, color) {
      nested++;
      draw.beginMask(area, luminosity, colorSpace, asColor(color));
      colorSpace.destroy();
    },
    endMask: () => draw.endMask(),
    beginGroup(area, colorSpace, isolated, knockout, blendmode, alpha) {
      nested++;
      draw.beginGroup(area, colorSpace, isolated, knockout, blendmode, alpha);
      colorSpace.destroy();
    },
    endGroup() {
      nested--;
      draw.endGroup();
    },
    beginTile(area, view, xstep, ystep, ctm, id, docId) {
      nested++;
      return draw.beginTile(area, view, xstep, ystep, ctm, id, docId);
    },
    endTile() {
      nested--;
      draw.endTile();
    },
  });
  try {
    page.runPageContents(device, mupdf.Matrix.identity);
    device.close();
    draw.close();
    if (painted) writeFileSync(backgroundFile, pixmap.asPNG());
  } finally {
    device.destroy();
    draw.destroy();
    pixmap.destroy();
  }
  return { shapes, background: painted ? backgroundFile : undefined };
}
