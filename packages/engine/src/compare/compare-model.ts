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
