import type { PageBox } from '@paperknife/catalog/compare-differences';

/** A word on a page: its text and its box in points from the page's top-left corner. */
export interface PageWord {
  text: string;
  box: PageBox;
}

/** What the comparison reads of one page. */
export interface PageContent {
  /** Width and height in points, as the page is shown. */
  size: [number, number];
  words: PageWord[];
}

/** The resolution pages are rendered at to find regions drawn differently: enough for a picture, cheap per page. */
export const REGION_DPI = 50;

/** Most pixels a render for regions may have: a poster-sized page is rendered at less than REGION_DPI. */
const MAX_REGION_PIXELS = 4_000_000;

/** Pixels per point to render pages of these sizes (points) at for the region search: the same for both. */
export function regionScale(...sizes: readonly (readonly [number, number])[]): number {
  const areas = sizes.map(([width, height]) => Math.max(1, width * height));
  return Math.min(REGION_DPI / 72, ...areas.map((area) => Math.sqrt(MAX_REGION_PIXELS / area)));
}
