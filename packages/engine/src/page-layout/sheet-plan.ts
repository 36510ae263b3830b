import type { pagesPerSheet, sheetOrders, sheetOrientations } from '@paperknife/catalog/tools/n-up-pdf';
import type { Rect, Size } from './page-geometry.js';

/**
 * Where each page goes on the output's sheets, for N-up and Booklet: plain numbers, no PDF. Sheets are in points,
 * y up; a slot holds a page (0-based) or nothing (a booklet's blank page).
 */

export interface SheetSlot {
  page: number | null;
  rect: Rect;
}

export interface Sheet {
  width: number;
  height: number;
  slots: SheetSlot[];
  /** A thin line around each page drawn. */
  borders: boolean;
}

export interface NUpLayout {
  perSheet: (typeof pagesPerSheet)[number];
  /** The paper, portrait, in points. */
  paper: Size;
  orientation: (typeof sheetOrientations)[number];
  /** across: rows first (left to right, then down); down: columns first. */
  order: (typeof sheetOrders)[number];
  borders: boolean;
}

/** Outer margin and gap between cells on an N-up sheet, in points (5 mm): room for a printer's unprintable edge. */
export const SHEET_MARGIN = (5 * 72) / 25.4;

/** Cells along the sheet's long side and along its short side. */
const gridSides = { '2': [2, 1], '4': [2, 2], '6': [3, 2], '9': [3, 3], '16': [4, 4] } as const;

function nUpGrid(layout: NUpLayout, landscape: boolean) {
  const [long, short] = gridSides[layout.perSheet];
  const { width, height } = layout.paper;
  const [sheetWidth, sheetHeight] = landscape
    ? [Math.max(width, height), Math.min(width, height)]
    : [Math.min(width, height), Math.max(width, height)];
  const [columns, rows] = landscape ? [long, short] : [short, long];
  const cellWidth = (sheetWidth - SHEET_MARGIN * (columns + 1)) / columns;
  const cellHeight = (sheetHeight - SHEET_MARGIN * (rows + 1)) / rows;
  return { sheetWidth, sheetHeight, columns, rows, cellWidth, cellHeight };
}

/** How much a page of this size is scaled in a cell of the grid. */
function cellScale(grid: ReturnType<typeof nUpGrid>, page: Size): number {
  return Math.min(grid.cellWidth / page.width, grid.cellHeight / page.height);
}

/**
 * N-up: `perSheet` pages on each sheet, in a grid whose longer side runs along the sheet's. `auto` orientation
 * takes the one that shows the first page larger (portrait on a tie).
 */
export function nUpSheets(pages: readonly Size[], layout: NUpLayout): Sheet[] {
  const portrait = nUpGrid(layout, false);
  const landscape = nUpGrid(layout, true);
  const first = pages[0] ?? layout.paper;
  const grid =
    layout.orientation === 'landscape' ||
    (layout.orientation === 'auto' && cellScale(landscape, first) > cellScale(portrait, first) + 1e-9)
      ? landscape
      : portrait;
  const cell = (index: number): Rect => {
    const [row, column] =
      layout.order === 'across'
        ? [Math.floor(index / grid.columns), index % grid.columns]
        : [index % grid.rows, Math.floor(index / grid.rows)];
    const x = SHEET_MARGIN + column * (grid.cellWidth + SHEET_MARGIN);
    const top = grid.sheetHeight - SHEET_MARGIN - row * (grid.cellHeight + SHEET_MARGIN);
    return [x, top - grid.cellHeight, x + grid.cellWidth, top];
  };
  const sheets: Sheet[] = [];
  const perSheet = Number(layout.perSheet);
  for (let start = 0; start < pages.length; start += perSheet) {
    const count = Math.min(perSheet, pages.length - start);
    sheets.push({
      width: grid.sheetWidth,
      height: grid.sheetHeight,
      slots: Array.from({ length: count }, (_, index) => ({ page: start + index, rect: cell(index) })),
      borders: layout.borders,
    });
  }
  return sheets;
}

/**
 * The pages on each side of a saddle-stitched booklet, [left, right], sides in print order (sheet 1 front, sheet 1
 * back, ...). The pages are padded with blanks (null) to a multiple of four; folded, the stack reads in order. For
 * right-to-left binding each side is mirrored.
 */
export function bookletSides(pageCount: number, rightToLeft: boolean): [number | null, number | null][] {
  const padded = Math.max(4, Math.ceil(pageCount / 4) * 4);
  const page = (index: number) => (index < pageCount ? index : null);
  const sides: [number | null, number | null][] = [];
  for (let sheet = 0; sheet < padded / 4; sheet += 1) {
    const front: [number | null, number | null] = [page(padded - 1 - 2 * sheet), page(2 * sheet)];
    const back: [number | null, number | null] = [page(2 * sheet + 1), page(padded - 2 - 2 * sheet)];
    sides.push(front, back);
  }
  return rightToLeft ? sides.map(([left, right]) => [right, left]) : sides;
}

/**
 * Booklet sheets: two pages side by side. Without a paper size a sheet is two of the largest page wide, so pages
 * keep their size; with one, the paper lies landscape and each page is scaled to fit its half.
 */
export function bookletSheets(pages: readonly Size[], paper: Size | 'fit', rightToLeft: boolean): Sheet[] {
  const [width, height] =
    paper === 'fit'
      ? [2 * Math.max(...pages.map((page) => page.width)), Math.max(...pages.map((page) => page.height))]
      : [Math.max(paper.width, paper.height), Math.min(paper.width, paper.height)];
  const halves: [Rect, Rect] = [
    [0, 0, width / 2, height],
    [width / 2, 0, width, height],
  ];
  return bookletSides(pages.length, rightToLeft).map((side) => ({
    width,
    height,
    slots: side.map((page, index) => ({ page, rect: halves[index]! })),
    borders: false,
  }));
}
