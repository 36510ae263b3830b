import { partitionPoint } from '../sorted-search.js';
import { type Box, type Rule, heightOf } from './table-model.js';

/**
 * A line of text's underline (a link, an underlined label or heading) is drawn as a thin horizontal rule just under
 * its baseline. It is the text's, not a table's: left among the rules, it joins the rules it comes near (a text
 * box's frame, a checkbox after the label) into a grid of cells that are not there.
 */

/** An underline is no thicker than this (points). */
const MAX_THICKNESS = 1.5;
/** Its middle lies between this share of the line's height above the line's bottom and ... */
const ABOVE_BOTTOM = 0.4;
/** ... this share below it. */
const BELOW_BOTTOM = 0.15;
/** It starts within this many points of where the line starts, or after; and ends before the line ends or ... */
const START_SLACK = 1;
/** ... within this share of the line's height after it (an underlined space after the last word). */
const END_SLACK = 0.5;

/**
 * `rules` without those that underline one of `lines` (boxes of lines of text, any order). A table's rule under a
 * row's text starts at a cell's edge, before its text by the cell's padding, and stays.
 */
export function withoutUnderlines<R extends Rule>(rules: readonly R[], lines: readonly Box[]): R[] {
  if (lines.length === 0) return [...rules];
  const byBottom = [...lines].sort((a, b) => a.y1 - b.y1);
  const tallest = Math.max(...lines.map(heightOf));
  const underlines = (rule: R) => {
    if (heightOf(rule) > MAX_THICKNESS || rule.x1 - rule.x0 <= heightOf(rule)) return false;
    const middle = (rule.y0 + rule.y1) / 2;
    // Lines whose bottom may stand close enough above or below the rule.
    const from = partitionPoint(byBottom, (line) => line.y1 < middle - BELOW_BOTTOM * tallest);
    for (let index = from; index < byBottom.length; index++) {
      const line = byBottom[index]!;
      if (line.y1 > middle + ABOVE_BOTTOM * tallest) break;
      const height = heightOf(line);
      if (middle < line.y1 - ABOVE_BOTTOM * height || middle > line.y1 + BELOW_BOTTOM * height) continue;
      if (rule.x0 >= line.x0 - START_SLACK && rule.x1 <= line.x1 + END_SLACK * height) return true;
    }
    return false;
  };
  return rules.filter((rule) => !underlines(rule));
}
