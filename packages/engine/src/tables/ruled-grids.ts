import { type Box, type Rule, centreX, centreY, heightOf, widthOf } from './table-model.js';

/**
 * Grids drawn with rules. Rules that meet form a group; its rows and columns are where its horizontal and vertical
 * rules run, and two grid cells with no rule between them are one merged cell. A group with horizontal rules but
 * fewer than two columns of vertical ones (rules under the header and the last row, or between every row) is a
 * frame of rows whose columns the text gives.
 */

const HORIZONTAL = (rule: Rule) => widthOf(rule) >= 6 && heightOf(rule) <= 3;
const VERTICAL = (rule: Rule) => heightOf(rule) >= 6 && widthOf(rule) <= 3;
/** Rules closer than this (points) meet. */
const RULE_TOLERANCE = 2;
/** Pages drawing more rules than this are drawings (maps, charts, hatching), not tables. */
const MAX_RULES = 3000;

/** A grid of rules: row and column lines, and its cells with their spans. */
export interface RuledGrid extends Box {
  rows: number[];
  columns: number[];
  cells: { row: number; column: number; rowSpan: number; columnSpan: number }[];
}

/** Horizontal rules spanning about the same width, one above the other: rows whose columns the text gives. */
export interface RuledRows extends Box {
  rules: number[];
}

const touches = (a: Box, b: Box) =>
  a.x0 <= b.x1 + RULE_TOLERANCE &&
  b.x0 <= a.x1 + RULE_TOLERANCE &&
  a.y0 <= b.y1 + RULE_TOLERANCE &&
  b.y0 <= a.y1 + RULE_TOLERANCE;

/** Positions within `tolerance` of each other taken as one, in order. */
function clusters(values: readonly number[], tolerance: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const result: number[][] = [];
  for (const value of sorted) {
    const last = result.at(-1);
    if (last && value - last.at(-1)! <= tolerance) last.push(value);
    else result.push([value]);
  }
  return result.map((group) => group.reduce((sum, value) => sum + value, 0) / group.length);
}

/** The rules that are straight lines across or down: what grids and frames are drawn with. */
export function straightRules(rules: readonly Rule[]): Rule[] {
  return rules.filter((rule) => HORIZONTAL(rule) || VERTICAL(rule));
}

/** Groups of rules that meet (union-find over a sweep in y, so a page of many rules stays fast). */
export function connectedGroups(rules: readonly Rule[]): Rule[][] {
  const parent = rules.map((_, index) => index);
  const find = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  const order = rules.map((_, index) => index).sort((a, b) => rules[a]!.y0 - rules[b]!.y0);
  for (let i = 0; i < order.length; i++) {
    const a = rules[order[i]!]!;
    for (let j = i + 1; j < order.length; j++) {
      const b = rules[order[j]!]!;
      if (b.y0 > a.y1 + RULE_TOLERANCE) break;
      if (touches(a, b)) parent[find(order[i]!)] = find(order[j]!);
    }
  }
  const groups = new Map<number, Rule[]>();
  rules.forEach((rule, index) => {
    const root = find(index);
    const group = groups.get(root);
    if (group) group.push(rule);
    else groups.set(root, [rule]);
  });
  return [...groups.values()];
}

/**
 * The grid a group of rules that meet draws, with at least `minColumns` columns of cells and two cells; undefined
 * for a group that draws none (a lone framed box, rules that make no rows).
 */
export function gridOf(group: readonly Rule[], minColumns: number): RuledGrid | undefined {
  const horizontals = group.filter(HORIZONTAL);
  const verticals = group.filter(VERTICAL);
  const rows = clusters(horizontals.map(centreY), RULE_TOLERANCE);
  const columns = clusters(verticals.map(centreX), RULE_TOLERANCE);
  if (rows.length < 2 || columns.length < minColumns + 1) return undefined;
  const rowCount = rows.length - 1;
  const columnCount = columns.length - 1;
  const ruleAt = (candidates: readonly Rule[], vertical: boolean, at: number, from: number, to: number) => {
    const middle = (from + to) / 2;
    return candidates.some((rule) =>
      vertical
        ? Math.abs(centreX(rule) - at) <= RULE_TOLERANCE && rule.y0 <= middle && rule.y1 >= middle
        : Math.abs(centreY(rule) - at) <= RULE_TOLERANCE && rule.x0 <= middle && rule.x1 >= middle,
    );
  };
  // Grid cells joined where no rule separates them.
  const parent = Array.from({ length: rowCount * columnCount }, (_, index) => index);
  const find = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  for (let row = 0; row < rowCount; row++) {
    for (let column = 0; column < columnCount; column++) {
      const here = row * columnCount + column;
      if (column + 1 < columnCount && !ruleAt(verticals, true, columns[column + 1]!, rows[row]!, rows[row + 1]!)) {
        parent[find(here)] = find(here + 1);
      }
      if (row + 1 < rowCount && !ruleAt(horizontals, false, rows[row + 1]!, columns[column]!, columns[column + 1]!)) {
        parent[find(here)] = find(here + columnCount);
      }
    }
  }
  const spans = new Map<number, { row0: number; column0: number; row1: number; column1: number }>();
  for (let row = 0; row < rowCount; row++) {
    for (let column = 0; column < columnCount; column++) {
      const root = find(row * columnCount + column);
      const span = spans.get(root);
      if (!span) spans.set(root, { row0: row, column0: column, row1: row, column1: column });
      else {
        span.row0 = Math.min(span.row0, row);
        span.column0 = Math.min(span.column0, column);
        span.row1 = Math.max(span.row1, row);
        span.column1 = Math.max(span.column1, column);
      }
    }
  }
  if (spans.size < 2) return undefined;
  const cells = [...spans.values()]
    .map((span) => ({
      row: span.row0,
      column: span.column0,
      rowSpan: span.row1 - span.row0 + 1,
      columnSpan: span.column1 - span.column0 + 1,
    }))
    .sort((a, b) => a.row - b.row || a.column - b.column);
  return { x0: columns[0]!, y0: rows[0]!, x1: columns.at(-1)!, y1: rows.at(-1)!, rows, columns, cells };
}

/** The page's ruled grids, and its frames of ruled rows without column rules. */
export function ruledStructures(rules: readonly Rule[]): { grids: RuledGrid[]; ruledRows: RuledRows[] } {
  const straight = straightRules(rules);
  const grids: RuledGrid[] = [];
  const ruledRows: RuledRows[] = [];
  if (straight.length > MAX_RULES) return { grids, ruledRows };
  const loose: Rule[] = [];
  for (const group of connectedGroups(straight)) {
    const grid = gridOf(group, 2);
    if (grid) grids.push(grid);
    else loose.push(...group.filter(HORIZONTAL));
  }
  // Horizontal rules that meet nothing (booktabs' top, middle and bottom rules), stacked over about the same width.
  const sorted = loose.sort((a, b) => a.y0 - b.y0);
  const used = new Set<Rule>();
  for (const first of sorted) {
    if (used.has(first)) continue;
    const stack = sorted.filter(
      (rule) =>
        !used.has(rule) &&
        rule.y0 >= first.y0 &&
        Math.abs(rule.x0 - first.x0) <= 0.1 * widthOf(first) + RULE_TOLERANCE &&
        Math.abs(rule.x1 - first.x1) <= 0.1 * widthOf(first) + RULE_TOLERANCE,
    );
    stack.forEach((rule) => used.add(rule));
    const lines = clusters(stack.map(centreY), RULE_TOLERANCE);
    if (lines.length < 2) continue;
    ruledRows.push({
      x0: Math.min(...stack.map((rule) => rule.x0)),
      x1: Math.max(...stack.map((rule) => rule.x1)),
      y0: lines[0]!,
      y1: lines.at(-1)!,
      rules: lines,
    });
  }
  return { grids, ruledRows };
}
