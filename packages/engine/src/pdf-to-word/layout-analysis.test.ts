import { describe, expect, it } from 'vitest';
import {
  axisLabels,
  chartsIn,
  drawingRegions,
  joinListMarkers,
  overprintedLines,
  overprintedStarts,
  placeTables,
  readingOrder,
  ruledTables,
  printedPageNumbers,
  tablesWithText,
  takeRunningLines,
} from './layout-analysis.js';
import type { LayoutBlock, LayoutLine, PageLayout, WordItem, WordParagraph } from './layout-model.js';
import { markHeadingsAndLists, pageItems, runningParagraphs } from './word-layout.js';
import { textBlock as block } from '../testing/layout-fixtures.js';

const plain = { font: 'Arial', bold: false, italic: false, size: 11, color: '000000', rightToLeft: false };

/** An 11 pt line at `top`, 13 pt high, from x0 to x1. */
function line(text: string, top: number, x0 = 72, x1 = 540): LayoutLine {
  return { x0, y0: top, x1, y1: top + 13, spans: [{ ...plain, text }] };
}

const lineTexts = (blocks: LayoutBlock[]) =>
  blocks.flatMap((each) =>
    each.kind === 'text' ? each.lines.map((one) => one.spans.map((span) => span.text).join('')) : [`[${each.kind}]`],
  );

describe('readingOrder', () => {
  it('reads two columns under a full-width title column by column, whatever order the PDF drew the lines in', () => {
    // As one block, row by row: left line, right line, left line, ...
    const rows = [0, 1, 2, 3].flatMap((row) => [
      line(`left ${row}`, 120 + row * 14, 72, 290),
      line(`right ${row}`, 120 + row * 14, 320, 540),
    ]);
    const blocks = [
      block([line('Full-width title', 72)]),
      block(rows),
      block([line('A footnote across the page.', 300, 72, 400)]),
    ];
    expect(lineTexts(readingOrder(blocks))).toEqual([
      'Full-width title',
      'left 0',
      'left 1',
      'left 2',
      'left 3',
      'right 0',
      'right 1',
      'right 2',
      'right 3',
      'A footnote across the page.',
    ]);
  });

  it('reads a centred title, author and date before two columns that start beside a short heading', () => {
    const blocks = [
      block([line('A Centred Title Wider Than The Gutter', 60, 180, 430)]),
      block([line('The Author', 80, 270, 340)]),
      block([line('Abstract', 110, 72, 130)]),
      block([line('right 0', 110, 320, 540), line('right 1', 124, 320, 540)]),
      block([line('left 0', 124, 72, 290), line('left 1', 138, 72, 290)]),
    ];
    expect(lineTexts(readingOrder(blocks))).toEqual([
      'A Centred Title Wider Than The Gutter',
      'The Author',
      'Abstract',
      'left 0',
      'left 1',
      'right 0',
      'right 1',
    ]);
  });

  it('makes one line again of the pieces MuPDF split at a wide space', () => {
    const blocks = [block([line('A sentence ends.', 100, 72, 160), line('Another one starts', 100, 170, 290)])];
    expect(lineTexts(readingOrder(blocks))).toEqual(['A sentence ends. Another one starts']);
  });

  it('reads a sidebar before the main column beside it, and a full-width paragraph after both', () => {
    const sidebar = [0, 1, 2].map((row) => line(`side ${row}`, 100 + row * 14, 36, 150));
    const main = [0, 1, 2, 3, 4].map((row) => line(`main ${row}`, 100 + row * 14, 180, 576));
    const blocks = [block([...main.slice(0, 2), ...sidebar, ...main.slice(2)]), block([line('After.', 200, 36, 576)])];
    expect(lineTexts(readingOrder(blocks))).toEqual([
      'side 0',
      'side 1',
      'side 2',
      'main 0',
      'main 1',
      'main 2',
      'main 3',
      'main 4',
      'After.',
    ]);
  });

  it('makes a table of short cells aligned in three columns', () => {
    const cells = [
      ['Item', 'Count', 'Price'],
      ['Apples', '12', '3.10'],
      ['Pears', '7', '2.80'],
    ];
    const lines = cells.flatMap((row, index) =>
      row.map((text, column) => line(text, 100 + index * 16, 72 + column * 150, 72 + column * 150 + 40)),
    );
    const [table] = readingOrder([block([line('Prices this week.', 60), ...lines])]).slice(1);
    expect(table?.kind).toBe('table');
    if (table?.kind !== 'table') return;
    expect(table.columns).toHaveLength(4);
    expect(table.rows).toHaveLength(4);
    expect(table.cells.map((cell) => cell.lines.map((each) => each.spans[0]!.text).join(''))).toEqual(cells.flat());
  });

  it('keeps a list marker and its item together', () => {
    const joined = joinListMarkers([line('•', 100, 72, 76), line('The item', 100, 90, 200), line('Next', 114)]);
    expect(joined.map((each) => each.spans.map((span) => span.text).join(''))).toEqual(['• The item', 'Next']);
  });

  it("reads a contract's numbered clauses (4.2.1.) as lines of text, not as a table of numbers and clauses", () => {
    // The number at the indent, the clause after a tab; a long clause wraps back to the margin.
    const clauses = [
      line('4.2.1.', 100, 100, 130),
      line('Take the documents from the customer within five days of', 100, 140, 540),
      line('the contract, as its annex sets out.', 114, 72, 300),
      line('4.2.2.', 128, 100, 130),
      line('Keep to the rules of safe work.', 128, 140, 330),
      line('4.2.3.', 142, 100, 130),
      line('Hand over the results on time.', 142, 140, 320),
    ];
    expect(lineTexts(readingOrder([block(clauses)]))).toEqual([
      '4.2.1. Take the documents from the customer within five days of',
      'the contract, as its annex sets out.',
      '4.2.2. Keep to the rules of safe work.',
      '4.2.3. Hand over the results on time.',
    ]);
  });

  it('reads bullets drawn in a symbol font as a list, not as a table of bullets and items', () => {
    // Word's bullet in the Symbol font comes out of the PDF as U+F0B7, at the indent, its item at the tab stop.
    const bullets = ['Apple', 'Banana', 'Cherry'].flatMap((text, row) => [
      line('\uf0b7', 73 + row * 17, 90, 94.6),
      line(text, 73 + row * 17, 108, 108 + 6 * text.length),
    ]);
    const blocks = readingOrder([block(bullets)]);
    expect(blocks.map((each) => each.kind)).toEqual(['text']);
    const items = pageItems({ width: 595, height: 842, blocks }, { top: 72, right: 72, bottom: 72, left: 72 });
    markHeadingsAndLists([items]);
    expect(
      (items as WordParagraph[]).map((each) => [each.runs.map((run) => run.text).join(''), each.list?.kind]),
    ).toEqual([
      ['Apple', 'bullet'],
      ['Banana', 'bullet'],
      ['Cherry', 'bullet'],
    ]);
  });
});

describe('ruledTables', () => {
  // A 3 x 3 grid from x 100..400 and y 100..160, 20 pt rows, 100 pt columns.
  const horizontal = (y: number, x0 = 100, x1 = 400) => ({ x0, y0: y - 0.25, x1, y1: y + 0.25 });
  const vertical = (x: number, y0 = 100, y1 = 160) => ({ x0: x - 0.25, y0, x1: x + 0.25, y1 });

  it('finds the grid and merges cells no rule separates', () => {
    const rules = [
      horizontal(100),
      horizontal(120),
      horizontal(140, 200, 400), // the first column's last two cells are one
      horizontal(160),
      vertical(100),
      vertical(200),
      vertical(300, 120, 160), // the first row's last two cells are one
      vertical(400),
    ];
    const [table, ...others] = ruledTables(rules);
    expect(others).toEqual([]);
    expect(table!.columns).toEqual([100, 200, 300, 400]);
    expect(table!.rows).toEqual([100, 120, 140, 160]);
    expect(table!.cells.map(({ row, column, rowSpan, columnSpan }) => [row, column, rowSpan, columnSpan])).toEqual([
      [0, 0, 1, 1],
      [0, 1, 1, 2],
      [1, 0, 2, 1],
      [1, 1, 1, 1],
      [1, 2, 1, 1],
      [2, 1, 1, 1],
      [2, 2, 1, 1],
    ]);
    // The text inside goes into its cells, the rest stays.
    const placed = placeTables(
      [block([line('Above', 80, 100, 300), line('merged', 125, 110, 150), line('last', 145, 310, 350)])],
      [table!],
    );
    expect(lineTexts(placed)).toEqual(['Above', '[table]']);
    const cellText = (row: number, column: number) =>
      table!.cells.find((cell) => cell.row === row && cell.column === column)!.lines.map((each) => each.spans[0]!.text);
    expect(cellText(1, 0)).toEqual(['merged']);
    expect(cellText(2, 2)).toEqual(['last']);
  });

  it("gives each row its part of a cell no rule divides when its text stands level with the row's", () => {
    // An estimate's item over two rows: number and description undivided, the quantities ruled apart.
    const rules = [
      horizontal(100),
      horizontal(120, 300, 400),
      horizontal(140),
      vertical(100, 100, 140),
      vertical(200, 100, 140),
      vertical(300, 100, 140),
      vertical(400, 100, 140),
    ];
    const [table] = ruledTables(rules);
    const cells = [
      line('9', 103, 110, 150),
      line('Apparatus', 103, 210, 290),
      line('30', 103, 310, 390),
      line('(0)', 123, 110, 150),
      line('Index=17', 123, 210, 290),
      line('1 pc', 123, 310, 390),
    ];
    const placed = placeTables([block(cells)], [table!]).find((each) => each.kind === 'table')!;
    expect(
      placed.kind === 'table' &&
        placed.cells.map(({ row, column, rowSpan, lines, open }) => [
          row,
          column,
          rowSpan,
          lines.map((each) => each.spans[0]!.text).join(' '),
          open ? `${open.above ? 'above' : ''}${open.below ? 'below' : ''}` : '',
        ]),
    ).toEqual([
      [0, 0, 1, '9', 'below'],
      [0, 1, 1, 'Apparatus', 'below'],
      [0, 2, 1, '30', ''],
      [1, 0, 1, '(0)', 'above'],
      [1, 1, 1, 'Index=17', 'above'],
      [1, 2, 1, '1 pc', ''],
    ]);
  });

  it("leaves a line laid over the table's edge as text, not in the cell its middle falls in", () => {
    const rules = [horizontal(100), horizontal(120), horizontal(160), vertical(100), vertical(200), vertical(300)];
    const [table] = ruledTables(rules);
    // A source note over the last row, running past the table's right side (the table drawn over most of it).
    const note = line('Source: a survey', 145, 180, 340);
    const placed = placeTables(
      [block([line('cell', 125, 110, 150), note, line('wide cell', 105, 202, 299)])],
      [table!],
    );
    expect(lineTexts(placed)).toEqual(['Source: a survey', '[table]']);
    const texts = table!.cells.map((cell) => cell.lines.map((each) => each.spans[0]!.text));
    expect(texts).toEqual([[], ['wide cell'], ['cell'], []]);
  });

  it("takes a grid with text in under a quarter of its cells for no table (a chart's grid)", () => {
    const grid = ruledTables([
      horizontal(100),
      horizontal(120),
      horizontal(140),
      horizontal(160),
      vertical(100),
      vertical(200),
      vertical(300),
      vertical(400),
    ]);
    expect(grid).toHaveLength(1);
    expect(tablesWithText(grid, [line('label', 125, 110, 150)])).toEqual([]);
    expect(
      tablesWithText(grid, [line('a', 105, 110, 150), line('b', 125, 110, 150), line('c', 145, 210, 250)]),
    ).toEqual(grid);
  });

  it('takes a lone framed box or stray rules for no table', () => {
    expect(ruledTables([horizontal(100), horizontal(160), vertical(100), vertical(400)])).toEqual([]);
    expect(ruledTables([horizontal(100), horizontal(300), horizontal(500)])).toEqual([]);
  });
});

describe('takeRunningLines', () => {
  const page = (number: number, body: string): PageLayout => ({
    width: 612,
    height: 792,
    blocks: [
      block([line('The Quarterly', 30, 72, 200)]),
      block([line(body, 200)]),
      block([line(`Page ${number} of 3`, 760, 270, 340)]),
    ],
  });

  it('takes out lines repeated at the top and the bottom of the pages, numbers allowed to change', () => {
    const pages = [page(1, 'One.'), page(2, 'Two.'), page(3, 'Three.')];
    const { headers, footers } = takeRunningLines(pages);
    expect(pages.map((each) => lineTexts(each.blocks))).toEqual([['One.'], ['Two.'], ['Three.']]);
    expect(headers.map((lines) => lines.map((each) => each.spans[0]!.text))).toEqual([
      ['The Quarterly'],
      ['The Quarterly'],
      ['The Quarterly'],
    ]);
    const [footer] = runningParagraphs(footers[1]!, 2, 72, 540);
    expect(footer!.alignment).toBe('center');
    expect(footer!.runs.map((run) => [run.text, run.pageNumber ?? false])).toEqual([
      ['Page ', false],
      ['2', true],
      [' of 3', false],
    ]);
  });

  it('leaves the lone paragraph of pages that hold nothing else', () => {
    const pages = [1, 2, 3].map((number) => ({
      width: 612,
      height: 792,
      blocks: [block([line(`Section ${number} paragraph.`, 72, 72, 200)])],
    }));
    expect(takeRunningLines(pages).headers).toEqual([[], [], []]);
    expect(pages.map((each) => lineTexts(each.blocks))).toEqual([
      ['Section 1 paragraph.'],
      ['Section 2 paragraph.'],
      ['Section 3 paragraph.'],
    ]);
  });

  it('takes the running lines of pages whose body is a table or a picture', () => {
    const table = (top: number): LayoutBlock => ({
      kind: 'table',
      x0: 72,
      y0: top,
      x1: 540,
      y1: top + 400,
      columns: [72, 300, 540],
      rows: [top, top + 400],
      cells: [
        { row: 0, column: 0, rowSpan: 1, columnSpan: 1, lines: [line('Objectives', top + 10, 80, 200)] },
        { row: 0, column: 1, rowSpan: 1, columnSpan: 1, lines: [line('To assess the effect.', top + 10, 310, 500)] },
      ],
      foundBy: 'rules',
    });
    const pages = [page(1, 'Study design.'), page(2, ''), page(3, '')];
    pages[1]!.blocks[1] = table(100);
    pages[2]!.blocks[1] = { kind: 'image', x0: 72, y0: 100, x1: 540, y1: 500, file: 'figure.png', format: 'png' };
    const { headers, footers } = takeRunningLines(pages);
    expect(headers.map((lines) => lines.length)).toEqual([1, 1, 1]);
    expect(footers.map((lines) => lines.length)).toEqual([1, 1, 1]);
  });

  it('leaves lines that repeat elsewhere on the page, or on one page only', () => {
    const pages = [page(1, 'The Quarterly'), page(2, 'Body.')];
    pages[1]!.blocks.shift();
    const { headers } = takeRunningLines(pages);
    expect(headers).toEqual([[], []]);
    expect(lineTexts(pages[0]!.blocks)).toContain('The Quarterly');
  });
});

describe('takeRunningLines on odd and even pages', () => {
  const texts = (lines: LayoutLine[][]) => lines.map((each) => each.map((one) => one.spans[0]!.text));
  const pageOf = (lines: LayoutLine[]): PageLayout => ({
    width: 612,
    height: 792,
    blocks: lines.map((one) => block([one])),
  });

  it('takes the header of each of two pages, though they differ, when it stands apart above the body', () => {
    const pages = [
      pageOf([line('Odd page header.', 37), line('First Page.', 73)]),
      pageOf([line('Even page header.', 37), line('Second Page.', 73)]),
    ];
    const { headers, footers } = takeRunningLines(pages);
    expect(texts(headers)).toEqual([['Odd page header.'], ['Even page header.']]);
    expect(texts(footers)).toEqual([[], []]);
    expect(pages.map((each) => lineTexts(each.blocks))).toEqual([['First Page.'], ['Second Page.']]);
  });

  it('leaves the first lines of two pages that go on from the line above, are headings, or are double-spaced', () => {
    const prose = [
      pageOf([line('The report opens here and', 72), line('goes on for a while.', 86)]),
      pageOf([line('and it goes on over the', 72), line('second page to its end.', 86)]),
    ];
    expect(texts(takeRunningLines(prose).headers)).toEqual([[], []]);
    const bold = (text: string, top: number) => {
      const one = line(text, top);
      one.spans[0]!.bold = true;
      return one;
    };
    const headings = [
      pageOf([bold('Part One', 72), line('The first part.', 110)]),
      pageOf([bold('Part Two', 72), line('The second part.', 110)]),
    ];
    expect(texts(takeRunningLines(headings).headers)).toEqual([[], []]);
    expect(lineTexts(headings[1]!.blocks)).toEqual(['Part Two', 'The second part.']);
    // Double-spaced: a line's height between every two lines, the first ones no further apart.
    const doubleSpaced = [
      pageOf([line('A paper set double-spaced', 72), line('as the course asks its', 98), line('students to.', 124)]),
      pageOf([line('Its second page goes on', 72), line('with the same spacing', 98), line('to the end.', 124)]),
    ];
    expect(texts(takeRunningLines(doubleSpaced).headers)).toEqual([[], []]);
  });

  it('leaves a line of the body that repeats low on two pages of one kind, with body text under it', () => {
    const pages = [1, 2, 3, 4, 5].map((number) =>
      pageOf([
        line(`Body ${'abcde'[number - 1]} opens.`, 90),
        line(number % 2 === 1 ? 'the same words on odd pages' : `line ${'vwxyz'[number - 1]} here`, 700),
        line(`Body ${'fghij'[number - 1]} ends.`, 714),
      ]),
    );
    const { footers } = takeRunningLines(pages);
    expect(texts(footers)).toEqual([[], [], [], [], []]);
  });

  it("takes headers that alternate between odd and even pages, a chapter's title and another first page", () => {
    const chapters = ['Chapter One', 'Chapter One', 'Chapter One', 'Chapter Two', 'Chapter Two', 'Chapter Two'];
    const bodies = ['Once.', 'Twice more.', 'Three times.', 'Four of them.', 'Five here.', 'Six.', 'At last seven.'];
    const pages = [
      pageOf([line('Acme Annual Report', 37, 72, 200), line(bodies[0]!, 90), line('1', 750, 300, 310)]),
      ...[2, 3, 4, 5, 6, 7].map((number) =>
        pageOf([
          number % 2 === 0 ? line('The Book Title', 37, 72, 200) : line(chapters[number - 2]!, 37, 400, 540),
          line(bodies[number - 1]!, 90),
          line(`${number}`, 750, number % 2 === 0 ? 72 : 530, number % 2 === 0 ? 82 : 540),
        ]),
      ),
    ];
    const { headers, footers } = takeRunningLines(pages);
    expect(texts(headers)).toEqual([
      ['Acme Annual Report'],
      ['The Book Title'],
      ['Chapter One'],
      ['The Book Title'],
      ['Chapter Two'],
      ['The Book Title'],
      ['Chapter Two'],
    ]);
    expect(texts(footers)).toEqual(['1', '2', '3', '4', '5', '6', '7'].map((number) => [number]));
    expect(pages.map((each) => lineTexts(each.blocks))).toEqual(bodies.map((body) => [body]));
  });
});

describe('printedPageNumbers', () => {
  it('reads the numbers pages print that count on with them, wherever the count starts', () => {
    const running = ['xi PREFACE', 'PREFACE xii', '1', '2 FREE CULTURE © 2004', 'INTRODUCTION 3 © 2004', 'Notes'];
    const footers = running.map((text) => [line(text, 760)]);
    const headers = running.map(() => []);
    expect(printedPageNumbers(headers, footers)).toEqual([undefined, undefined, 1, 2, 3, undefined]);
    // A number that stays (a year, a chapter) is no page number; one page alone has nothing to count on with.
    expect(printedPageNumbers([[], []], [[line('Chapter 3', 760)], [line('Chapter 3', 760)]])).toEqual([
      undefined,
      undefined,
    ]);
    expect(printedPageNumbers([[line('Page 4 of 9', 30)]], [[]])).toEqual([undefined]);
  });
});

describe('markHeadingsAndLists', () => {
  const paragraph = (text: string, style: Partial<typeof plain> = {}): WordParagraph => ({
    kind: 'paragraph',
    runs: [{ ...plain, ...style, text }],
    alignment: 'left',
    indent: 0,
    firstLineIndent: 0,
    spaceBefore: 0,
    rightToLeft: false,
  });

  it('gives headings levels by size and makes bulleted, numbered and lettered items Word lists', () => {
    const items: WordItem[] = [
      paragraph('Annual Report', { size: 20, bold: true }),
      paragraph('1. Introduction', { size: 14, bold: true }),
      paragraph('Body text that runs long enough to be the size most text is set in, as body text is.'),
      paragraph('Results', { bold: true }),
      paragraph('• first point'),
      paragraph('• second point'),
      paragraph('1. step one'),
      paragraph('2. step two'),
      paragraph('a. lettered under it'),
      paragraph('b. and another'),
      paragraph('3. step three goes on'),
      paragraph('1. again from one'),
      paragraph('A. Smith wrote this sentence, a paragraph and no list.'),
      paragraph('A short sentence in bold.', { bold: true }),
    ];
    markHeadingsAndLists([items]);
    const marks = (items as WordParagraph[]).map((each) => [
      each.runs.map((run) => run.text).join(''),
      each.heading ?? each.list?.kind ?? '',
      each.list?.instance ?? '',
    ]);
    expect(marks).toEqual([
      ['Annual Report', 1, ''],
      ['1. Introduction', 2, ''],
      ['Body text that runs long enough to be the size most text is set in, as body text is.', '', ''],
      ['Results', 3, ''],
      ['first point', 'bullet', 1],
      ['second point', 'bullet', 1],
      ['step one', 'number', 2],
      ['step two', 'number', 2],
      ['lettered under it', 'lowerLetter', 3],
      ['and another', 'lowerLetter', 3],
      ['step three goes on', 'number', 2],
      ['again from one', 'number', 4],
      ['A. Smith wrote this sentence, a paragraph and no list.', '', ''],
      ['A short sentence in bold.', '', ''],
    ]);
  });
});

describe('drawingRegions', () => {
  const page = { width: 612, height: 792 };
  const bar = (x: number, height: number) => ({ x0: x, y0: 400 - height, x1: x + 20, y1: 400 });

  it('takes a chart of shapes with its labels, and leaves boxes around text, backgrounds and tables', () => {
    const chart = [bar(100, 50), bar(125, 80), bar(150, 30), bar(175, 60), { x0: 95, y0: 399, x1: 200, y1: 401 }];
    const label = line('Sales', 402, 130, 160);
    const body = line('A paragraph of text in a shaded box.', 500, 72, 540);
    const shadedBox = [{ x0: 70, y0: 498, x1: 542, y1: 515 }];
    const background = [{ x0: 0, y0: 0, x1: 612, y1: 792 }];
    const regions = drawingRegions([...chart, ...shadedBox, ...background], page, [label, body], []);
    expect(regions).toEqual([{ x0: 95, y0: 320, x1: 200, y1: 415 }]);
    // The same shapes under a table are its shading, not a drawing.
    expect(drawingRegions(chart, page, [], [{ x0: 90, y0: 300, x1: 210, y1: 410 }])).toEqual([]);
    // Many shapes under as much text are a text box.
    const text = [0, 1, 2, 3, 4, 5].map((row) => line(`line ${row}`, 330 + row * 12, 96, 199));
    expect(drawingRegions(chart, page, text, [])).toEqual([]);
  });

  it('leaves a frame of rules around a form, with a shaded title bar and checkboxes, as text', () => {
    const frame = [
      { x0: 72, y0: 100, x1: 540, y1: 101 },
      { x0: 72, y0: 400, x1: 540, y1: 401 },
      { x0: 72, y0: 100, x1: 73, y1: 401 },
      { x0: 539, y0: 100, x1: 540, y1: 401 },
      { x0: 200, y0: 380, x1: 400, y1: 381 },
    ];
    const titleBar = { x0: 73, y0: 101, x1: 539, y1: 121 };
    const checkboxes = [150, 200, 250].map((top) => ({ x0: 80, y0: top, x1: 88, y1: top + 8 }));
    const lines = [
      line('Purpose of the trip', 104, 200, 400),
      line('Tourism', 150, 96, 160),
      line('Name', 370, 80, 120),
    ];
    expect(drawingRegions([titleBar, ...checkboxes], page, lines, [], frame)).toEqual([]);
    // The same frame around a chart's bars is a drawing.
    const bars = [bar(150, 150), bar(200, 200), bar(250, 100)];
    expect(drawingRegions([titleBar, ...bars], page, lines, [], frame)).toHaveLength(1);
  });
});

describe('charts', () => {
  const page = { width: 612, height: 792 };
  /** A tick label: `text` right-aligned at x 100, its top at `top`. */
  const tick = (text: string, top: number) => line(text, top, 100 - text.length * 6, 100);

  it('reads an axis down a column or along a row, and no axis in a diagram or a list', () => {
    const column = ['100%', '75%', '50%', '25%', '0%'].map((text, index) => tick(text, 100 + index * 40));
    // A bar's value may stand on a tick's row.
    const value = line('62', 102, 200, 215);
    expect(axisLabels([line('Sales by region', 60, 100, 300), value, ...column])).toEqual(column);
    // One line holding the years along the bottom, as the page reading may give it, is a row too.
    const years = line('1995 1996 1997 1998 1999', 320, 110, 400);
    expect(axisLabels([years, line('Enrolment', 340, 200, 260)])).toEqual([years]);
    const row = ['0', '-10', '-20', '-30'].map((text, index) => line(text, 320, 110 + index * 60, 125 + index * 60));
    expect(axisLabels(row)).toEqual(row);
    // Steps of a diagram, numbers not in step, three ticks only: no axis.
    const steps = ['Plan', 'Build', 'Check', 'Ship'].map((text, index) => line(text, 100 + index * 40, 80, 140));
    expect(axisLabels(steps)).toEqual([]);
    expect(axisLabels(['1', '2', '4', '8'].map((text, index) => tick(text, 100 + index * 40)))).toEqual([]);
    expect(axisLabels(['10', '20', '30'].map((text, index) => tick(text, 100 + index * 40)))).toEqual([]);
    // A form's line numbers: in step for a while, then skipping some.
    const form = ['10', '11', '12', '13', '14', '17', '18'].map((text, index) => tick(text, 100 + index * 12));
    expect(axisLabels(form)).toEqual([]);
  });

  it("finds a chart among drawings, with the labels set in its ticks' size, and leaves a note over it", () => {
    const ticks = ['40', '30', '20', '10', '0'].map((text, index) => tick(text, 100 + index * 40));
    const category = line('Sales', 282, 150, 190);
    const note = { ...line('Most of it in the third year', 150, 200, 380) };
    note.spans = [{ ...plain, size: 14, text: 'Most of it in the third year' }];
    const region = { x0: 80, y0: 95, x1: 400, y1: 300 };
    // A value on a bar is the chart's in any size.
    const value = { ...line('3.2', 180, 150, 170), spans: [{ ...plain, size: 14, text: '3.2' }] };
    const [chart] = chartsIn([region, { x0: 420, y0: 95, x1: 540, y1: 300 }], [...ticks, category, note, value]);
    expect(chart).toEqual({ ...region, labels: [...ticks, category, value] });
    expect(chartsIn([region], [category, note])).toEqual([]);
    // Numbered lines of sentences around shapes are a form, not a chart.
    const sentences = ticks.map((each) => line('Wages, salaries and tips from every job', each.y0, 110, 380));
    expect(chartsIn([region], [...ticks, ...sentences])).toEqual([]);
  });

  it('takes in a legend set apart below a chart, each entry led by its key, and leaves a note there alone', () => {
    const ticks = ['40', '30', '20', '10', '0'].map((text, index) => tick(text, 100 + index * 40));
    const region = { x0: 80, y0: 95, x1: 400, y1: 300 };
    const entry = line('Less than high school', 320, 140, 260);
    const key = { x0: 128, y0: 322, x1: 136, y1: 330 };
    const note = line('Source: a survey of 2008', 325, 300, 420);
    const [chart] = chartsIn([region], [...ticks, entry, note], [key]);
    expect(chart).toEqual({ x0: 80, y0: 95, x1: 400, y1: 333, labels: [...ticks, entry] });
  });

  it("counts bars with their values on them as a chart's figure when asked to", () => {
    const bars = [100, 125, 150, 175].map((x) => ({ x0: x, y0: 300, x1: x + 20, y1: 400 }));
    const values = bars.map((bar, index) => line(String(10 * (index + 1)), 340, bar.x0 + 2, bar.x1 - 2));
    expect(drawingRegions(bars, page, values, [])).toEqual([]);
    expect(drawingRegions(bars, page, values, [], [], { valuesOnFigures: true })).toHaveLength(1);
  });
});

describe('overprintedLines', () => {
  it('finds words drawn again over a line, and the later of two lines alike, not text that only looks the same', () => {
    const first = line('The toolkit is a home for libraries that', 100, 72, 520);
    const again = line('that', 100.5, 490, 520); // the last word drawn again where it stands
    const second = line('ease the development of applications', 120, 72, 420);
    const within = line('ease the development', 121, 73, 250);
    const twice = [line('Contact us', 140, 72, 160), line('Contact us', 140.2, 72, 160)];
    const elsewhere = line('that', 160, 72, 100); // the same word on a line of its own
    const lower = line('ease the development', 200, 72, 250); // the same words further down the page
    const copies = overprintedLines([first, again, second, within, ...twice, elsewhere, lower]);
    expect([...copies]).toEqual([again, within, twice[1]]);
  });

  it('keeps letters set one by one down a slide, and words, that cross a line holding them elsewhere', () => {
    const across = line('6. Challenging students (Press for Effort and Rigor)', 428, 31, 600);
    const further = line('7. Controlling behaviour (Peer Support)', 476, 31, 600);
    // "PRESS" down the right of a slide, each letter a line of its own, crossing the lines' ends.
    const letters = [...'PRESS'].map((letter, index) => line(letter, 381 + index * 24, 488, 497));
    const label = line('Rigor', 428.5, 40, 80); // over the start of a line that says it at its end
    const shadow = line('Effort', 428.4, 31 + 33 * (569 / 51), 31 + 39 * (569 / 51)); // drawn again where it is
    expect([...overprintedLines([across, further, ...letters, label, shadow])]).toEqual([shadow]);
  });
});

describe('overprintedStarts', () => {
  it('takes words drawn again over the end of the line before them off the start of the next', () => {
    // "tools that process ODF or check ODF conformance." drawn in two overlapping parts (7.6 pt a character).
    const perCharacter = 7.6;
    const first = line('tools that process ODF or check', 404, 129, 129 + 31 * perCharacter);
    const second = line('ODF or check ODF conformance. ', 404.3, 129 + 19 * perCharacter, 129 + 49 * perCharacter);
    // Alike but not over it: the same words at the start of a line further right, and on the next row.
    const apart = line('ODF or check the rest', 404, 129 + 40 * perCharacter, 129 + 61 * perCharacter);
    const below = line('or check ODF files', 420, 129 + 24 * perCharacter, 129 + 42 * perCharacter);
    const trimmed = overprintedStarts([first, second, apart, below]);
    expect([...trimmed]).toEqual([second]);
    expect(second.spans.map((span) => span.text).join('')).toBe('ODF conformance. ');
    expect(second.x0).toBeCloseTo(129 + 32 * perCharacter, 0);
    expect([first, apart, below].map((each) => each.spans[0]!.text)).toEqual([
      'tools that process ODF or check',
      'ODF or check the rest',
      'or check ODF files',
    ]);
  });
});
