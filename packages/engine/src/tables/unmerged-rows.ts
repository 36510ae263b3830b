import { type Box, heightOf, median } from './table-model.js';

/**
 * A ruled grid joins two cells that no rule separates, but a table can leave a rule out between rows whose cells
 * are each their own: a form's photo column, undivided down its rows, holds one note per row; an estimate's item
 * takes two rows, its number and description columns undivided, the quantities below ruled apart. Read as one merged
 * cell, the notes come out together, out of their rows' order. This finds them and gives each its own cell.
 */

/** A cell's place in the grid. */
export interface GridCell {
  row: number;
  column: number;
  rowSpan: number;
  columnSpan: number;
}

/** A part of a merged cell: the rows it covers, its lines, and which of its edges are undrawn (the cell goes on). */
export interface CellPart<L extends Box> {
  row: number;
  rowSpan: number;
  lines: L[];
  openAbove: boolean;
  openBelow: boolean;
}

/** Line tops (or bottoms, for text of another size) within this many points stand on one row's line. */
const ALIGNED = 1;
/**
 * A gap between two lines wider than the cell's own line gaps by this share of a line's height is a paragraph's
 * or a cell's edge, not a line of a paragraph going on (lines of a paragraph stand evenly).
 */
const BREAK_SHARE = 0.3;
/** Nor by less than this (points): line boxes of text set with more leading stand a little apart. */
const MIN_BREAK = 3;

/**
 * Each merged cell of `cells` cut into parts at the grid's row lines where its text says the rows are each their
 * own: a part starts at the first line of a row band that either stands level with the first line of a cell that
 * starts in that row (its row's text) or stands apart from the line above it by more than the cell's lines do
 * (a new paragraph where the row begins). A line across a row line keeps the cell whole, as does text in one band.
 * `rows` are the grid's row lines, top to bottom; `linesOf` gives each cell's lines (boxes, top to bottom).
 */
export function mergedCellParts<C extends GridCell, L extends Box>(
  rows: readonly number[],
  cells: readonly C[],
  linesOf: (cell: C) => readonly L[],
): Map<C, CellPart<L>[]> {
  const bandOf = (box: Box) => {
    const middle = (box.y0 + box.y1) / 2;
    const index = rows.findIndex((y, at) => at > 0 && middle < y);
    return index < 0 ? rows.length - 2 : index - 1;
  };
  // The top line of each cell, by the row its cell starts at: what a row's text stands level with.
  const rowTops = new Map<number, Box[]>();
  for (const cell of cells) {
    const top = [...linesOf(cell)].sort((a, b) => a.y0 - b.y0)[0];
    if (!top || bandOf(top) !== cell.row) continue;
    rowTops.set(cell.row, [...(rowTops.get(cell.row) ?? []), top]);
  }
  const level = (line: Box, row: number) =>
    (rowTops.get(row) ?? []).some(
      (top) => Math.abs(top.y0 - line.y0) <= ALIGNED || Math.abs(top.y1 - line.y1) <= ALIGNED,
    );

  const result = new Map<C, CellPart<L>[]>();
  for (const cell of cells) {
    if (cell.rowSpan < 2) continue;
    const lines = [...linesOf(cell)].sort((a, b) => a.y0 - b.y0);
    if (lines.length < 2) continue;
    const inner = rows.slice(cell.row + 1, cell.row + cell.rowSpan);
    if (lines.some((line) => inner.some((y) => line.y0 < y - ALIGNED && line.y1 > y + ALIGNED))) continue;
    const gaps = lines.slice(1).map((line, index) => line.y0 - lines[index]!.y1);
    const sameBand = gaps.filter((_, index) => bandOf(lines[index]!) === bandOf(lines[index + 1]!));
    const leading = sameBand.length > 0 ? median(sameBand) : 0;
    const starts: number[] = [];
    lines.forEach((line, index) => {
      if (index === 0) return;
      const band = bandOf(line);
      if (band === bandOf(lines[index - 1]!)) return;
      const breakGap = Math.max(MIN_BREAK, BREAK_SHARE * heightOf(line));
      if (level(line, band) || gaps[index - 1]! > leading + breakGap) starts.push(index);
    });
    if (starts.length === 0) continue;
    const parts: CellPart<L>[] = [];
    [0, ...starts].forEach((start, index) => {
      const end = starts[index] ?? lines.length;
      const row = index === 0 ? cell.row : bandOf(lines[start]!);
      const next = starts[index] === undefined ? undefined : bandOf(lines[end]!);
      parts.push({
        row,
        rowSpan: (next ?? cell.row + cell.rowSpan) - row,
        lines: lines.slice(start, end),
        openAbove: index > 0,
        openBelow: next !== undefined,
      });
    });
    result.set(cell, parts);
  }
  return result;
}

/**
 * `cells` with each merged cell whose rows' text stands in each cut into its parts (mergedCellParts), by row then
 * column: `piece` makes a cell of a cell's part, or of the whole cell as one part with no open edge.
 */
export function cellsCutIntoRows<C extends GridCell, L extends Box>(
  rows: readonly number[],
  cells: readonly C[],
  linesOf: (cell: C) => readonly L[],
  piece: (cell: C, part: CellPart<L>) => C,
): C[] {
  const parts = mergedCellParts(rows, cells, linesOf);
  const whole = (cell: C): CellPart<L> => ({
    row: cell.row,
    rowSpan: cell.rowSpan,
    lines: [...linesOf(cell)],
    openAbove: false,
    openBelow: false,
  });
  return cells
    .flatMap((cell) => (parts.get(cell) ?? [whole(cell)]).map((part) => piece(cell, part)))
    .sort((a, b) => a.row - b.row || a.column - b.column);
}
