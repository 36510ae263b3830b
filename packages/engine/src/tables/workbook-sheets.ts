import { type NumberLocale, cellValue, documentLocale } from './cell-values.js';
import { type PageTables, type Table, type TextLine, wordsText } from './table-model.js';
import { segments } from './text-lines.js';
import type { SheetCell, SheetMerge, WorkbookSheet } from './xlsx-workbook.js';

/**
 * The sheets of a workbook from the tables found on each page: one sheet per page (its tables and the lines around
 * them, top to bottom, a blank row between) or one per table (a table running on over the next page, its header
 * row repeated or not, continues on the same sheet). Pages without tables give their lines, one per row, a line's
 * parts set apart by wide white in cells side by side.
 */

export type SheetLayout = 'per-page' | 'per-table';

interface SheetBuilder {
  name: string;
  cells: SheetCell[];
  merges: SheetMerge[];
  columnWidths: number[];
  /** The next free row. */
  row: number;
}

const builder = (name: string): SheetBuilder => ({ name, cells: [], merges: [], columnWidths: [], row: 0 });

/** A line on a row of its own; parts of it set apart by wide white in cells side by side, figures as values. */
function addLine(sheet: SheetBuilder, line: TextLine, locale: NumberLocale): void {
  segments(line).forEach((segment, column) => {
    const value = cellValue(wordsText(segment.words), locale);
    if (value.kind === 'number' || value.text !== '') sheet.cells.push({ row: sheet.row, column, value });
  });
  sheet.row++;
}

/** Adds the table's rows from `fromRow` on at the sheet's next free row. */
function addTable(sheet: SheetBuilder, table: Table, locale: NumberLocale, fromRow = 0): void {
  for (const cell of table.cells) {
    if (cell.row < fromRow) continue;
    const row = sheet.row + cell.row - fromRow;
    const value = cellValue(wordsText(cell.words), locale);
    if (value.kind === 'number' || value.text !== '') sheet.cells.push({ row, column: cell.column, value });
    if (cell.rowSpan > 1 || cell.columnSpan > 1) {
      sheet.merges.push({ row, column: cell.column, rowSpan: cell.rowSpan, columnSpan: cell.columnSpan });
    }
  }
  table.columns.slice(1).forEach((x, index) => {
    const width = x - table.columns[index]!;
    sheet.columnWidths[index] = Math.max(sheet.columnWidths[index] ?? 0, width);
  });
  sheet.row += table.rows.length - 1 - fromRow;
}

const rowText = (table: Table, row: number) =>
  table.cells.filter((cell) => cell.row === row).map((cell) => wordsText(cell.words));

/**
 * Whether `next` (first on its page) carries on `previous` (last on the page before): the same columns, give or
 * take a few points. Gives the rows to skip: its first when it repeats the header.
 */
function continuation(previous: Table, next: Table): number | undefined {
  if (previous.columns.length !== next.columns.length) return undefined;
  if (previous.columns.some((x, index) => Math.abs(x - next.columns[index]!) > 4)) return undefined;
  const header = rowText(previous, 0);
  const first = rowText(next, 0);
  return header.length === first.length && header.every((text, index) => text === first[index]) ? 1 : 0;
}

/** The workbook's sheets; always at least one. */
export function workbookSheets(pages: readonly PageTables[], layout: SheetLayout): WorkbookSheet[] {
  const locale = documentLocale(
    pages.flatMap((page) => [
      ...page.tables.flatMap((table) => table.cells.map((cell) => wordsText(cell.words))),
      ...page.lines.flatMap((line) => line.words.map((word) => word.text)),
    ]),
  );
  const sheets: SheetBuilder[] = [];
  let tableCount = 0;
  let previous: { table: Table; page: number; sheet: SheetBuilder } | undefined;
  pages.forEach((page, index) => {
    const name = `Page ${index + 1}`;
    if (layout === 'per-page' || page.tables.length === 0) {
      const sheet = builder(name);
      const items = [...page.tables, ...page.lines].sort((a, b) => a.y0 - b.y0);
      items.forEach((item, at) => {
        if ('cells' in item) {
          if (at > 0) sheet.row++;
          addTable(sheet, item, locale);
          if (at < items.length - 1) sheet.row++;
        } else addLine(sheet, item, locale);
      });
      sheets.push(sheet);
      previous = undefined;
      return;
    }
    page.tables.forEach((table, at) => {
      const skip =
        previous && at === 0 && previous.page === index - 1 ? continuation(previous.table, table) : undefined;
      if (previous && skip !== undefined) {
        addTable(previous.sheet, table, locale, skip);
        previous = { table, page: index, sheet: previous.sheet };
        return;
      }
      const sheet = builder(`Table ${++tableCount}`);
      addTable(sheet, table, locale);
      sheets.push(sheet);
      previous = { table, page: index, sheet };
    });
    // A table only carries on over the page break when it ends its page.
    const last = page.tables.at(-1)!;
    if (page.lines.some((line) => line.y0 > last.y1)) previous = undefined;
  });
  if (sheets.length === 0) sheets.push(builder('Page 1'));
  return sheets.map(({ name, cells, merges, columnWidths }) => ({ name, cells, merges, columnWidths }));
}
