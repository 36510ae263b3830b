import { describe, expect, it } from 'vitest';
import type { Box } from './table-model.js';
import { type GridCell, mergedCellParts } from './unmerged-rows.js';

/** A 9 pt line's box at `top` in the column starting at `x`. */
const line = (top: number, x = 100): Box => ({ x0: x + 2, y0: top, x1: x + 60, y1: top + 9 });

interface Cell extends GridCell {
  lines: Box[];
}
const cell = (row: number, column: number, rowSpan: number, lines: Box[]): Cell => ({
  row,
  column,
  rowSpan,
  columnSpan: 1,
  lines,
});
const partsOf = (rows: number[], cells: Cell[]) =>
  [...mergedCellParts(rows, cells, (each) => each.lines).values()].map((parts) =>
    parts.map(({ row, rowSpan, lines, openAbove, openBelow }) => ({
      row,
      rowSpan,
      tops: lines.map((each) => each.y0),
      openAbove,
      openBelow,
    })),
  );

describe('mergedCellParts', () => {
  // Rows at 100..130, 130..145, 145..175: the first column has no rule between its rows; the second is ruled.
  const rows = [100, 130, 145, 175];

  it("cuts a cell no rule divides where its text stands level with each row's (an estimate's two-row items)", () => {
    // Item 9 over two lines, its index line level with the quantity under it; item 10 alone in the last row.
    const cells = [
      cell(0, 0, 3, [line(102), line(114), line(132), line(147)]),
      cell(0, 1, 1, [line(102, 200)]),
      cell(1, 1, 1, [line(132, 200)]),
      cell(2, 1, 1, [line(147, 200)]),
    ];
    expect(partsOf(rows, cells)).toEqual([
      [
        { row: 0, rowSpan: 1, tops: [102, 114], openAbove: false, openBelow: true },
        { row: 1, rowSpan: 1, tops: [132], openAbove: true, openBelow: true },
        { row: 2, rowSpan: 1, tops: [147], openAbove: true, openBelow: false },
      ],
    ]);
  });

  it('cuts where a new paragraph starts in a row, the rows without text staying with the part above', () => {
    // A photo column's notes: one in the first row, the next 9 pt lower than lines stand, in the last row.
    const cells = [cell(0, 0, 3, [line(104), line(113), line(160)]), cell(2, 1, 1, [line(150, 200)])];
    expect(partsOf(rows, cells)).toEqual([
      [
        { row: 0, rowSpan: 2, tops: [104, 113], openAbove: false, openBelow: true },
        { row: 2, rowSpan: 1, tops: [160], openAbove: true, openBelow: false },
      ],
    ]);
  });

  it('keeps a paragraph flowing down a merged cell whole, and a cell whose text is in one row', () => {
    // Lines every 11 pt from row to row, none level with the rows' own text (at 134 and 156).
    const bands = [100, 130, 153, 175];
    const flowing = cell(
      0,
      0,
      3,
      [109, 120, 131, 142, 153, 164].map((top) => line(top)),
    );
    const oneRow = cell(0, 2, 3, [line(102, 300), line(114, 300)]);
    const own = (first: number, second: number) => [
      cell(1, 1, 1, [line(first, 200)]),
      cell(2, 1, 1, [line(second, 200)]),
    ];
    expect(partsOf(bands, [flowing, oneRow, ...own(134, 156)])).toEqual([]);
    // Had the rows' text stood level with the paragraph's lines, the rows would be its own.
    expect(partsOf(bands, [flowing, ...own(131, 153)])[0]).toHaveLength(3);
    // A line across a row line (a label centred on two rows) keeps the cell whole.
    expect(partsOf(rows, [cell(0, 0, 2, [line(102), line(125)]), cell(1, 1, 1, [line(125, 200)])])).toEqual([]);
  });
});
