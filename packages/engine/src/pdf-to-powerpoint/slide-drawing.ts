import { writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import type { Box, LayoutChart } from '../pdf-to-word/layout-model.js';
import type { SlideLine, SlideRectangle } from './slide-model.js';
import { disownShade } from '../mupdf/device-shade.js';
import { applyMatrix } from '../page-layout/page-geometry.js';

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
/**
 * A picture covering this share of the page or more is the slide's backdrop: it goes behind the drawing, and when
 * it is opaque, what the page drew before it is hidden under it.
 */
export const BACKDROP_SHARE = 0.98;
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
  const at = (x: number, y: number) => applyMatrix(ctm, x, y);
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
 * `backgroundFile` when there is any. Paths inside a clip, a mask, a group or a tile are always rendered: as shapes
 * they would lose what limits them. A chart (`charts`, in the page layout's coordinates) is drawn whole into the
 * background, its labels with it: bars as shapes would cover the labels drawn behind them.
 */
export function readSlideDrawing(
  page: mupdf.PDFPage,
  backgroundFile: string,
  withImages: boolean,
  charts: readonly LayoutChart[] = [],
): SlideDrawing {
  const drawing = drawPage(page, backgroundFile, { withImages, withShapes: true, charts });
  return drawing.shapes.length > MAX_SHAPES
    ? drawPage(page, backgroundFile, { withImages, withShapes: false, charts })
    : drawing;
}

/** The box of a path's points (curves' control points too: a box around the curve) through `ctm`. */
function pathBox(path: mupdf.Path, ctm: mupdf.Matrix): Box {
  const box: Box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  const add = (x: number, y: number) => {
    const [px, py] = applyMatrix(ctm, x, y);
    box.x0 = Math.min(box.x0, px);
    box.y0 = Math.min(box.y0, py);
    box.x1 = Math.max(box.x1, px);
    box.y1 = Math.max(box.y1, py);
  };
  path.walk({
    moveTo: add,
    lineTo: add,
    curveTo(x1, y1, x2, y2, x3, y3) {
      add(x1, y1);
      add(x2, y2);
      add(x3, y3);
    },
  });
  return box;
}

/** Whether an image hides what is under it: no soft mask, no stencil. */
function opaque(image: mupdf.Image): boolean {
  const mask = image.getMask();
  mask?.destroy();
  return !mask && !image.getImageMask();
}

/** The box of a clip whose shape is not known (text, a mask): it lets nothing show for certain. */
const NOTHING: Box = { x0: 0, y0: 0, x1: 0, y1: 0 };

/** Whether `box` lies inside `region`, a point of slack each way. */
const inside = (region: Box, box: Box) =>
  box.x0 >= region.x0 - 1 && box.y0 >= region.y0 - 1 && box.x1 <= region.x1 + 1 && box.y1 <= region.y1 + 1;

function drawPage(
  page: mupdf.PDFPage,
  backgroundFile: string,
  { withImages, withShapes, charts }: { withImages: boolean; withShapes: boolean; charts: readonly LayoutChart[] },
): SlideDrawing {
  const shapes: (SlideRectangle | SlideLine)[] = [];
  const [left, top, right, bottom] = page.getBounds();
  const scale = pictureScale(right - left, bottom - top, BACKGROUND_DPI);
  const pixmap = new mupdf.Pixmap(
    mupdf.ColorSpace.DeviceRGB,
    [0, 0, Math.max(1, Math.ceil((right - left) * scale)), Math.max(1, Math.ceil((bottom - top) * scale))],
    true,
  );
  pixmap.clear();
  const draw = new mupdf.DrawDevice(
    mupdf.Matrix.concat(mupdf.Matrix.translate(-left, -top), mupdf.Matrix.scale(scale, scale)),
    pixmap,
  );
  let painted = false;
  /** What the clips in force let show (page coordinates), innermost last; a clip of unknown shape lets nothing. */
  const clips: Box[] = [];
  const clipped = (box: Box): Box => {
    const clip = clips.at(-1) ?? { x0: left, y0: top, x1: right, y1: bottom };
    return {
      x0: Math.max(box.x0, clip.x0),
      y0: Math.max(box.y0, clip.y0),
      x1: Math.min(box.x1, clip.x1),
      y1: Math.min(box.y1, clip.y1),
    };
  };
  /** Open transparency groups and tiles: what is drawn in them may not cover what is under it. */
  let layers = 0;
  const pageArea = (right - left) * (bottom - top);
  // Inside a clip, a mask, a group or a tile.
  const nested = () => clips.length + layers > 0;
  const plain = () => withShapes && !nested();
  // Charts in page coordinates (the device's), to tell a path or a glyph of theirs.
  const shift = (box: Box): Box => ({ x0: box.x0 + left, y0: box.y0 + top, x1: box.x1 + left, y1: box.y1 + top });
  const chartRegions = charts.map(shift);
  const chartLabels = charts.flatMap((chart) => chart.labels.map(shift));
  const inChart = (path: mupdf.Path, ctm: mupdf.Matrix) =>
    chartRegions.some((region) => inside(region, pathBox(path, ctm)));
  /** The glyphs of `text` that lie on a chart's label, as a text of their own; undefined when none do. */
  const chartText = (text: mupdf.Text, ctm: mupdf.Matrix) => {
    if (chartLabels.length === 0) return undefined;
    const glyphs = new mupdf.Text();
    let any = false;
    text.walk({
      showGlyph(font, trm, glyph, unicode, wmode) {
        const [x, y] = applyMatrix(ctm, trm[4], trm[5]);
        if (chartLabels.some((box) => x >= box.x0 - 1 && x <= box.x1 + 1 && y >= box.y0 - 1 && y <= box.y1 + 1)) {
          glyphs.showGlyph(font, trm, glyph, unicode, wmode);
          any = true;
        }
      },
    });
    if (any) return glyphs;
    glyphs.destroy();
    return undefined;
  };
  // Paths, texts, stroke states and colour spaces come kept for the callback and are let go here; images come
  // kept by their wrapper, which its finalizer lets go; shades come borrowed and are disowned (disownShade).
  const device = new mupdf.Device({
    fillPath(path, evenOdd, ctm, colorSpace, color, alpha) {
      try {
        const fill = alpha === 1 && plain() && !inChart(path, ctm) ? hexColour(colorSpace, color) : undefined;
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
        const shape = alpha === 1 && plain() && !stroke.getDashes()?.length && !inChart(path, ctm);
        const colour = shape ? hexColour(colorSpace, color) : undefined;
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
      clips.push(clipped(pathBox(path, ctm)));
      draw.clipPath(path, evenOdd, ctm);
      path.destroy();
    },
    clipStrokePath(path, stroke, ctm) {
      clips.push(clipped(pathBox(path, ctm)));
      draw.clipStrokePath(path, stroke, ctm);
      path.destroy();
      stroke.destroy();
    },
    clipText(text, ctm) {
      clips.push(NOTHING);
      draw.clipText(text, ctm);
      text.destroy();
    },
    clipStrokeText(text, stroke, ctm) {
      clips.push(NOTHING);
      draw.clipStrokeText(text, stroke, ctm);
      text.destroy();
      stroke.destroy();
    },
    clipImageMask(image, ctm) {
      clips.push(NOTHING);
      draw.clipImageMask(image, ctm);
    },
    popClip() {
      clips.pop();
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
    fillText(text, ctm, colorSpace, color, alpha) {
      const glyphs = chartText(text, ctm);
      try {
        if (glyphs) {
          draw.fillText(glyphs, ctm, colorSpace, asColor(color), alpha);
          painted = true;
        }
      } finally {
        glyphs?.destroy();
        text.destroy();
        colorSpace.destroy();
      }
    },
    strokeText: (text, stroke) => {
      text.destroy();
      stroke.destroy();
    },
    ignoreText: (text) => text.destroy(),
    fillImage(image, ctm, alpha) {
      const [x0, y0] = applyMatrix(ctm, 0, 0);
      const [x1, y1] = applyMatrix(ctm, 1, 1);
      const shown = clipped({ x0: Math.min(x0, x1), y0: Math.min(y0, y1), x1: Math.max(x0, x1), y1: Math.max(y0, y1) });
      const covered = Math.max(0, shown.x1 - shown.x0) * Math.max(0, shown.y1 - shown.y0);
      if (covered >= BACKDROP_SHARE * pageArea && alpha === 1 && layers === 0 && opaque(image)) {
        // The backdrop is drawn first on the slide: what came before it on the page is hidden under it.
        shapes.length = 0;
        pixmap.clear();
        painted = false;
      }
      if (!withImages) return;
      draw.fillImage(image, ctm, alpha);
      painted = true;
    },
    beginMask(area, luminosity, colorSpace, color) {
      clips.push(NOTHING);
      draw.beginMask(area, luminosity, colorSpace, asColor(color));
      colorSpace.destroy();
    },
    endMask: () => draw.endMask(),
    beginGroup(area, colorSpace, isolated, knockout, blendmode, alpha) {
      layers++;
      draw.beginGroup(area, colorSpace, isolated, knockout, blendmode, alpha);
      colorSpace.destroy();
    },
    endGroup() {
      layers--;
      draw.endGroup();
    },
    beginTile(area, view, xstep, ystep, ctm, id, docId) {
      layers++;
      return draw.beginTile(area, view, xstep, ystep, ctm, id, docId);
    },
    endTile() {
      layers--;
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
