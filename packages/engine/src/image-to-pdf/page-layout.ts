import { paperSizes } from '@paperknife/catalog/paper-sizes';
import type { imageOrientations, imagePageSizes } from '@paperknife/catalog/tools/jpg-to-pdf';

export type PageSize = (typeof imagePageSizes)[number];
export type PageOrientation = (typeof imageOrientations)[number];

export interface LayoutOptions {
  pageSize: PageSize;
  orientation: PageOrientation;
  /** Millimetres on every side. */
  margin: number;
}

/** An image as the page sees it: stored pixels, the EXIF orientation that shows them upright, pixels per inch. */
export interface ImageGeometry {
  width: number;
  height: number;
  orientation: number;
  dpi: { x: number; y: number };
}

export interface PageLayout {
  /** Page width and height in points. */
  width: number;
  height: number;
  /** The content stream that draws image `/Im0` upright in its place. */
  content: string;
}

const POINTS_PER_MM = 72 / 25.4;
const MAX_PAGE_SIDE = 14_400;

/**
 * Orientation matrices [a b c d e f] that map the image's unit square (as stored) onto the unit square as shown,
 * for EXIF orientations 1 to 8: mirrorings and quarter turns, applied by the page instead of by re-encoding.
 */
const ORIENTATION_MATRICES: Record<number, readonly number[]> = {
  1: [1, 0, 0, 1, 0, 0],
  2: [-1, 0, 0, 1, 1, 0],
  3: [-1, 0, 0, -1, 1, 1],
  4: [1, 0, 0, -1, 0, 1],
  5: [0, -1, -1, 0, 1, 1],
  6: [0, -1, 1, 0, 0, 1],
  7: [0, 1, 1, 0, 0, 0],
  8: [0, 1, -1, 0, 1, 0],
};

const turnsSideways = (orientation: number) => orientation >= 5 && orientation <= 8;

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The page for one image and where the image goes on it. */
export function layoutPage(image: ImageGeometry, options: LayoutOptions): PageLayout {
  const sideways = turnsSideways(image.orientation);
  // The image upright, in points at its own resolution.
  const shownWidth = ((sideways ? image.height : image.width) * 72) / (sideways ? image.dpi.y : image.dpi.x);
  const shownHeight = ((sideways ? image.width : image.height) * 72) / (sideways ? image.dpi.x : image.dpi.y);
  const margin = options.margin * POINTS_PER_MM;

  let width: number;
  let height: number;
  let box: { x: number; y: number; width: number; height: number };
  if (options.pageSize === 'fit') {
    // PDF readers take pages up to 200 inches a side: a huge image at a low resolution is shown smaller.
    const fits = Math.min(1, (MAX_PAGE_SIDE - 2 * margin) / Math.max(shownWidth, shownHeight));
    width = shownWidth * fits + 2 * margin;
    height = shownHeight * fits + 2 * margin;
    box = { x: margin, y: margin, width: shownWidth * fits, height: shownHeight * fits };
  } else {
    const paper = paperSizes[options.pageSize];
    const [short, long] = [paper.widthMm * POINTS_PER_MM, paper.heightMm * POINTS_PER_MM];
    const landscape =
      options.orientation === 'landscape' || (options.orientation === 'auto' && shownWidth > shownHeight);
    width = landscape ? long : short;
    height = landscape ? short : long;
    // Scaled to fill the space inside the margins, centred; a margin too big for the page leaves no space at all.
    const spaceWidth = Math.max(width - 2 * margin, 1);
    const spaceHeight = Math.max(height - 2 * margin, 1);
    const scale = Math.min(spaceWidth / shownWidth, spaceHeight / shownHeight);
    const boxWidth = shownWidth * scale;
    const boxHeight = shownHeight * scale;
    box = { x: (width - boxWidth) / 2, y: (height - boxHeight) / 2, width: boxWidth, height: boxHeight };
  }
  const place = [box.width, 0, 0, box.height, box.x, box.y].map(round).join(' ');
  const matrix = ORIENTATION_MATRICES[image.orientation] ?? ORIENTATION_MATRICES[1]!;
  const turn = image.orientation === 1 ? '' : `${matrix.join(' ')} cm `;
  return { width: round(width), height: round(height), content: `q ${place} cm ${turn}/Im0 Do Q` };
}
