/**
 * The shapes table detection works on and gives, in one module so its steps never import each other for them:
 * words and rules as a page draws them (points, top-down, text upright), and the tables found among them.
 */

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A word as the page draws it: its box and text, and the size of its font in points. */
export interface Word extends Box {
  text: string;
  size: number;
  /**
   * Set where the text before this word ran on into it and was cut off where it starts: a spreadsheet cut an
   * overflowing cell's text at the next cell, whose text starts right there.
   */
  afterCut?: boolean;
}

/** A drawn horizontal or vertical rule, as a thin box. */
export type Rule = Box;

/** What table detection reads from a page: its words and rules, turned so that its text reads left to right. */
export interface PageContent {
  width: number;
  height: number;
  words: Word[];
  rules: Rule[];
}

/** A cell: its place in the grid, how many rows and columns it spans, and its words in reading order. */
export interface TableCell<W extends Word = Word> {
  row: number;
  column: number;
  rowSpan: number;
  columnSpan: number;
  words: W[];
}

/** A table: where its columns and rows start and end (one more than there are of each), and its cells. */
export interface Table<W extends Word = Word> extends Box {
  columns: number[];
  rows: number[];
  /** Cells by row then column; cells a merged cell covers are not listed. */
  cells: TableCell<W>[];
  /** How it was found: a grid of rules, rows between rules with columns from the text, or aligned text alone. */
  kind: 'ruled' | 'partly-ruled' | 'borderless';
}

/** A line of words outside every table. */
export interface TextLine<W extends Word = Word> extends Box {
  words: W[];
}

/** A page's tables and its other lines, top to bottom. */
export interface PageTables<W extends Word = Word> {
  tables: Table<W>[];
  lines: TextLine<W>[];
}

export const widthOf = (box: Box) => box.x1 - box.x0;
export const heightOf = (box: Box) => box.y1 - box.y0;
export const centreX = (box: Box) => (box.x0 + box.x1) / 2;
export const centreY = (box: Box) => (box.y0 + box.y1) / 2;

export function union(boxes: readonly Box[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const box of boxes) {
    x0 = Math.min(x0, box.x0);
    y0 = Math.min(y0, box.y0);
    x1 = Math.max(x1, box.x1);
    y1 = Math.max(y1, box.y1);
  }
  return { x0, y0, x1, y1 };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u;

/**
 * The text of words given line by line, each line left to right, joined by spaces: a line whose words are mostly
 * Hebrew or Arabic is read right to left.
 */
export function wordsText(words: readonly Word[]): string {
  const lines: Word[][] = [];
  for (const word of words) {
    const line = lines.at(-1);
    if (line && word.x0 >= line.at(-1)!.x0) line.push(word);
    else lines.push([word]);
  }
  return lines
    .map((line) => {
      const rightToLeft = line.filter((word) => RIGHT_TO_LEFT.test(word.text)).length > line.length / 2;
      return (rightToLeft ? [...line].reverse() : line).map((word) => word.text).join(' ');
    })
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
