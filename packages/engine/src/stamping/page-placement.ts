/**
 * Where stamped text (watermarks, page numbers) goes on a page, as the viewer sees it. Pure geometry: the visible
 * page is the CropBox turned by /Rotate; positions, margins and the text's own rotation are worked out there and
 * mapped back to the page's user space, so text is upright and inside the visible page whatever the PDF's boxes.
 */

export type StampPosition =
  'center' | 'top-left' | 'top-center' | 'top-right' | 'bottom-left' | 'bottom-center' | 'bottom-right';

export interface PageFrame {
  /** The CropBox (or MediaBox) in user space: x0, y0, x1, y1. */
  box: readonly [number, number, number, number];
  /** /Rotate: 0, 90, 180 or 270 (clockwise, as PDF defines it). */
  rotate: number;
}

export interface StampRequest {
  /** Text width at font size 1 (sum of glyph advances in em). */
  emWidth: number;
  fontSize: number;
  position: StampPosition;
  /** Counter-clockwise degrees, as the viewer sees it. */
  rotation: number;
  /** Distance kept from the visible edges, in points. */
  margin: number;
}

export interface StampPlacement {
  /** The font size used: the requested one, or smaller so the text fits inside the page. */
  fontSize: number;
  /** Text matrix in user space: a b c d e f (rotation and the baseline start). */
  matrix: [number, number, number, number, number, number];
}

/** Glyphs go about this much of the font size below the baseline (the rest of the size is above it). */
const DESCENT = 0.22;

export function normalizeRotate(rotate: number): 0 | 90 | 180 | 270 {
  const turned = (((Math.round(rotate / 90) * 90) % 360) + 360) % 360;
  return turned as 0 | 90 | 180 | 270;
}

/** The visible page's width and height: the box, turned by /Rotate. */
export function visibleSize(frame: PageFrame): { width: number; height: number } {
  const [x0, y0, x1, y1] = frame.box;
  const w = Math.abs(x1 - x0);
  const h = Math.abs(y1 - y0);
  return normalizeRotate(frame.rotate) % 180 === 0 ? { width: w, height: h } : { width: h, height: w };
}

/** A point of the visible page (origin bottom-left, y up) in the page's user space. */
export function visibleToUser(frame: PageFrame, vx: number, vy: number): [number, number] {
  const x0 = Math.min(frame.box[0], frame.box[2]);
  const y0 = Math.min(frame.box[1], frame.box[3]);
  const w = Math.abs(frame.box[2] - frame.box[0]);
  const h = Math.abs(frame.box[3] - frame.box[1]);
  switch (normalizeRotate(frame.rotate)) {
    case 90:
      return [x0 + w - vy, y0 + vx];
    case 180:
      return [x0 + w - vx, y0 + h - vy];
    case 270:
      return [x0 + vy, y0 + h - vx];
    default:
      return [x0 + vx, y0 + vy];
  }
}

export function placeStamp(frame: PageFrame, request: StampRequest): StampPlacement {
  const { width: W, height: H } = visibleSize(frame);
  const theta = (request.rotation * Math.PI) / 180;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const margin = Math.min(request.margin, W / 4, H / 4);
  // Shrink the text when its rotated box would not fit between the margins.
  const boxAt = (size: number) => {
    const tw = request.emWidth * size;
    const th = size;
    return { w: Math.abs(tw * cos) + Math.abs(th * sin), h: Math.abs(tw * sin) + Math.abs(th * cos) };
  };
  const unit = boxAt(1);
  const fit = Math.min((W - 2 * margin) / Math.max(unit.w, 1e-6), (H - 2 * margin) / Math.max(unit.h, 1e-6));
  const fontSize = Math.max(1, Math.floor(Math.min(request.fontSize, fit) * 1000) / 1000);
  const { w: bw, h: bh } = boxAt(fontSize);

  const [vertical, horizontal] = request.position === 'center' ? ['center', 'center'] : request.position.split('-');
  const cx = horizontal === 'left' ? margin + bw / 2 : horizontal === 'right' ? W - margin - bw / 2 : W / 2;
  const cy = vertical === 'top' ? H - margin - bh / 2 : vertical === 'bottom' ? margin + bh / 2 : H / 2;

  // The baseline start, relative to the text's centre, turned by the text's rotation.
  const lx = (-request.emWidth * fontSize) / 2;
  const ly = -fontSize / 2 + DESCENT * fontSize;
  const vx = cx + lx * cos - ly * sin;
  const vy = cy + lx * sin + ly * cos;
  const [ux, uy] = visibleToUser(frame, vx, vy);
  const angle = theta + (normalizeRotate(frame.rotate) * Math.PI) / 180;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    fontSize,
    matrix: [
      round(Math.cos(angle)),
      round(Math.sin(angle)),
      round(-Math.sin(angle)),
      round(Math.cos(angle)),
      round(ux),
      round(uy),
    ],
  };
}

/** Upright text whose baseline starts at `at`, a point of the visible page: the page's /Rotate undone. */
export function placeUpright(frame: PageFrame, at: readonly [number, number], fontSize: number): StampPlacement {
  const [ux, uy] = visibleToUser(frame, at[0], at[1]);
  const angle = (normalizeRotate(frame.rotate) * Math.PI) / 180;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const [cos, sin] = [round(Math.cos(angle)), round(Math.sin(angle))];
  return { fontSize, matrix: [cos, sin, -sin, cos, round(ux), round(uy)] };
}

/** A box given as fractions of the visible page from its top-left corner (as page previews draw it). */
export interface PageFractionBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A rectangle of the visible page in points, from its bottom-left corner: the left, bottom, width and height. */
export interface VisibleRect {
  x0: number;
  y0: number;
  width: number;
  height: number;
}

/** A box of fractions of the visible page, from its top-left corner, in visible points from its bottom-left. */
export function visibleRectOf(frame: PageFrame, box: PageFractionBox): VisibleRect {
  const { width: W, height: H } = visibleSize(frame);
  return { x0: box.x * W, y0: H - (box.y + box.height) * H, width: box.width * W, height: box.height * H };
}

/**
 * The matrix (a b c d e f) that maps the unit square onto a rectangle of the visible page, upright as the viewer
 * sees it: what an image XObject is drawn with.
 */
export function unitSquareOnto(frame: PageFrame, rect: VisibleRect): [number, number, number, number, number, number] {
  const origin = visibleToUser(frame, rect.x0, rect.y0);
  const right = visibleToUser(frame, rect.x0 + rect.width, rect.y0);
  const up = visibleToUser(frame, rect.x0, rect.y0 + rect.height);
  return [right[0] - origin[0], right[1] - origin[1], up[0] - origin[0], up[1] - origin[1], origin[0], origin[1]];
}
