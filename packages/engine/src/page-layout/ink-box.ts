import * as mupdf from 'mupdf';
import { type Rect, applyMatrix, normalizeRect } from './page-geometry.js';

/** The longest side of the render the ink is looked for in, in pixels: about 1 pt on a Letter page. */
const RENDER_LONG_SIDE = 1000;
/** Never finer than this many pixels per point (a tiny page is not rendered huge). */
const MAX_SCALE = 2;
/** Gray levels from this one up count as paper: scanner noise and faint tints are not content. */
const PAPER_FROM = 240;

/**
 * The box holding everything the page shows (annotations included) darker than near-white, in the page's user
 * space, from a gray render at low resolution; undefined for a page that shows nothing. The box is a pixel larger
 * on each side than the ink found, so anti-aliased edges are kept.
 */
export function inkBox(page: mupdf.PDFPage): Rect | undefined {
  const bounds = page.getBounds();
  const longSide = Math.max(bounds[2] - bounds[0], bounds[3] - bounds[1]);
  const scale = Math.min(MAX_SCALE, RENDER_LONG_SIDE / longSide);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, true);
  try {
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const stride = pixmap.getStride();
    const pixels = pixmap.getPixels();
    let [left, top, right, bottom] = [width, height, -1, -1];
    for (let y = 0; y < height; y += 1) {
      const row = y * stride;
      for (let x = 0; x < width; x += 1) {
        if (pixels[row + x]! >= PAPER_FROM) continue;
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        bottom = y;
      }
    }
    if (right < 0) return undefined;
    const toUser = mupdf.Matrix.invert(page.getTransform());
    const corner = (x: number, y: number) =>
      applyMatrix(toUser, (pixmap.getX() + x) / scale, (pixmap.getY() + y) / scale);
    const [x0, y0] = corner(left - 1, top - 1);
    const [x1, y1] = corner(right + 2, bottom + 2);
    return normalizeRect([x0, y0, x1, y1]);
  } finally {
    pixmap.destroy();
  }
}
