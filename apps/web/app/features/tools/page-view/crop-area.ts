/**
 * Crop PDF's area on the page preview and the margins the API takes, one from the other. The area is fractions of
 * the page as shown, from its top-left corner; margins are millimetres from each side.
 */

import { MIN_BOX, type PageBox, clamp, insidePage } from './page-box';

export type CropArea = PageBox;

export interface CropMargins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The page as shown, in millimetres. */
export interface PageMm {
  width: number;
  height: number;
}

/** The smallest area kept: 3 % of the page each way. */
export const MIN_AREA = MIN_BOX;

/** Margins are shown to a tenth of a millimetre. */
const tenth = (value: number) => Math.round(value * 10) / 10;

export { insidePage };

/** The area the margins leave; margins that leave too little keep at least MIN_AREA. */
export function areaOfMargins(margins: CropMargins, page: PageMm): CropArea {
  const x = clamp(margins.left / page.width, 0, 1);
  const y = clamp(margins.top / page.height, 0, 1);
  return insidePage({
    x,
    y,
    width: 1 - x - clamp(margins.right / page.width, 0, 1),
    height: 1 - y - clamp(margins.bottom / page.height, 0, 1),
  });
}

export function marginsOfArea(area: CropArea, page: PageMm): CropMargins {
  return {
    top: tenth(area.y * page.height),
    right: tenth((1 - area.x - area.width) * page.width),
    bottom: tenth((1 - area.y - area.height) * page.height),
    left: tenth(area.x * page.width),
  };
}

/** The area between two points of a drag, in fractions of the page. */
export function areaBetween(from: [number, number], to: [number, number]): CropArea {
  const [x0, x1] = [clamp(Math.min(from[0], to[0]), 0, 1), clamp(Math.max(from[0], to[0]), 0, 1)];
  const [y0, y1] = [clamp(Math.min(from[1], to[1]), 0, 1), clamp(Math.max(from[1], to[1]), 0, 1)];
  return insidePage({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
}
