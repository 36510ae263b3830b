/**
 * The shapes PDF to Word hands from step to step, in one module so the steps never import each other for them: a
 * page's layout as it is read (lines, blocks, tables, in points, top-down), and the Word content it becomes
 * (paragraphs, tables, pictures, pages with their running headers and footers).
 */

export interface TextStyle {
  /** Font family as Word should name it; empty to leave the document's default. */
  font: string;
  bold: boolean;
  italic: boolean;
  /** Points. */
  size: number;
  /** `RRGGBB`. */
  color: string;
  rightToLeft: boolean;
  /** The address the text links to, for text under a link to a web page. */
  link?: string;
}

export interface Span extends TextStyle {
  text: string;
  /** In a running header or footer: the page number, which Word fills in (`text` is the number on this page). */
  pageNumber?: boolean;
  /** A footnote's reference mark (`text` is the mark): the note, taken off the foot of the page. */
  footnote?: Footnote;
}

/**
 * A footnote: its lines at the foot of the page (and of the pages it goes on to, one list each), and the note as
 * Word paragraphs, made when the page holding its mark is placed.
 */
export interface Footnote {
  parts: LayoutLine[][];
  paragraphs: WordParagraph[];
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One line as the PDF draws it, top-down coordinates in points. */
export interface LayoutLine extends Box {
  spans: Span[];
  /** Where the page draws the line among its lines (0 first), when read from a page. */
  drawn?: number;
}

export interface LayoutTextBlock extends Box {
  kind: 'text';
  lines: LayoutLine[];
  /** Drawn in a frame of its own (a text box, a note): read as one block, where the frame stands. */
  framed?: boolean;
}

export interface LayoutImageBlock extends Box {
  kind: 'image';
  /** The encoded image file. */
  file: string;
  format: 'png' | 'jpg';
}

/** A cell of a table: its place in the grid, how many rows and columns it spans, and its lines. */
export interface LayoutTableCell {
  row: number;
  column: number;
  rowSpan: number;
  columnSpan: number;
  lines: LayoutLine[];
  /** Edges the page draws no rule on: a merged cell's parts, each its row's (tables/unmerged-rows.ts). */
  open?: OpenEdges;
}

/** A cell's top or bottom edge left undrawn: the cell above or below goes on from it. */
export interface OpenEdges {
  above: boolean;
  below: boolean;
}

/** A table found on the page (drawn with rules, or text aligned in columns). */
export interface LayoutTableBlock extends Box {
  kind: 'table';
  /** Where the columns start and end, left to right: one more than there are columns. */
  columns: number[];
  /** Where the rows start and end, top to bottom. */
  rows: number[];
  /** Cells by row then column; cells covered by a merged cell are not listed. */
  cells: LayoutTableCell[];
  /** Found from the rules drawn around its cells, or from text standing in columns (no rules to say so). */
  foundBy: 'rules' | 'aligned text';
}

export type LayoutBlock = LayoutTextBlock | LayoutImageBlock | LayoutTableBlock;

/** A page in the order MuPDF reads it (columns and blocks), sizes as the viewer shows them. */
export interface PageLayout {
  width: number;
  height: number;
  blocks: LayoutBlock[];
  /** More pictures than ReadOptions `maxPictures` were on the page, and none is among the blocks. */
  picturesUnread?: boolean;
  /** The charts read as drawings (ReadOptions `charts`): their labels are in none of the blocks. */
  charts?: LayoutChart[];
}

/** A chart the page draws: its region, and the boxes of the labels that are its own, drawn with it. */
export interface LayoutChart extends Box {
  labels: Box[];
}

export interface WordParagraph {
  kind: 'paragraph';
  runs: Span[];
  alignment: 'left' | 'center' | 'right';
  /** Left indent in points, from the page's left margin. */
  indent: number;
  /** Extra indent of the first line, in points. */
  firstLineIndent: number;
  /** Space above in points. */
  spaceBefore: number;
  rightToLeft: boolean;
  /** Word heading level, for a short line set larger or bolder than the body text. */
  heading?: 1 | 2 | 3;
  /** A list item: its marker is taken out of the runs, Word draws it. */
  list?: { kind: ListKind; level: number; instance: number };
  /** In a frame on the page (a text box, a note): Word draws one box around the paragraphs next to each other. */
  framed?: boolean;
}

/** Word list formats: bullets, 1. 2. 3., a. b. c., A. B. C. */
export type ListKind = 'bullet' | 'number' | 'lowerLetter' | 'upperLetter';

export interface WordTableCell {
  rowSpan: number;
  columnSpan: number;
  paragraphs: WordParagraph[];
  open?: OpenEdges;
}

export interface WordTable {
  kind: 'table';
  /** Column widths in points. */
  columnWidths: number[];
  /** Each row's cells, left to right, without the cells a merged cell above covers. */
  rows: { cells: (WordTableCell & { column: number })[] }[];
  spaceBefore: number;
  /** The page draws no rules around its cells (a table read from text in columns): Word shows none either. */
  unruled?: boolean;
}

export interface WordPicture {
  kind: 'picture';
  file: string;
  format: 'png' | 'jpg';
  /** Display size in points, within the text width. */
  width: number;
  height: number;
  alignment: 'left' | 'center';
  spaceBefore: number;
}

export type WordItem = WordParagraph | WordPicture | WordTable;

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Paragraphs running at the top or the bottom of a page, and how far from the page's edge they start. */
export interface WordRunning {
  paragraphs: WordParagraph[];
  /** Points from the page's top edge (header) or bottom edge (footer). */
  distance: number;
}

/** One PDF page as Word content: its size, its margins and what it holds. */
export interface WordPage {
  width: number;
  height: number;
  margins: Margins;
  items: WordItem[];
  header?: WordRunning;
  footer?: WordRunning;
  /** The number the page prints in its running header or footer, where that counts on with the pages. */
  number?: number;
}
