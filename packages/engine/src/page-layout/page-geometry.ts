/**
 * Page geometry shared by Crop, N-up and Booklet, in PDF user space (points, y up). A page is its visible box (the
 * crop box within the media box) turned clockwise by its /Rotate; "top" and "left" always mean the page as a
 * viewer shows it.
 */

/** [x0, y0, x1, y1] with x0 < x1 and y0 < y1. */
export type Rect = readonly [number, number, number, number];
/** A PDF matrix [a b c d e f]: x' = a x + c y + e, y' = b x + d y + f. */
export type Matrix = readonly [number, number, number, number, number, number];
export type Quarter = 0 | 90 | 180 | 270;

export interface PageFrame {
  box: Rect;
  rotate: Quarter;
}

export interface Sides {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface Size {
  width: number;
  height: number;
}

/** /Rotate as one of the four quarters: negative and over-full turns folded, anything else read as 0. */
export function quarterOf(degrees: number): Quarter {
  const turned = ((Math.round(degrees) % 360) + 360) % 360;
  return turned === 90 || turned === 180 || turned === 270 ? turned : 0;
}

export function normalizeRect(values: readonly number[]): Rect {
  const [a = 0, b = 0, c = 0, d = 0] = values;
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

/** The rectangle around a quad (a glyph's, from MuPDF: x0 y0, x1 y1, x2 y2, x3 y3), in the quad's own space. */
export function quadBounds(quad: readonly number[]): [number, number, number, number] {
  const xs = [quad[0]!, quad[2]!, quad[4]!, quad[6]!];
  const ys = [quad[1]!, quad[3]!, quad[5]!, quad[7]!];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export function intersectRects(one: Rect, two: Rect): Rect | undefined {
  const rect: Rect = [
    Math.max(one[0], two[0]),
    Math.max(one[1], two[1]),
    Math.min(one[2], two[2]),
    Math.min(one[3], two[3]),
  ];
  return rect[2] > rect[0] && rect[3] > rect[1] ? rect : undefined;
}

/** The page's size as shown: width and height swap on a quarter turn. */
export function visibleSize({ box, rotate }: PageFrame): Size {
  const width = box[2] - box[0];
  const height = box[3] - box[1];
  return rotate === 90 || rotate === 270 ? { width: height, height: width } : { width, height };
}

/** `first` then `second`. */
export function multiply(first: Matrix, second: Matrix): Matrix {
  const [a, b, c, d, e, f] = first;
  const [A, B, C, D, E, F] = second;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

export function applyMatrix(matrix: Matrix, x: number, y: number): [number, number] {
  const [a, b, c, d, e, f] = matrix;
  return [a * x + c * y + e, b * x + d * y + f];
}

/** Maps the page's box, turned as it is shown, onto [0, width] × [0, height] of its visible size. */
export function uprightMatrix({ box, rotate }: PageFrame): Matrix {
  const width = box[2] - box[0];
  const height = box[3] - box[1];
  const turn: Record<Quarter, Matrix> = {
    0: [1, 0, 0, 1, 0, 0],
    90: [0, -1, 1, 0, 0, width],
    180: [-1, 0, 0, -1, width, height],
    270: [0, 1, -1, 0, height, 0],
  };
  return multiply([1, 0, 0, 1, -box[0], -box[1]], turn[rotate]);
}

/** The page drawn as large as fits in `slot`, centred: the matrix from its user space, and where it lands. */
export function fitInSlot(page: PageFrame, slot: Rect): { matrix: Matrix; placed: Rect } {
  const { width, height } = visibleSize(page);
  const slotWidth = slot[2] - slot[0];
  const slotHeight = slot[3] - slot[1];
  const scale = Math.min(slotWidth / width, slotHeight / height);
  const x = slot[0] + (slotWidth - width * scale) / 2;
  const y = slot[1] + (slotHeight - height * scale) / 2;
  return {
    matrix: multiply(uprightMatrix(page), [scale, 0, 0, scale, x, y]),
    placed: [x, y, x + width * scale, y + height * scale],
  };
}

type Edge = 0 | 1 | 2 | 3;
/** For each rotation, the box edge (index into Rect) each visible side lies on. */
const sideEdges: Record<Quarter, Record<keyof Sides, Edge>> = {
  0: { top: 3, right: 2, bottom: 1, left: 0 },
  90: { top: 0, right: 3, bottom: 2, left: 1 },
  180: { top: 1, right: 0, bottom: 3, left: 2 },
  270: { top: 2, right: 1, bottom: 0, left: 3 },
};

/** The box left when `margins` (as shown) are cut from the page; undefined when nothing is left. */
export function insetBox({ box, rotate }: PageFrame, margins: Sides): Rect | undefined {
  const inset = [...box] as [number, number, number, number];
  for (const side of ['top', 'right', 'bottom', 'left'] as const) {
    const edge = sideEdges[rotate][side];
    inset[edge] += edge < 2 ? margins[side] : -margins[side];
  }
  return inset[2] > inset[0] && inset[3] > inset[1] ? inset : undefined;
}

/** The margins (as shown) between the page's box and a box inside it. */
export function marginsAround({ box, rotate }: PageFrame, inner: Rect): Sides {
  const gap = (edge: Edge) => (edge < 2 ? inner[edge] - box[edge] : box[edge] - inner[edge]);
  const edges = sideEdges[rotate];
  return { top: gap(edges.top), right: gap(edges.right), bottom: gap(edges.bottom), left: gap(edges.left) };
}
