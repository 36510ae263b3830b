import {
  type FixtureTable,
  type TableMerge,
  type TablePage,
  type TableStyle,
  rowHeights,
  textWidth,
} from '../../packages/engine/src/testing/table-fixtures.js';

/**
 * Tables nobody chose, for the table benchmark: seeded, of every shape the detector should read (ruled, partly
 * ruled, borderless; columns as tight as a spreadsheet printed without grid lines sets them, a right-aligned
 * figure a few points from the next column's text, names with numbers in them; merged header cells; items over two
 * rows whose first columns leave the rule between them out, each row's cells their own; cells that wrap;
 * tables running over a page break with their header repeated; pages turned by /Rotate; a sheet's ruled grid printed
 * with most cells empty and zero amounts shown as "$ -"; body text above and below), each with the cells it holds.
 */

export type CaseKind =
  | 'ruled'
  | 'partly-ruled'
  | 'borderless'
  | 'tight-columns'
  | 'merged'
  | 'unruled-rows'
  | 'multi-line'
  | 'multi-page'
  | 'rotated'
  | 'sparse';
export const caseKinds: readonly CaseKind[] = [
  'ruled',
  'partly-ruled',
  'borderless',
  'tight-columns',
  'merged',
  'unruled-rows',
  'multi-line',
  'multi-page',
  'rotated',
  'sparse',
];

export interface GeneratedCase {
  kind: CaseKind;
  pages: TablePage[];
  /** The table's cells as one grid (a table over two pages is one grid, its repeated header once). */
  cells: string[][];
  merges: TableMerge[];
}

/** A small seeded generator (mulberry32), so a run can be repeated. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'north',
  'south',
  'steel',
  'paper',
  'review',
  'annual',
  'total',
  'export',
  'margin',
  'office',
  'supply',
  'river',
  'member',
  'budget',
  'travel',
  'repair',
  'energy',
  'school',
  'market',
  'garden',
  'credit',
  'tools',
  'water',
  'light',
];
const HEADERS = ['Name', 'Region', 'Code', 'Amount', 'Date', 'Share', 'Count', 'Status', 'Notes', 'Price', 'Owner'];

type Pick = () => number;
const pickOf = (next: Pick) => ({
  int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  one: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
});

/** One cell's text of a column kind: words, an amount, a percentage, a date, a count or a code. */
function cellText(kind: number, next: Pick, long: boolean): string {
  const { int, one } = pickOf(next);
  switch (kind % 6) {
    case 0: {
      const count = long ? int(5, 9) : int(1, 2);
      const words = Array.from({ length: count }, () => one(WORDS));
      return words.join(' ').replace(/^./, (c) => c.toUpperCase());
    }
    case 1:
      return `$${int(1, 99_999).toLocaleString('en-US')}.${String(int(0, 99)).padStart(2, '0')}`;
    case 2:
      return `${int(0, 99)}.${int(0, 9)}%`;
    case 3:
      return `2024-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`;
    case 4:
      return String(int(1, 5000));
    default:
      return `${one(['A', 'B', 'C', 'K', 'X'])}-${int(100, 999)}`;
  }
}

/** A table's cells, header first: `rows` body rows of `columns` columns, some cells long enough to wrap. */
function tableCells(columns: number, rows: number, next: Pick, wrap: boolean): { cells: string[][]; kinds: number[] } {
  const { int } = pickOf(next);
  const kinds = Array.from({ length: columns }, (_, index) => (index === 0 ? 0 : int(0, 5)));
  const header = kinds.map((_, index) => HEADERS[(index * 3 + int(0, 10)) % HEADERS.length]!);
  const body = Array.from({ length: rows }, () =>
    kinds.map((kind, column) => cellText(kind, next, wrap && column === 0 && next() < 0.4)),
  );
  return { cells: [header, ...body], kinds };
}

const PAGE = { width: 612, height: 792 };

/** The case number `index` of a run seeded with `seed`, of the kind the index cycles through. */
export function generatedCase(seed: number, index: number): GeneratedCase {
  const next = random(seed * 100_003 + index);
  const { int } = pickOf(next);
  const kind = caseKinds[index % caseKinds.length]!;
  const columns = int(2, 6);
  const rows = kind === 'multi-page' ? int(30, 45) : kind === 'sparse' ? int(12, 30) : int(2, 12);
  const { cells, kinds } = tableCells(columns, rows, next, kind === 'multi-line' || kind === 'unruled-rows');
  if (kind === 'tight-columns' && next() < 0.5) {
    // Names with numbers in them ("Garden12 - 112"), whose digits are no figure of a column of their own.
    cells.slice(1).forEach((row, at) => (row[0] = `${row[0]!.split(' ')[0]}${at + 1} - ${at + 101}`));
  }
  if (kind === 'sparse') {
    // Most cells empty, at least three kept; amounts of zero as the accounting format shows them.
    const body = cells.slice(1).flatMap((row) => row.map((_, column) => ({ row, column })));
    body.forEach(({ row, column }, at) => {
      if (at >= 3 && next() < 0.85) row[column] = '';
      else if (kinds[column] === 1 && next() < 0.3) row[column] = '$ -';
    });
  }
  const style: TableStyle =
    kind === 'partly-ruled'
      ? 'partly-ruled'
      : kind === 'borderless' || kind === 'multi-line' || kind === 'tight-columns'
        ? 'borderless'
        : 'ruled';
  const tight = kind === 'tight-columns';
  const fontSize = int(8, 10);
  // Each column as wide as its widest cell and some white, as a table laid out by a program is; a column of
  // wrapping text narrower than its long cells.
  const wraps = kind === 'multi-line' || kind === 'unruled-rows';
  const columnWidths = kinds.map((_, column) => {
    if (wraps && column === 0) return int(90, 140);
    const widest = Math.max(...cells.map((row) => textWidth(row[column]!, fontSize)));
    return tight ? Math.ceil(widest + 4 + next() * 2) : Math.ceil(widest + 8 + 6 + next() * 30);
  });
  const pageWidth = Math.max(PAGE.width, 144 + columnWidths.reduce((sum, width) => sum + width, 0));
  const align = kinds.map((each) => (each === 1 || each === 2 || each === 4 ? ('right' as const) : ('left' as const)));
  const merges: TableMerge[] = [];
  if (kind === 'merged' && columns >= 3) {
    // A group header over two columns, above their own headers.
    const column = int(1, columns - 2);
    const group = cells[0]!.map((_, at) => (at === column ? 'Figures' : ''));
    // And the first column's header over both header rows.
    group[0] = cells[0]![0]!;
    cells[0]![0] = '';
    cells.unshift(group);
    merges.push({ row: 0, column: 0, rowSpan: 2, columnSpan: 1 }, { row: 0, column, rowSpan: 1, columnSpan: 2 });
  }
  const unruledBelow: { row: number; column: number }[] = [];
  if (kind === 'unruled-rows') {
    // Each item over two rows: its name, wrapping, over a code line in the first columns, which no rule divides;
    // the figures ruled apart row by row.
    const undivided = columns >= 4 ? 2 : 1;
    for (let row = 1; row + 1 < cells.length; row += 2) {
      cells[row + 1]![0] = `(${int(0, 9)}) ${cells[row + 1]![0]!.split(' ')[0]}`;
      for (let column = 0; column < undivided; column++) unruledBelow.push({ row, column });
    }
  }
  const paragraphs =
    next() < 0.5 ? [{ text: WORDS.concat(WORDS).slice(int(0, 10), 30).join(' '), x: 72, y: 60, width: 460 }] : [];
  const top = paragraphs.length > 0 ? 110 : 72;
  const table: FixtureTable = {
    style,
    cells,
    merges,
    columnWidths,
    align,
    fontSize,
    x: 72,
    y: top,
    ...(tight && { padding: 1 + Math.round(next() * 10) / 10 }),
    ...(unruledBelow.length > 0 && { unruledBelow }),
  };
  if (kind !== 'multi-page') {
    return {
      kind,
      pages: [{ ...PAGE, width: pageWidth, tables: [table], paragraphs, ...(kind === 'rotated' && { rotate: 90 }) }],
      cells,
      merges,
    };
  }
  // The rows that fit on the first page; the rest go on the second under the header again.
  const heights = rowHeights(table);
  let fit = 1;
  for (let used = top + heights[0]!; fit < cells.length && used + heights[fit]! < PAGE.height - 60; fit++) {
    used += heights[fit]!;
  }
  const first: FixtureTable = { ...table, cells: cells.slice(0, fit) };
  const second: FixtureTable = { ...table, cells: [cells[0]!, ...cells.slice(fit)], y: 72 };
  return {
    kind,
    pages: [
      { ...PAGE, tables: [first], paragraphs },
      { ...PAGE, tables: [second] },
    ],
    cells,
    merges,
  };
}
