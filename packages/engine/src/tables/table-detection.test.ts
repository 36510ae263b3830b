import { describe, expect, it } from 'vitest';
import { textWidth } from '../testing/table-fixtures.js';
import { detectTables } from './table-detection.js';
import { type Rule, type Table, type Word, wordsText } from './table-model.js';

const SIZE = 9;
const LINE = 12;

/** A word at (x, y) top-down, as wide as Helvetica sets it. */
const word = (text: string, x: number, y: number): Word => ({
  text,
  size: SIZE,
  x0: x,
  x1: x + textWidth(text, SIZE),
  y0: y,
  y1: y + SIZE,
});

/** A line's words: each cell's words one space apart, cells starting at `starts` (or ending there when right-aligned). */
function row(y: number, cells: readonly string[], starts: readonly number[], right: readonly boolean[] = []): Word[] {
  return cells.flatMap((text, column) => {
    const words = text.split(' ').filter(Boolean);
    const space = textWidth(' ', SIZE);
    const width = textWidth(text, SIZE);
    let x = right[column] ? starts[column]! - width : starts[column]!;
    return words.map((each) => {
      const placed = word(each, x, y);
      x = placed.x1 + space;
      return placed;
    });
  });
}

/** The table's cell texts, row by row. */
const grid = (table: Table) =>
  Array.from({ length: table.rows.length - 1 }, (_, index) =>
    table.cells.filter((cell) => cell.row === index).map((cell) => wordsText(cell.words)),
  );

const rules = (xs: readonly number[], ys: readonly number[]): Rule[] => [
  ...ys.map((y) => ({ x0: xs[0]!, x1: xs.at(-1)!, y0: y - 0.25, y1: y + 0.25 })),
  ...xs.map((x) => ({ x0: x - 0.25, x1: x + 0.25, y0: ys[0]!, y1: ys.at(-1)! })),
];

describe('detectTables', () => {
  it('parts a header over tight columns where its words line up with the columns’ text', () => {
    // A sheet printed without grid lines: amounts right-aligned at 200, codes starting 2 pt after, headers likewise
    // ("Owner" ends where the amounts end, "Code" starts where the codes start, a gap narrower than a word space).
    const body = [
      ['North', '$65,424.44', 'C-850'],
      ['South', '$36,079.12', 'K-389'],
      ['Energy', '$2,462.77', 'B-686'],
      ['River', '$37,598.39', 'B-550'],
    ];
    const words = [
      ...row(72, ['Name', 'Owner', 'Code'], [72, 200, 202], [false, true, false]),
      ...body.flatMap((cells, index) => row(72 + (index + 1) * LINE, cells, [72, 200, 202], [false, true, false])),
    ];
    const { tables } = detectTables(words, []);
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!)).toEqual([['Name', 'Owner', 'Code'], ...body]);
  });

  it('parts tight columns of text where every line’s next column starts at the same place', () => {
    const body = [
      ['Tools', 'B-753', 'Steel'],
      ['Paper member', 'K-560', 'Light'],
      ['North member', 'B-849', 'Paper'],
      ['South', 'B-108', 'River'],
    ];
    // Each column 4 pt wider than its widest cell.
    const widest = (column: number) => Math.max(...body.map((cells) => textWidth(cells[column]!, SIZE)));
    const starts = [72, 72 + widest(0) + 4];
    starts.push(starts[1]! + widest(1) + 4);
    const words = body.flatMap((cells, index) => row(72 + index * LINE, cells, starts));
    const { tables } = detectTables(words, []);
    expect(tables.map(grid)).toEqual([body]);
  });

  it('keeps names with numbers in them whole: their digits are no figure of a column of their own', () => {
    const names = Array.from({ length: 12 }, (_, index) => `name${index + 1} - ${index + 101}`);
    const words = names.flatMap((name, index) =>
      row(72 + index * LINE, [name, String(1000 - index * 37)], [72, 200], [false, true]),
    );
    const { tables } = detectTables(words, []);
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!).map((cells) => cells[0])).toEqual(names);
  });

  it('reads a ruled grid with most cells empty as a table when its rows are sized for a line of text', () => {
    const xs = [72, 150, 230, 310];
    const ys = Array.from({ length: 13 }, (_, index) => 72 + index * 13);
    const words = [
      ...row(74, ['$', '10,441'], [154, 226], [false, true]),
      ...row(74 + 4 * 13, ['$', '-'], [234, 306], [false, true]),
      ...row(74 + 9 * 13, ['Total'], [76]),
    ];
    const { tables, lines } = detectTables(words, rules(xs, ys));
    expect(lines).toEqual([]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.kind).toBe('ruled');
    const cells = grid(tables[0]!);
    expect(cells).toHaveLength(12);
    expect(cells[0]).toEqual(['', '$ 10,441', '']);
    expect(cells[4]).toEqual(['', '', '$ -']);
    expect(cells[9]).toEqual(['Total', '', '']);
  });

  it('takes a header printed without rules right above a grid, its wrapped cells whole, as the first row', () => {
    const xs = [72, 150, 230, 310];
    const ys = [110, 123, 136];
    const words = [
      ...row(60, ['Caption of the figures below'], [72]),
      ...row(86, ['Federal', 'Operating'], [154, 234]),
      ...row(97, ['Region', 'Sources', 'Grants'], [76, 154, 234]),
      ...row(112, ['North', '$ 12', '$ -'], [76, 154, 234]),
      ...row(125, ['South', '$ 7', '$ 3'], [76, 154, 234]),
    ];
    const { tables, lines } = detectTables(words, rules(xs, ys));
    expect(lines.map((line) => wordsText(line.words))).toEqual(['Caption of the figures below']);
    expect(tables.map(grid)).toEqual([
      [
        ['Region', 'Federal Sources', 'Operating Grants'],
        ['North', '$ 12', '$ -'],
        ['South', '$ 7', '$ 3'],
      ],
    ]);
  });

  it('reads a heading row whose one-line cells are centred beside cells that wrapped as one row', () => {
    // A sheet's heading row without rules: "Handle Bars" and "Overall Score" wrapped onto two lines, the other
    // headings set once, centred between those lines; the rows below a line apart.
    const starts = [72, 150, 230, 310];
    const heading = [
      ...row(60, ['Handle', 'Overall'], [starts[1]!, starts[3]!]),
      ...row(66, ['Product', 'Seat'], [starts[0]!, starts[2]!]),
      ...row(72, ['Bars', 'Score'], [starts[1]!, starts[3]!]),
    ];
    const body = [
      ['Mountain', '5', '2', '2.4'],
      ['Comfort', '4', '5', '3.8'],
      ['Hybrid', '3', '3', '3.2'],
    ];
    const { tables } = detectTables(
      [...heading, ...body.flatMap((cells, index) => row(90 + index * 15, cells, starts))],
      [],
    );
    expect(tables.map(grid)).toEqual([[['Product', 'Handle Bars', 'Seat', 'Overall Score'], ...body]]);
  });

  it('leaves a chart’s grid, its lines far apart with a label or two inside, to the text', () => {
    const xs = [72, 172, 272, 372, 472];
    const ys = [72, 132, 192, 252, 312];
    const words = [...row(80, ['Peak'], [180]), ...row(200, ['Low'], [280]), ...row(260, ['Mid'], [80])];
    const { tables, lines } = detectTables(words, rules(xs, ys));
    expect(tables).toEqual([]);
    expect(lines.map((line) => wordsText(line.words))).toEqual(['Peak', 'Low', 'Mid']);
  });

  it('reads a two-column block and a four-column legend set close below it as two tables', () => {
    // A price sheet's head: a title set in two wide pieces, "included / extra" in two columns, then a legend of
    // codes in four; the lines close enough to be read as one run. The title's pieces cover the block's gutter
    // and the legend's, and the block's first column runs past the white between the title's pieces.
    const first = 'Beach holidays on the islands of';
    const second = 'the sun, deluxe hotels only, all year';
    const title = row(60, [first, second], [90, 90 + textWidth(first, SIZE) + 12]);
    const block = [
      ['Included:', 'Extra:'],
      ['nights of your stay in the hotel you have chosen', 'international flights'],
      ['meals as listed', 'transfer'],
      ['travel insurance', 'visa fee'],
    ];
    const legend = [
      ['DBL', 'double room', 'RO', 'room only'],
      ['SGL', 'single room', 'BB', 'breakfast'],
      ['TRPL', 'triple room', 'HB', 'half board'],
    ];
    const words = [
      ...title,
      ...block.flatMap((cells, index) => row(74 + index * LINE, cells, [72, 330])),
      ...legend.flatMap((cells, index) => row(74 + (block.length + index) * LINE, cells, [100, 150, 300, 340])),
    ];
    expect(72 + textWidth(block[1]![0]!, SIZE)).toBeGreaterThan(90 + textWidth(first, SIZE) + 12);
    expect(90 + textWidth(first, SIZE) + 12 + textWidth(second, SIZE)).toBeGreaterThan(340);
    const { tables } = detectTables(words, []);
    expect(tables.map(grid)).toEqual([block, legend]);
  });

  it('reads two charts framed side by side as the page’s lines, not as a table of one row', () => {
    // Each frame holds a chart's axis labels: figures down its left side, category names along its foot.
    const frame = (x: number) => [
      ...['10', '5', '0', '-5'].flatMap((label, index) => row(110 + index * 30, [label], [x + 6])),
      ...row(250, ['North', 'South', 'East'], [x + 40, x + 100, x + 160]),
    ];
    const { tables, lines } = detectTables([...frame(72), ...frame(300)], rules([72, 300, 528], [100, 270]));
    expect(tables.filter((table) => table.kind === 'ruled')).toEqual([]);
    const read = [...lines.map((line) => wordsText(line.words)), ...tables.flatMap((table) => grid(table).flat())];
    expect(read.join(' ')).toContain('North');
  });

  it('joins heading cells that wrapped, over one column or a merged pair, into one cell each', () => {
    // "Response" and "Sampling" wrapped above "Rate" and "Error", which share the last line with "Year" and "Mode";
    // both over a pair of columns ("FY" and "SR"); headings closer to each other than the rows are.
    const starts = [72, 130, 200, 250, 320, 370];
    const body = [
      ['2001', 'Paper', '30%', '31%', '10.7%', '8.3%'],
      ['2002', 'Paper', '34%', '39%', '8.9%', '7.4%'],
      ['2003', 'Web', '28%', '34%', '10.0%', '8.9%'],
    ];
    const words = [
      ...row(60, ['Response', 'Sampling'], [205, 325]),
      ...row(69, ['Year', 'Mode', 'Rate', 'Error'], [72, 130, 215, 335]),
      ...row(84, ['FY', 'SR', 'FY', 'SR'], starts.slice(2)),
      ...body.flatMap((cells, index) => row(99 + index * 15, cells, starts)),
    ];
    const { tables } = detectTables(words, []);
    expect(tables.map(grid)).toEqual([
      [['Year', 'Mode', 'Response Rate', '', 'Sampling Error', ''], ['', '', 'FY', 'SR', 'FY', 'SR'], ...body],
    ]);
    // A heading over both columns, wrapped onto two lines, in a frame of horizontal rules (the run of a table starts
    // at its first line of two parts, or at the frame's top).
    const counts = [
      ['81', '125'],
      ['111', '143'],
      ['92', '112'],
    ];
    const merged = [
      ...row(60, ['Number of'], [212]),
      ...row(69, ['Respondents'], [205]),
      ...row(84, ['FY', 'SR'], [200, 250]),
      ...counts.flatMap((cells, index) => row(99 + index * 15, cells, [200, 250])),
    ];
    const frame = [56, 80, 145].map((y) => ({ x0: 195, x1: 290, y0: y - 0.25, y1: y + 0.25 }));
    expect(detectTables(merged, frame).tables.map(grid)).toEqual([
      [['Number of Respondents'], ['FY', 'SR'], ...counts],
    ]);
  });

  it('reads a label set on its own tight leading beside rows of figures as one cell merged down over them', () => {
    // A sheet's label cell merged over six rows, its text wrapped onto three lines 11.5 pt apart, beside rows 15 pt
    // apart: "Level of" / "Academic" / "Challenge" do not stand on the rows' lines.
    const stats = [
      ['LAC', '45.6', '49.6'],
      ['n', '79', '107'],
      ['SD', '13.4', '13.5'],
      ['SEM', '1.51', '1.31'],
      ['Upper', '48.6', '52.1'],
      ['Lower', '42.7', '47.0'],
    ];
    const words = [
      ...['Level of', 'Academic', 'Challenge'].flatMap((text, index) => row(73 + index * 11.5, [text], [72])),
      ...stats.flatMap((cells, index) => row(72 + index * 15, cells, [160, 220, 280])),
    ];
    const [table] = detectTables(words, []).tables;
    const label = table!.cells.find((cell) => cell.column === 0 && cell.row === 0)!;
    expect([wordsText(label.words), label.rowSpan]).toEqual(['Level of Academic Challenge', 3]);
    expect(grid(table!).map((cells) => cells.slice(-3))).toEqual(stats);
    // Set on the rows' own lines, the labels are cells of their rows.
    const aligned = [
      ...['North', 'South', 'East'].flatMap((text, index) => row(72 + index * 15, [text], [72])),
      ...stats.slice(0, 3).flatMap((cells, index) => row(72 + index * 15, cells, [160, 220, 280])),
    ];
    expect(grid(detectTables(aligned, []).tables[0]!).map((cells) => cells[0])).toEqual(['North', 'South', 'East']);
  });
});
