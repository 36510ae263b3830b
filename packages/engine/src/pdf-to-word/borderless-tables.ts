import { alignedTables } from '../tables/aligned-columns.js';
import type { Table, Word } from '../tables/table-model.js';
import { textLines } from '../tables/text-lines.js';
import { isListMarker, joinListMarkers } from './layout-analysis.js';
import type { LayoutBlock, LayoutLine, LayoutTableBlock, LayoutTableCell } from './layout-model.js';

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

const lineText = (line: LayoutLine) => line.spans.map((span) => span.text).join('');

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
  const result: LayoutBlock[] = [];
  for (const block of blocks) {
    if (block.kind !== 'text') {
      result.push(block);
      continue;
    }
    const kept = block.lines.filter((line) => !taken.has(line));
    if (kept.length === block.lines.length) result.push(block);
    else if (kept.length > 0) {
      result.push({
        kind: 'text',
        x0: Math.min(...kept.map((line) => line.x0)),
        y0: Math.min(...kept.map((line) => line.y0)),
        x1: Math.max(...kept.map((line) => line.x1)),
        y1: Math.max(...kept.map((line) => line.y1)),
        lines: kept,
      });
    }
  }
  return [...result, ...found];
}
