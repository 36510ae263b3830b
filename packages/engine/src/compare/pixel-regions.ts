/**
 * Where two renders of a page differ, as boxes around clusters of differing pixels. Pixels are compared in cells;
 * a cell counts only when several of its pixels differ clearly, so anti-aliasing along an edge drawn a fraction of
 * a pixel elsewhere does not make a region. Cells that touch, or nearly, make one region.
 */

/** 8-bit RGB pixels, rows top to bottom, `width * 3` bytes a row. */
export interface RgbPixels {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** A box in pixels: [x0, y0, x1, y1], x1 and y1 exclusive. */
export type PixelBox = [number, number, number, number];

/**
 * Levels two pixels must differ by, in one of their channels, to count: well above the half-tone steps of
 * anti-aliased edges. Each channel on its own: red turned to a green as light is a change, which gray hid.
 */
const PIXEL_THRESHOLD = 48;
const CELL = 6;
/** Differing pixels a cell needs to count. */
const CELL_PIXELS = 3;
/** Cells this far apart (in cells) still join one region. */
const JOIN = 1;

/**
 * Regions where `a` and `b` differ, on a canvas as large as both (what lies outside a smaller page counts as white),
 * leaving out pixels inside `ignore`.
 */
export function changedRegions(a: RgbPixels, b: RgbPixels, ignore: readonly PixelBox[] = []): PixelBox[] {
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const columns = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const counts = new Uint16Array(columns * rows);
  const ignored = ignoreMask(width, height, ignore);
  const at = (page: RgbPixels, x: number, y: number, channel: number) =>
    x < page.width && y < page.height ? page.pixels[(y * page.width + x) * 3 + channel]! : 255;
  const differs = (x: number, y: number) =>
    Math.abs(at(a, x, y, 0) - at(b, x, y, 0)) > PIXEL_THRESHOLD ||
    Math.abs(at(a, x, y, 1) - at(b, x, y, 1)) > PIXEL_THRESHOLD ||
    Math.abs(at(a, x, y, 2) - at(b, x, y, 2)) > PIXEL_THRESHOLD;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!ignored[y * width + x] && differs(x, y)) counts[Math.floor(y / CELL) * columns + Math.floor(x / CELL)]!++;
    }
  }

  const seen = new Uint8Array(columns * rows);
  const regions: PixelBox[] = [];
  for (let start = 0; start < counts.length; start++) {
    if (seen[start] || counts[start]! < CELL_PIXELS) continue;
    let [x0, y0, x1, y1] = [columns, rows, -1, -1];
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const cell = stack.pop()!;
      const cx = cell % columns;
      const cy = Math.floor(cell / columns);
      x0 = Math.min(x0, cx);
      y0 = Math.min(y0, cy);
      x1 = Math.max(x1, cx);
      y1 = Math.max(y1, cy);
      for (let ny = Math.max(0, cy - 1 - JOIN); ny <= Math.min(rows - 1, cy + 1 + JOIN); ny++) {
        for (let nx = Math.max(0, cx - 1 - JOIN); nx <= Math.min(columns - 1, cx + 1 + JOIN); nx++) {
          const next = ny * columns + nx;
          if (!seen[next] && counts[next]! >= CELL_PIXELS) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    regions.push([x0 * CELL, y0 * CELL, Math.min(width, (x1 + 1) * CELL), Math.min(height, (y1 + 1) * CELL)]);
  }
  return regions;
}

function ignoreMask(width: number, height: number, boxes: readonly PixelBox[]): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (const [x0, y0, x1, y1] of boxes) {
    const left = Math.max(0, Math.floor(x0));
    const right = Math.min(width, Math.ceil(x1));
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(height, Math.ceil(y1)); y++) {
      mask.fill(1, y * width + left, y * width + Math.max(left, right));
    }
  }
  return mask;
}
