import { connectedGroups, straightRules } from '../tables/ruled-grids.js';
import { type Box, centreX, centreY, heightOf, widthOf } from '../tables/table-model.js';
import { type Rule, withoutLines } from './layout-analysis.js';
import type { LayoutBlock, LayoutLine } from './layout-model.js';

/**
 * A text box or a note drawn with a frame around it is read as one block, as wide as its frame: its lines are read
 * together, after what stands above the frame and before what stands below, however short they are (a label and a
 * checkbox inside a full-width frame would otherwise leave a gutter beside them, and a short line above the frame
 * at the right was read after everything at the left, the frame's text included).
 */

/** Rules closer than this (points) meet at a corner. */
const CORNER = 2;
/** A frame covers less than this share of the page: a border around the page is no text box. */
const MAX_PAGE_SHARE = 0.4;

/** The frames among `rules`: four rules that meet at their corners and nothing else, each side drawn whole. */
export function framesOf(rules: readonly Rule[]): Box[] {
  return connectedGroups(straightRules(rules)).flatMap((group) => {
    if (group.length !== 4) return [];
    const horizontal = group.filter((rule) => widthOf(rule) > heightOf(rule)).sort((a, b) => a.y0 - b.y0);
    const vertical = group.filter((rule) => heightOf(rule) > widthOf(rule)).sort((a, b) => a.x0 - b.x0);
    if (horizontal.length !== 2 || vertical.length !== 2) return [];
    const [top, bottom] = horizontal as [Rule, Rule];
    const [left, right] = vertical as [Rule, Rule];
    const box = { x0: centreX(left), y0: centreY(top), x1: centreX(right), y1: centreY(bottom) };
    const spans = (rule: Rule, from: number, to: number, across: 'x' | 'y') =>
      across === 'x'
        ? rule.x0 <= from + CORNER && rule.x1 >= to - CORNER
        : rule.y0 <= from + CORNER && rule.y1 >= to - CORNER;
    const whole =
      spans(top, box.x0, box.x1, 'x') &&
      spans(bottom, box.x0, box.x1, 'x') &&
      spans(left, box.y0, box.y1, 'y') &&
      spans(right, box.y0, box.y1, 'y');
    return whole ? [box] : [];
  });
}

/**
 * The page's blocks with the lines inside each frame (by their middle) made one text block the frame's size, when
 * the frame holds text and nothing else of the page's blocks (no picture, no table) and is no border of the page.
 */
export function framedText(
  blocks: readonly LayoutBlock[],
  frames: readonly Box[],
  page: { width: number; height: number },
): LayoutBlock[] {
  let result = [...blocks];
  const inside = (frame: Box, box: Box) =>
    centreX(box) > frame.x0 && centreX(box) < frame.x1 && centreY(box) > frame.y0 && centreY(box) < frame.y1;
  for (const frame of frames) {
    if (widthOf(frame) * heightOf(frame) >= MAX_PAGE_SHARE * page.width * page.height) continue;
    if (result.some((block) => block.kind !== 'text' && inside(frame, block))) continue;
    const lines = result
      .flatMap((block) => (block.kind === 'text' ? block.lines : []))
      .filter((line) => inside(frame, line));
    if (lines.length === 0) continue;
    const taken = new Set<LayoutLine>(lines);
    result = [
      ...withoutLines(result, taken),
      { kind: 'text', ...frame, lines: lines.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0), framed: true },
    ];
  }
  return result;
}
