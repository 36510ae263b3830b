import type { LayoutLine } from '../pdf-to-word/layout-model.js';

/**
 * The shapes PDF to PowerPoint hands from step to step: a slide as it is read from its page (points, top-down, the
 * page's top left at 0,0), in the order it is drawn back to front.
 */

/** A box of text lines, each line a paragraph at its own place within the box. */
export interface SlideText {
  kind: 'text';
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  lines: SlideTextLine[];
}

/** A line of a box: a paragraph, with the list marker PowerPoint draws in its hanging indent (`slide-lists.ts`). */
export interface SlideTextLine extends LayoutLine {
  marker?: { list: SlideListMarker; x0: number };
}

/** A bullet character, or an automatic number (`a:buAutoNum` type) that starts at `startAt`. */
export type SlideListMarker = { kind: 'bullet'; char: string } | { kind: 'number'; scheme: string; startAt: number };

export interface SlidePicture {
  kind: 'picture';
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  file: string;
  format: 'png' | 'jpg';
}

/** A filled rectangle, in `RRGGBB`. */
export interface SlideRectangle {
  kind: 'rectangle';
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  fill: string;
}

/** A straight stroked line from (x0, y0) to (x1, y1). */
export interface SlideLine {
  kind: 'line';
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  width: number;
  color: string;
}

export type SlideItem = SlideText | SlidePicture | SlideRectangle | SlideLine;

export interface Slide {
  /** Points. */
  width: number;
  height: number;
  items: SlideItem[];
}
