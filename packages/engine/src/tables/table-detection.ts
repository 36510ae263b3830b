import { alignedTables } from './aligned-columns.js';
import { type RuledGrid, ruledStructures } from './ruled-grids.js';
import {
  type PageTables,
  type Rule,
  type Table,
  type TableCell,
  type Word,
  centreX,
  centreY,
  median,
} from './table-model.js';
import { textLines } from './text-lines.js';
import { cellsCutIntoRows } from './unmerged-rows.js';

/**
 * Tables of a page from its words and rules, with no MuPDF, so the rules can be tested on their own and any
 * converter can use them (PDF to Excel now; its words may be any boxes with text). Grids drawn with rules come
 * first, each word going to the cell its middle falls in; the words left are read for tables of aligned text,
 * between horizontal rules or with none. See docs/reference/table-detection.md.
 */

/** A grid around text in fewer than this share of its cells is a chart's grid or a form's boxes ... */
const MIN_FILLED_SHARE = 0.25;
/**
 * ... unless its rows are no taller than this many times its text's size: rows sized for a line of text are a
 * sheet's grid printed with few cells filled, where a chart's grid lines stand far apart.
 */
const MAX_TEXT_ROW = 3;

/** Whether a grid's rows are sized for a line of its text (a sheet's grid, not a chart's frames). */
function textRows(table: Table): boolean {
  const size = median(table.cells.flatMap((cell) => cell.words.map((word) => word.size)));
  const heights = table.rows.slice(1).map((y, index) => y - table.rows[index]!);
  return median(heights) <= MAX_TEXT_ROW * size;
}

/**
 * A grid of one row whose every filled cell holds this many lines or more is frames side by side around charts or
 * panels of text, not a table of one row: their lines are read as the page's other lines are.
 */
const MIN_PANEL_LINES = 3;

/** Whether a grid with text in `filled` of its cells holds a table. */
function holdsTable(table: Table, filled: number): boolean {
  if (filled < 2) return false;
  const panels = table.cells.filter((cell) => cell.words.length > 0);
  if (table.rows.length === 2 && panels.every((cell) => textLines(cell.words).length >= MIN_PANEL_LINES)) return false;
  if (filled >= MIN_FILLED_SHARE * table.cells.length) return true;
  return filled >= 3 && textRows(table);
}

function gridTable<W extends Word>(grid: RuledGrid, words: readonly W[]): Table<W> {
  const cells: TableCell<W>[] = grid.cells.map((cell) => ({ ...cell, words: [] }));
  const cellAt = (row: number, column: number) =>
    cells.find(
      (cell) =>
        row >= cell.row &&
        row < cell.row + cell.rowSpan &&
        column >= cell.column &&
        column < cell.column + cell.columnSpan,
    );
  for (const word of words) {
    const row = grid.rows.findIndex((y, index) => index > 0 && centreY(word) < y) - 1;
    const column = grid.columns.findIndex((x, index) => index > 0 && centreX(word) < x) - 1;
    if (row >= 0 && column >= 0) cellAt(row, column)?.words.push(word);
  }
  const lines = new Map(cells.map((cell) => [cell, textLines(cell.words)]));
  // Reading order within each cell: its lines top to bottom. A merged cell whose rows' text stands in each is cut.
  const read = cellsCutIntoRows(
    grid.rows,
    cells,
    (cell) => lines.get(cell)!,
    (cell, part) => ({
      ...cell,
      row: part.row,
      rowSpan: part.rowSpan,
      words: part.lines.flatMap((line) => line.words),
    }),
  );
  return { kind: 'ruled', ...grid, cells: read };
}

/** Header lines stand at most this many line heights above a grid, and apart from each other. */
const HEADER_GAP = 1;

/**
 * The lines right above a grid of text rows that stand in its columns, none running over a column line (a sheet's header row
 * printed without rules, its cells wrapping), as a first row of the grid; the words taken, or none.
 */
function headerAbove<W extends Word>(table: Table<W>, words: readonly W[]): W[] {
  const above = textLines(
    words.filter((word) => word.y1 <= table.y0 + 1 && centreX(word) > table.x0 && centreX(word) < table.x1),
  );
  const header: W[] = [];
  let top = table.y0;
  for (const line of above.reverse()) {
    const height = line.y1 - line.y0;
    if (top - line.y1 > HEADER_GAP * height) break;
    const crosses = line.words.some((word) => table.columns.some((x) => word.x0 < x - 1 && word.x1 > x + 1));
    if (crosses) break;
    header.push(...line.words);
    top = line.y0;
  }
  const columns = new Set(header.map((word) => table.columns.findIndex((x, index) => index > 0 && centreX(word) < x)));
  return columns.size >= 2 ? header : [];
}

/** The grid with `header` words as a row of their own above its first. */
function withHeader<W extends Word>(table: Table<W>, header: readonly W[]): Table<W> {
  const top = Math.min(...header.map((word) => word.y0)) - 1;
  const cells: TableCell<W>[] = table.columns.slice(1).map((_, column) => ({
    row: 0,
    column,
    rowSpan: 1,
    columnSpan: 1,
    words: textLines(
      header.filter((word) => table.columns.findIndex((x, index) => index > 0 && centreX(word) < x) - 1 === column),
    ).flatMap((line) => line.words),
  }));
  return {
    ...table,
    y0: top,
    rows: [top, ...table.rows],
    cells: [...cells, ...table.cells.map((cell) => ({ ...cell, row: cell.row + 1 }))],
  };
}

const inside = (table: { x0: number; y0: number; x1: number; y1: number }, word: Word) =>
  centreX(word) > table.x0 && centreX(word) < table.x1 && centreY(word) > table.y0 && centreY(word) < table.y1;

/** The page's tables, top to bottom, and its lines outside them. */
export function detectTables<W extends Word>(words: readonly W[], rules: readonly Rule[]): PageTables<W> {
  const { grids, ruledRows } = ruledStructures(rules);
  const tables: Table<W>[] = [];
  let rest = [...words];
  // Larger grids first: a grid drawn inside a cell of another is read as part of that cell.
  for (const grid of grids.sort((a, b) => (b.x1 - b.x0) * (b.y1 - b.y0) - (a.x1 - a.x0) * (a.y1 - a.y0))) {
    const within = rest.filter((word) => inside(grid, word));
    let table = gridTable(grid, within);
    const filled = table.cells.filter((cell) => cell.words.length > 0).length;
    if (!holdsTable(table, filled)) continue;
    const header = textRows(table) ? headerAbove(table, rest) : [];
    if (header.length > 0) table = withHeader(table, header);
    tables.push(table);
    const taken = new Set([...within, ...header]);
    rest = rest.filter((word) => !taken.has(word));
  }
  const frames = ruledRows.filter(
    (frame) =>
      !tables.some((table) => frame.y0 < table.y1 && table.y0 < frame.y1 && frame.x0 < table.x1 && table.x0 < frame.x1),
  );
  const aligned = alignedTables(textLines(rest), frames);
  return {
    tables: [...tables, ...aligned.tables].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0),
    lines: aligned.rest,
  };
}
