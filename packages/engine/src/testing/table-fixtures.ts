/**
 * PDFs of tables with known cells, written by hand in Helvetica (widths from its metrics), for table detection's
 * tests and benchmark: ruled, partly ruled (rules over and under the header and under the last row) and borderless
 * tables, cells that wrap over several lines, cells merged across columns, rules left out between rows of their own,
 * pages turned by /Rotate, paragraphs of body text around them.
 */

export type TableStyle = 'ruled' | 'partly-ruled' | 'borderless';

export interface TableMerge {
  row: number;
  column: number;
  rowSpan: number;
  columnSpan: number;
}

export interface FixtureTable {
  /** Rows of cell texts; a cell a merge covers holds '' and is not drawn. */
  cells: string[][];
  merges?: TableMerge[];
  /**
   * Ruled tables: cells whose lower rule is not drawn, though the cell below is a cell of its own (an item over two
   * rows, its number column undivided).
   */
  unruledBelow?: { row: number; column: number }[];
  style: TableStyle;
  /** Points; text wraps within them. */
  columnWidths: number[];
  /** Per column; default left. */
  align?: ('left' | 'right')[];
  fontSize?: number;
  /** White between a cell's edges and its text, points; default 4. */
  padding?: number;
  /** Top-left corner, top-down points. */
  x: number;
  y: number;
}

export interface TablePage {
  width?: number;
  height?: number;
  rotate?: 0 | 90 | 180 | 270;
  tables: FixtureTable[];
  /** Body text wrapped into a column of this width at (x, y), top-down. */
  paragraphs?: { text: string; x: number; y: number; width: number }[];
}

// Helvetica's advance widths (1/1000 em) for ASCII 32-126, from its AFM.
const WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

export function textWidth(text: string, size: number): number {
  let width = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    width += code >= 32 && code <= 126 ? WIDTHS[code - 32]! : 556;
  }
  return (width * size) / 1000;
}

/** Text as a PDF string in WinAnsi (the euro sign and Latin-1 letters as their bytes). */
function pdfString(text: string): string {
  let out = '';
  for (const char of text) {
    if (char === '€') out += '\\200';
    else if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (char.charCodeAt(0) > 126) out += `\\${char.charCodeAt(0).toString(8).padStart(3, '0')}`;
    else out += char;
  }
  return `(${out})`;
}

/** Words wrapped into lines no wider than `width`. */
export function wrap(text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && textWidth(`${last} ${word}`, size) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

const PADDING = 4;
const LEADING = 1.2;

const paddingOf = (table: FixtureTable) => table.padding ?? PADDING;

/** The table's row heights as it is drawn. */
export function rowHeights(table: FixtureTable): number[] {
  const size = table.fontSize ?? 9;
  return table.cells.map((row, rowIndex) => {
    let lines = 1;
    row.forEach((text, column) => {
      const merge = table.merges?.find((each) => each.row === rowIndex && each.column === column);
      const width = columnSpanWidth(table, column, merge?.columnSpan ?? 1);
      if (merge && merge.rowSpan > 1) return;
      lines = Math.max(lines, wrap(text, width - 2 * paddingOf(table), size).length);
    });
    return lines * size * LEADING + 2 * paddingOf(table);
  });
}

const columnSpanWidth = (table: FixtureTable, column: number, span: number) =>
  table.columnWidths.slice(column, column + span).reduce((sum, width) => sum + width, 0);

/** The content stream drawing a table on a page `height` points high. */
function drawTable(table: FixtureTable, height: number): string {
  const size = table.fontSize ?? 9;
  const heights = rowHeights(table);
  const xs = [table.x];
  for (const width of table.columnWidths) xs.push(xs.at(-1)! + width);
  const ys = [table.y];
  for (const rowHeight of heights) ys.push(ys.at(-1)! + rowHeight);
  const covered = (row: number, column: number) =>
    table.merges?.some(
      (merge) =>
        row >= merge.row &&
        row < merge.row + merge.rowSpan &&
        column >= merge.column &&
        column < merge.column + merge.columnSpan &&
        (row !== merge.row || column !== merge.column),
    ) ?? false;
  let content = '0.5 w 0 G\n';
  const line = (x0: number, y0: number, x1: number, y1: number) => {
    content += `${x0.toFixed(2)} ${(height - y0).toFixed(2)} m ${x1.toFixed(2)} ${(height - y1).toFixed(2)} l S\n`;
  };
  const rows = table.cells.length;
  const columns = table.columnWidths.length;
  if (table.style === 'ruled') {
    // Each cell edge, left out inside a merged cell.
    for (let row = 0; row <= rows; row++) {
      for (let column = 0; column < columns; column++) {
        const inside = row > 0 && row < rows && covered(row, column) && isCoveredAbove(table, row, column);
        const unruled = table.unruledBelow?.some((cell) => cell.row === row - 1 && cell.column === column);
        if (!inside && !unruled) line(xs[column]!, ys[row]!, xs[column + 1]!, ys[row]!);
      }
    }
    for (let column = 0; column <= columns; column++) {
      for (let row = 0; row < rows; row++) {
        const inside = column > 0 && column < columns && covered(row, column) && isCoveredLeft(table, row, column);
        if (!inside) line(xs[column]!, ys[row]!, xs[column]!, ys[row + 1]!);
      }
    }
  } else if (table.style === 'partly-ruled') {
    for (const row of [0, 1, rows]) line(xs[0]!, ys[row]!, xs.at(-1)!, ys[row]!);
  }
  content += 'BT\n';
  table.cells.forEach((cells, row) => {
    cells.forEach((text, column) => {
      if (covered(row, column) || text === '') return;
      const merge = table.merges?.find((each) => each.row === row && each.column === column);
      const width = columnSpanWidth(table, column, merge?.columnSpan ?? 1);
      const right = table.align?.[column] === 'right' && !merge;
      wrap(text, width - 2 * paddingOf(table), size).forEach((piece, index) => {
        const x = right
          ? xs[column]! + width - paddingOf(table) - textWidth(piece, size)
          : xs[column]! + paddingOf(table);
        const baseline = ys[row]! + paddingOf(table) + size * 0.9 + index * size * LEADING;
        content += `/F1 ${size} Tf 1 0 0 1 ${x.toFixed(2)} ${(height - baseline).toFixed(2)} Tm ${pdfString(piece)} Tj\n`;
      });
    });
  });
  return `${content}ET\n`;
}

/** Whether the cell above is in the same merge (the rule between them is not drawn). */
function isCoveredAbove(table: FixtureTable, row: number, column: number): boolean {
  return (
    table.merges?.some(
      (merge) =>
        row > merge.row &&
        row < merge.row + merge.rowSpan &&
        column >= merge.column &&
        column < merge.column + merge.columnSpan,
    ) ?? false
  );
}

function isCoveredLeft(table: FixtureTable, row: number, column: number): boolean {
  return (
    table.merges?.some(
      (merge) =>
        column > merge.column &&
        column < merge.column + merge.columnSpan &&
        row >= merge.row &&
        row < merge.row + merge.rowSpan,
    ) ?? false
  );
}

/** A PDF of the given pages. */
export function makeTablePdf(pages: readonly TablePage[]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const page of pages) {
    const width = page.width ?? 612;
    const height = page.height ?? 792;
    let content = '';
    for (const table of page.tables) content += drawTable(table, height);
    for (const paragraph of page.paragraphs ?? []) {
      content += 'BT\n';
      wrap(paragraph.text, paragraph.width, 10).forEach((piece, index) => {
        const baseline = paragraph.y + 9 + index * 12;
        content += `/F1 10 Tf 1 0 0 1 ${paragraph.x} ${(height - baseline).toFixed(2)} Tm ${pdfString(piece)} Tj\n`;
      });
      content += 'ET\n';
    }
    add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`);
    const contentRef = objects.length;
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Rotate ${page.rotate ?? 0} ` +
        `/Resources << /Font << /F1 3 0 R >> >> /Contents ${contentRef} 0 R >>`,
    );
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
