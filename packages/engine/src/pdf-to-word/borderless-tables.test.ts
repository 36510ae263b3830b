import { describe, expect, it } from 'vitest';
import { continueTables, placeBorderlessTables } from './borderless-tables.js';
import type { LayoutBlock, LayoutLine, LayoutTableBlock, LayoutTextBlock, PageLayout } from './layout-model.js';
import { textBlock as block } from '../testing/layout-fixtures.js';

const plain = { font: 'Arial', bold: false, italic: false, size: 10, color: '000000', rightToLeft: false };
const LEADING = 11.5;

/** A 10 pt line at `top` from x0, as wide as its text (about half the size per character). */
function line(text: string, top: number, x0 = 72): LayoutLine {
  return { x0, y0: top, x1: x0 + text.length * 5, y1: top + 10, spans: [{ ...plain, text }] };
}

const text = (lines: readonly LayoutLine[]) => lines.map((each) => each.spans[0]!.text).join(' ');
const tables = (blocks: readonly LayoutBlock[]) =>
  blocks
    .filter((each): each is LayoutTableBlock => each.kind === 'table')
    .map((table) =>
      Array.from({ length: table.rows.length - 1 }, (_, row) =>
        table.cells.filter((cell) => cell.row === row).map((cell) => text(cell.lines)),
      ),
    );

/** A paragraph of full lines of running text from `top`. */
const paragraph = (top: number, count: number, x0 = 72, words = 14) =>
  Array.from({ length: count }, (_, index) =>
    line(
      Array.from({ length: words }, (__, at) => ['steady', 'demand', 'for', 'goods'][(index + at) % 4]).join(' '),
      top + index * LEADING,
      x0,
    ),
  );

describe('placeBorderlessTables', () => {
  it('makes label and value pairs a table, a value that wraps one cell, the paragraphs around it left alone', () => {
    const value = 'Reviews the annual budget of the regional office and'; // wraps: a long line of words
    const rows = [
      [line('Position', 200), line('Regional officer', 200, 160)],
      [line('Closing date', 211.5), line('4 March 2025', 211.5, 160)],
      [line('Duties', 223), line(value, 223, 160)],
      [line('reports to the council every quarter.', 234.5, 160)],
      [line('Location', 246), line('Northern province', 246, 160)],
    ];
    const blocks = [block(paragraph(150, 4)), ...rows.map(block), block(paragraph(262, 3))];
    const placed = placeBorderlessTables(blocks);
    expect(tables(placed)).toEqual([
      [
        ['Position', 'Regional officer'],
        ['Closing date', '4 March 2025'],
        ['Duties', `${value} reports to the council every quarter.`],
        ['Location', 'Northern province'],
      ],
    ]);
    const left = placed.filter((each): each is LayoutTextBlock => each.kind === 'text');
    expect(left.flatMap((each) => each.lines)).toHaveLength(7);
  });

  it('leaves lists with hanging indents and pages of two columns as text', () => {
    const list = [0, 1, 2, 3].flatMap((index) => [
      line('•', 150 + index * LEADING, 72),
      line(`Item ${index} of the list`, 150 + index * LEADING, 90),
    ]);
    const columns = [0, 1, 2, 3, 4, 5].flatMap((index) => [
      ...paragraph(250 + index * LEADING, 1, 72, 9),
      ...paragraph(250 + index * LEADING, 1, 320, 9),
    ]);
    // Word's second-level bullet, an "o" no marker pattern joins to its item; an index in two page columns.
    const second = [0, 1, 2].flatMap((index) => [
      line('o', 330 + index * LEADING, 90),
      line(`Sub item ${index}`, 330 + index * LEADING, 108),
    ]);
    const index = [0, 1, 2, 3].flatMap((at) => [
      line(`Entry ${at} page ${at + 3}`, 380 + at * LEADING, 72),
      line(`Entry ${at + 4} page ${at + 9}`, 380 + at * LEADING, 320),
    ]);
    const all = [block(list), block(columns), block(second), block(index)];
    const placed = placeBorderlessTables(all);
    expect(tables(placed)).toEqual([]);
    expect(placed.flatMap((each) => (each.kind === 'text' ? each.lines : []))).toHaveLength(
      list.length + columns.length + second.length + index.length,
    );
  });

  it('leaves clauses numbered 4.1., 4.1.1. as text, their lines wrapping back to the margin', () => {
    // A contract's clauses: the number, then its text after a tab; a long clause's next line starts at the margin.
    const clauses = [
      ['4.1.', 'The customer shall:'],
      ['4.1.1.', 'hand the contractor the documents the work needs and'],
      ['', 'the technical task, where its terms provide for it;'],
      ['4.1.2.', 'oversee the progress and quality of the work;'],
      ['4.2.', 'The contractor shall:'],
      ['4.2.1.', 'carry out the work as the technical task sets out.'],
    ].flatMap(([number, words], index) => {
      const top = 150 + index * LEADING;
      return number ? [line(number!, top, 72), line(words!, top, 110)] : [line(words!, top, 72)];
    });
    const placed = placeBorderlessTables([block(clauses)]);
    expect(tables(placed)).toEqual([]);
  });

  it('leaves a page of three columns of running text as text, and keeps three short columns a table', () => {
    // Three columns of 5-word lines (150 pt wide, 20 pt apart) on one leading: they line up row by row.
    const columns = Array.from({ length: 12 }, (_, row) => row).flatMap((row) =>
      [72, 242, 412].flatMap((x0) => paragraph(150 + row * LEADING, 1, x0, 5)),
    );
    expect(tables(placeBorderlessTables([block(columns)]))).toEqual([]);
    // The same places holding a word or two each: a table.
    const cells = [0, 1, 2, 3, 4, 5].flatMap((row) => [
      line(`Item ${row}`, 150 + row * LEADING, 72),
      line(`${row * 3} units`, 150 + row * LEADING, 242),
      line(`${row * 7}.50`, 150 + row * LEADING, 412),
    ]);
    expect(tables(placeBorderlessTables([block(cells)]))).toHaveLength(1);
  });
});

describe('continueTables', () => {
  // A table of grades at the foot of a page; the next page begins with its last row, then a heading and a paragraph.
  const grades = (top: number) =>
    [
      ['Grade', 'Salary', 'Openings'],
      ['GS-07', '$51,332', '3'],
      ['GS-09', '$62,788', '2'],
    ].map((cells, row) => cells.map((cell, column) => line(cell, top + row * LEADING, 72 + column * 150)));
  const page = (blocks: LayoutBlock[]): PageLayout => ({ width: 612, height: 792, blocks });
  const foot = () => placeBorderlessTables([block(paragraph(600, 3)), ...grades(680).map((row) => block(row))]);

  it("makes the rows a page begins with a table of the columns of the previous page's last table", () => {
    const lastRow = [line('GS-11', 72, 72), line('$75,969', 72, 222), line('1', 72, 372)];
    const pages = [
      page(foot()),
      page([...lastRow.map((each) => block([each])), block([line('Vacancy 4', 100)]), block(paragraph(120, 3))]),
    ];
    continueTables(pages);
    expect(tables(pages[1]!.blocks)).toEqual([[['GS-11', '$75,969', '1']]]);
    const continued = pages[1]!.blocks.find((each): each is LayoutTableBlock => each.kind === 'table')!;
    expect(continued.columns).toEqual(pages[0]!.blocks.find((each) => each.kind === 'table')!.columns);
    expect(pages[1]!.blocks.flatMap((each) => (each.kind === 'text' ? each.lines : []))).toHaveLength(4);
  });

  it('leaves a page alone after no table or one ending mid-page, or that begins with text of other shape', () => {
    const paragraphFirst = [
      page(foot()),
      page([block(paragraph(72, 3)), ...[line('GS-11', 120), line('1', 120, 372)].map((each) => block([each]))]),
    ];
    const acrossEdge = [
      page(foot()),
      page([block([line('GS-11', 72, 72), line('A value wider than its column is', 72, 222)])]),
    ];
    const noTable = [page([block(paragraph(600, 3))]), page([block([line('GS-11', 72, 72), line('1', 72, 372)])])];
    // A table that ends mid-page, the text of a later page reaching far lower: no page break carried it over.
    const midPage = [
      page(placeBorderlessTables([block(paragraph(200, 3)), ...grades(260).map((row) => block(row))])),
      page([block([line('GS-11', 72, 72), line('1', 72, 372)])]),
      page([block(paragraph(600, 10))]),
    ];
    for (const pages of [paragraphFirst, acrossEdge, noTable, midPage]) {
      continueTables(pages);
      expect(tables(pages[1]!.blocks)).toEqual([]);
    }
  });
});
