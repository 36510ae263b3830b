import { alignedTables } from '../tables/aligned-columns.js';
import type { Table, Word } from '../tables/table-model.js';
import { textLines } from '../tables/text-lines.js';
import { isListMarker, joinListMarkers, lineText, readingOrder, withoutLines } from './layout-analysis.js';
import type { LayoutBlock, LayoutLine, LayoutTableBlock, LayoutTableCell, PageLayout } from './layout-model.js';

/**
 * Tables without rules for PDF to Word, found by the table detector's aligned columns (tables/aligned-columns.ts)
 * among the lines outside the ruled tables: each line MuPDF reads is one box of text, so columns are parted by the
 * white between lines on one row (a list's marker joined to its item first, so a hanging indent is no column; a
 * column of markers alone is a list), and two wide columns, or three or four even ones of running text, are a page's
 * columns, not a table. See docs/reference/table-detection.md.
 */

/** A line of the page as the detector's word: its box, its text and its largest size; the lines it stands for. */
interface LineWord extends Word {
  lines: LayoutLine[];
}

function lineWord(line: LayoutLine, parts: LayoutLine[]): LineWord {
  const size = Math.max(...line.spans.map((span) => span.size));
  return { x0: line.x0, y0: line.y0, x1: line.x1, y1: line.y1, text: lineText(line).trim(), size, lines: parts };
}

/** The lines of a block with each list marker standing alone joined to its item, each with the lines it holds. */
function markedLines(lines: readonly LayoutLine[]): LineWord[] {
  const joined = joinListMarkers(lines);
  let at = 0;
  return joined.map((line) => {
    // A joined line stands for the marker's line and the item's: the two it was made of, in order.
    const parts = lines[at] === line ? [lines[at]!] : [lines[at]!, lines[at + 1]!];
    at += parts.length;
    return lineWord(line, parts);
  });
}

/**
 * A list's marker standing apart from its item: one joinListMarkers knows, or Word's second-level bullet "o", which
 * it does not join (a word "o" would be), but which in a column of them is a marker.
 */
const isMarker = (text: string) => text === 'o' || isListMarker(text);
/** Two columns each at least this share of the table's width are a page's columns (lists, an index), not cells. */
const PAGE_COLUMN = 0.3;

/**
 * Three or four columns sharing the width evenly (each at least this share of an even split) whose lines hold
 * prose (PROSE_WORDS words or more a line on average, in every column) are a page's columns too: text set in
 * columns of one leading lines up row by row like a table, and read as one it went across the columns.
 */
const EVEN_SPLIT = 0.8;
const PROSE_WORDS = 4;

/**
 * Whether aligned text is a table for Word: not a list whose markers stand apart from their items (a hanging
 * indent MuPDF reads as two lines), nor the columns of a page.
 */
function isWordTable(table: Table<LineWord>): boolean {
  const first = table.cells.filter((cell) => cell.column === 0 && cell.words.length > 0);
  if (first.length > 0 && first.every((cell) => cell.words.every((word) => isMarker(word.text)))) return false;
  const width = table.x1 - table.x0;
  const widths = table.columns.slice(1).map((x, index) => x - table.columns[index]!);
  if (widths.length === 2 && widths.every((each) => each >= PAGE_COLUMN * width)) return false;
  return !(widths.length >= 3 && widths.length <= 4 && proseColumns(table, widths, width));
}

/** Whether every column is near an even share of the width and holds lines of prose. */
function proseColumns(table: Table<LineWord>, widths: readonly number[], width: number): boolean {
  if (!widths.every((each) => each >= (EVEN_SPLIT * width) / widths.length)) return false;
  return widths.every((_, column) => {
    const lines = table.cells.filter((cell) => cell.column === column).flatMap((cell) => cell.words);
    const words = lines.reduce((sum, line) => sum + line.text.split(/\s+/).filter(Boolean).length, 0);
    return lines.length > 0 && words / lines.length >= PROSE_WORDS;
  });
}

/** The page's blocks with borderless tables found among its text lines taken out of them and put in as blocks. */
export function placeBorderlessTables(blocks: readonly LayoutBlock[]): LayoutBlock[] {
  const words = blocks.flatMap((block) => (block.kind === 'text' ? markedLines(block.lines) : []));
  if (words.length < 4) return [...blocks];
  const tables = alignedTables(textLines(words), [], { tightColumns: false }).tables.filter(isWordTable);
  if (tables.length === 0) return [...blocks];
  const taken = new Set<LayoutLine>();
  const found = tables.map((table): LayoutTableBlock => {
    const cells = table.cells.map((cell): LayoutTableCell => {
      const lines = cell.words.flatMap((word) => word.lines);
      lines.forEach((line) => taken.add(line));
      return { row: cell.row, column: cell.column, rowSpan: cell.rowSpan, columnSpan: cell.columnSpan, lines };
    });
    const { x0, y0, x1, y1, columns, rows } = table;
    return { kind: 'table', x0, y0, x1, y1, columns, rows, cells, foundBy: 'aligned text' };
  });
  return [...withoutLines(blocks, taken), ...found];
}

/** Points a cell's line may stand past its column's edges. */
const COLUMN_SLACK = 2;

/**
 * The rows of a table that goes on over a page break where the new page holds too few of them to be found as a
 * table (one row, most often: a table needs two). Where a page's last block is a table that reaches the foot of
 * the page (`fillsPage`) and the next page, of the same size, begins with rows of lines each standing in its own
 * column of that table (two or more to a row), those rows become a table of the same columns at the top of that
 * page, which joinAcrossPages appends to the table above it. A row with a line across a column edge, or with one
 * line only (a cell that wraps, a paragraph), ends them.
 */
export function continueTables(pages: PageLayout[]): void {
  // Where the document's text ends at the foot of a page (its running footers already taken off).
  const textBottom = pages.reduce(
    (bottom, page) => page.blocks.reduce((lowest, block) => Math.max(lowest, block.y1), bottom),
    0,
  );
  for (let index = 1; index < pages.length; index++) {
    const previous = pages[index - 1]!;
    const page = pages[index]!;
    if (previous.width !== page.width || previous.height !== page.height) continue;
    const last = readingOrder(previous.blocks).at(-1);
    if (last?.kind !== 'table' || last.columns.length < 3 || !fillsPage(last, textBottom)) continue;
    const rows = topRows(page.blocks, last.columns);
    if (rows.length === 0) continue;
    const cells = rows.flatMap((row, at) =>
      row.map(({ line, column }): LayoutTableCell => ({ row: at, column, rowSpan: 1, columnSpan: 1, lines: [line] })),
    );
    const tops = rows.map((row) => Math.min(...row.map(({ line }) => line.y0)));
    const bottom = Math.max(...rows.at(-1)!.map(({ line }) => line.y1));
    const continued: LayoutTableBlock = {
      kind: 'table',
      x0: last.columns[0]!,
      y0: tops[0]!,
      x1: last.columns.at(-1)!,
      y1: bottom,
      columns: last.columns,
      rows: [...tops, bottom],
      cells,
      foundBy: last.foundBy,
    };
    page.blocks = [...withoutLines(page.blocks, new Set(cells.flatMap((cell) => cell.lines))), continued];
  }
}

/**
 * Whether a table reaches the foot of its page: the room left under it, down to where the document's text ends,
 * holds no two of its rows. A table that ends higher was not carried over by a page break.
 */
function fillsPage(table: LayoutTableBlock, textBottom: number): boolean {
  const rowHeight = Math.max(...table.rows.slice(1).map((y, at) => y - table.rows[at]!));
  return textBottom - table.y1 < 2 * rowHeight;
}

/**
 * The rows of lines at the top of a page (above every picture and table) that each stand in their own column of
 * `columns`, two or more to a row, in order, as far down as they go.
 */
function topRows(blocks: readonly LayoutBlock[], columns: readonly number[]): { line: LayoutLine; column: number }[][] {
  const others = blocks.filter((block) => block.kind !== 'text').map((block) => block.y0);
  const lines = blocks.flatMap((block) => (block.kind === 'text' ? block.lines : [])).sort((a, b) => a.y0 - b.y0);
  const rows: { line: LayoutLine; column: number }[][] = [];
  for (let at = 0; at < lines.length;) {
    const first = lines[at]!;
    // A row: the lines whose middle is within the first one's height.
    let end = at + 1;
    while (end < lines.length && (lines[end]!.y0 + lines[end]!.y1) / 2 < first.y1) end++;
    const row = lines.slice(at, end).map((line) => ({ line, column: columnOf(line, columns) }));
    const used = new Set(row.map((cell) => cell.column));
    const bottom = Math.max(...row.map(({ line }) => line.y1));
    if (row.length < 2 || used.has(-1) || used.size < row.length || others.some((top) => top < bottom)) break;
    rows.push(row.sort((a, b) => a.column - b.column));
    at = end;
  }
  return rows;
}

/** The column a line stands in, within COLUMN_SLACK of its edges; -1 when it crosses one. */
function columnOf(line: LayoutLine, columns: readonly number[]): number {
  for (let column = 0; column + 1 < columns.length; column++) {
    const left = columns[column]!;
    const right = columns[column + 1]!;
    if (line.x0 >= left - COLUMN_SLACK && line.x0 < right && line.x1 <= right + COLUMN_SLACK) return column;
  }
  return -1;
}
