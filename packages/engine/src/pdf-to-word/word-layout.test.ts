import { describe, expect, it } from 'vitest';
import type { LayoutBlock, LayoutLine, PageLayout, Span, WordItem, WordParagraph, WordTable } from './layout-model.js';
import { readingOrder } from './layout-analysis.js';
import {
  joinAcrossPages,
  logicalLine,
  pageItems,
  sectionMargins,
  settleLineEndHyphens,
  wordFontName,
} from './word-layout.js';
import { textBlock } from '../testing/layout-fixtures.js';

const plain = { font: 'Arial', bold: false, italic: false, size: 12, color: '000000', rightToLeft: false };

function span(text: string, style: Partial<Span> = {}): Span {
  return { ...plain, ...style, text };
}

/** A 12 pt line at `top`, 14 pt high, from x0 to x1. */
function line(text: string, top: number, x0 = 72, x1 = 540, style: Partial<Span> = {}): LayoutLine {
  return { x0, y0: top, x1, y1: top + 14, spans: [span(text, style)] };
}

const paragraphTexts = (items: WordItem[]) =>
  items.map((item) => (item.kind === 'paragraph' ? item.runs.map((run) => run.text).join('') : `[${item.kind}]`));
const letter = (blocks: LayoutBlock[]): PageLayout => ({ width: 612, height: 792, blocks });
const margins = { top: 72, right: 72, bottom: 72, left: 72 };
const texts = (page: PageLayout) =>
  pageItems(page, margins).map((item) =>
    item.kind === 'paragraph' ? item.runs.map((run) => run.text).join('') : '[picture]',
  );

describe('pageItems', () => {
  it('joins wrapped lines with a space and re-joins a word hyphenated at the line end', () => {
    const page = letter([
      textBlock([
        line('A sentence that wraps onto', 72),
        line('the next line and a hyphen-', 86, 72, 530),
        line('ated word.', 100, 72, 140),
      ]),
    ]);
    const items = pageItems(page, margins);
    settleLineEndHyphens([items]);
    expect(paragraphTexts(items)).toEqual(['A sentence that wraps onto the next line and a hyphenated word.']);
  });

  it('keeps the hyphen of a compound broken at it when the document writes it hyphenated as often as whole', () => {
    const pages = [
      [
        textBlock([line('The board and the top-managers of the firm met.', 72, 72, 300)]),
        textBlock([line('A long-term loan went to long', 120, 72, 300), line('term holders.', 134, 72, 150)]),
        textBlock([line('Both cross-over and crossover; co-operate, cooperate, cooperate.', 170, 72, 400)]),
      ],
      [
        textBlock([
          line('Then the top-', 72, 72, 530),
          line('managers took a long-', 86, 72, 530),
          line('term loan, a short-', 100, 72, 530),
          line('term one and a wide-', 114, 72, 530),
          line('spread view in a mid-', 128, 72, 530),
          line('dle of the cross-', 142, 72, 530),
          line('over, to co-', 156, 72, 530),
          line('operate.', 170, 72, 160),
        ]),
        textBlock([line('A widespread view.', 220, 72, 200)]),
      ],
    ].map((blocks) => pageItems(letter(blocks), margins));
    settleLineEndHyphens(pages);
    // top-managers and long-term are written with their hyphen within a line, cross-over as often as crossover;
    // widespread is written as one word, cooperate more often whole, short-term and middle nowhere: their hyphens
    // were the typesetter's.
    expect(pages.map(paragraphTexts)).toEqual([
      [
        'The board and the top-managers of the firm met.',
        'A long-term loan went to long term holders.',
        'Both cross-over and crossover; co-operate, cooperate, cooperate.',
      ],
      [
        'Then the top-managers took a long-term loan, a shortterm one and a widespread view in a middle of the ' +
          'cross-over, to cooperate.',
        'A widespread view.',
      ],
    ]);
  });

  it('keeps a hyphen before a capital or a digit, as in a name or a range', () => {
    const page = letter([
      textBlock([line('Stratford-on-Avon and Jean-', 72), line('Paul met in 1990-', 86), line('1999.', 100, 72, 110)]),
    ]);
    expect(texts(page)).toEqual(['Stratford-on-Avon and Jean-Paul met in 1990-1999.']);
  });

  it('starts a new paragraph after a blank line, a short line ending a sentence, a size change or a bullet', () => {
    const page = letter([
      textBlock([
        line('Heading', 72, 72, 200, { size: 18, bold: true }),
        line('First paragraph, which runs', 96),
        line('over two lines.', 110, 72, 200),
        line('Second paragraph after a short line.', 124),
        line('Third, after a blank line.', 160),
        line('• A bullet point', 174),
        line('• Another one', 188),
      ]),
    ]);
    expect(texts(page)).toEqual([
      'Heading',
      'First paragraph, which runs over two lines.',
      'Second paragraph after a short line.',
      'Third, after a blank line.',
      '• A bullet point',
      '• Another one',
    ]);
  });

  it('merges runs of one style and keeps runs of different styles apart', () => {
    const page = letter([
      textBlock([
        { x0: 72, y0: 72, x1: 540, y1: 86, spans: [span('Plain '), span('bold', { bold: true }), span(' and more')] },
        { x0: 72, y0: 86, x1: 300, y1: 100, spans: [span('plain text.')] },
      ]),
    ]);
    const [paragraph] = pageItems(page, margins) as WordParagraph[];
    expect(paragraph!.runs.map((run) => [run.text, run.bold])).toEqual([
      ['Plain ', false],
      ['bold', true],
      [' and more plain text.', false],
    ]);
  });

  it('centres a short line in the middle of the text width and indents an indented block', () => {
    const page = letter([
      textBlock([line('Centred title', 72, 250, 362)]),
      textBlock([line('Indented quote.', 120, 108, 300)]),
    ]);
    const [title, quote] = pageItems(page, margins) as WordParagraph[];
    expect(title).toMatchObject({ alignment: 'center', indent: 0 });
    expect(quote).toMatchObject({ alignment: 'left', indent: 36 });
  });

  it('keeps the first-line indent of a paragraph apart from its left edge', () => {
    const page = letter([
      textBlock([line('An indented first line of a', 72, 100), line('paragraph that continues.', 86, 72, 300)]),
    ]);
    const [paragraph] = pageItems(page, margins) as WordParagraph[];
    expect(paragraph).toMatchObject({ indent: 0, firstLineIndent: 28 });
  });

  it('keeps the space above a paragraph, up to a bound', () => {
    const page = letter([
      textBlock([line('One.', 72, 72, 100)]),
      textBlock([line('Two.', 110, 72, 100)]),
      textBlock([line('Three.', 500, 72, 100)]),
    ]);
    expect(pageItems(page, margins).map((item) => item.spaceBefore)).toEqual([0, 24, 36]);
  });

  it('scales a picture wider than the text down to the text width', () => {
    const page = letter([{ kind: 'image', file: 'a.jpg', format: 'jpg', x0: 0, y0: 100, x1: 612, y1: 406 }]);
    const [picture] = pageItems(page, margins);
    expect(picture).toMatchObject({ kind: 'picture', alignment: 'left' });
    expect(picture?.kind === 'picture' && [picture.width, picture.height].map(Math.round)).toEqual([468, 234]);
  });

  it('scales a picture taller than the text area down to its height, keeping its proportions', () => {
    // A scanned landscape page whose picture is nearly square: 612 pt high on a page with 468 pt of text height.
    const scan = { width: 792, height: 612, blocks: [] };
    const page: PageLayout = {
      ...scan,
      blocks: [{ kind: 'image', file: 'a.jpg', format: 'jpg', x0: 88, y0: 0, x1: 702, y1: 612 }],
    };
    const [picture] = pageItems(page, margins);
    expect(picture?.kind === 'picture' && [picture.width, picture.height].map(Math.round)).toEqual([470, 468]);
  });

  it('joins wrapped Chinese and Japanese lines without a space, and other scripts with one', () => {
    const page = letter([
      textBlock([line('取引できない商品に対し', 72), line('て考える。', 86, 72, 200)]),
      textBlock([line('Шрифт и', 200), line('масштаб.', 214, 72, 200)]),
    ]);
    expect(texts(page)).toEqual(['取引できない商品に対して考える。', 'Шрифт и масштаб.']);
  });
});

describe('pageItems with columns', () => {
  it('reads two columns in order and goes on with a paragraph the first column leaves unfinished', () => {
    const page = letter([
      textBlock([
        line('The first paragraph of the left', 100, 72, 290),
        line('column ends here.', 114, 72, 180),
        line('The second paragraph runs on', 128, 72, 290),
      ]),
      textBlock([
        line('into the right column and ends.', 100, 320, 470),
        line('Then a new one', 114, 320, 540),
        line('closes the column.', 128, 320, 420),
      ]),
    ]);
    expect(texts(page)).toEqual([
      'The first paragraph of the left column ends here.',
      'The second paragraph runs on into the right column and ends.',
      'Then a new one closes the column.',
    ]);
  });
});

describe('pageItems with blocks one under the other', () => {
  it('keeps a block below an unfinished line a paragraph of its own', () => {
    const page = letter([
      textBlock([line('2. An entry with children', 72, 90, 300)]),
      textBlock([line('a. a child item', 100, 126, 300)]),
    ]);
    expect(texts(page)).toEqual(['2. An entry with children', 'a. a child item']);
  });
});

describe('joinAcrossPages', () => {
  it('puts a paragraph a page break cut back together, and leaves finished ones', () => {
    const pages = [
      [textBlock([line('A sentence that the page', 72), line('break cuts', 86)])],
      [textBlock([line('in two.', 72, 72, 200)]), textBlock([line('Next one.', 120, 72, 200)])],
      [textBlock([line('Starts anew.', 72, 72, 200)])],
    ].map((blocks) => pageItems(letter(blocks), margins));
    joinAcrossPages(pages);
    const text = (items: WordItem[]) =>
      items.map((item) => (item.kind === 'paragraph' ? item.runs.map((run) => run.text).join('') : ''));
    expect(pages.map(text)).toEqual([['A sentence that the page break cuts in two.'], ['Next one.'], ['Starts anew.']]);
  });
});

describe('joinAcrossPages with tables', () => {
  const paragraph = (text: string): WordParagraph => ({
    kind: 'paragraph',
    runs: [{ ...plain, text }],
    alignment: 'left',
    indent: 0,
    firstLineIndent: 0,
    spaceBefore: 0,
    rightToLeft: false,
  });
  const table = (...rows: string[][]): WordTable => ({
    kind: 'table',
    columnWidths: [100, 200],
    spaceBefore: 0,
    rows: rows.map((cells) => ({
      cells: cells.map((text, column) => ({ column, rowSpan: 1, columnSpan: 1, paragraphs: [paragraph(text)] })),
    })),
  });

  it('joins a table going on over pages, its repeated title and heading row dropped', () => {
    const pages: WordItem[][] = [
      [paragraph('Intro.'), paragraph('Table 1: Cases'), table(['Year', 'Cases'], ['2001', '5'])],
      [paragraph('Table 1: Cases'), table(['Year', 'Cases'], ['2002', '6'])],
      [paragraph('Table 1: Cases'), table(['Year', 'Cases'], ['2003', '7']), paragraph('After.')],
      [paragraph('Table 1: Cases'), table(['Other', 'Table'], ['a', 'b'], ['c', 'd']), table(['x', 'y'])],
    ];
    const emptied = joinAcrossPages(pages);
    expect([...emptied]).toEqual([1]);
    const joined = pages[0]![2] as WordTable;
    expect(joined.rows.map((row) => row.cells.map((cell) => cell.paragraphs[0]!.runs[0]!.text))).toEqual([
      ['Year', 'Cases'],
      ['2001', '5'],
      ['2002', '6'],
      ['2003', '7'],
    ]);
    expect(pages[2]!.map((item) => item.kind)).toEqual(['paragraph']);
    // The title before a table after "After." is not repeated from the table above it: kept, and its table too.
    expect(pages[3]!.map((item) => item.kind)).toEqual(['paragraph', 'table', 'table']);
  });

  it("joins pieces showing different column edges on a grid of both pieces' edges, cells spanning it", () => {
    // One table of 300 pt: the rows on the first page split it at 100, those on the next at 100 and 200, or at 250.
    const piece = (widths: number[], ...rows: string[][]): WordTable => ({
      kind: 'table',
      columnWidths: widths,
      spaceBefore: 0,
      rows: rows.map((cells) => ({
        cells: cells.map((text, column) => ({ column, rowSpan: 1, columnSpan: 1, paragraphs: [paragraph(text)] })),
      })),
    });
    const pages: WordItem[][] = [
      [piece([100, 200], ['Name', 'Details'], ['a', 'first'])],
      [piece([100, 101, 99], ['b', 'second', 'third'])],
      [piece([250, 50], ['c and d', 'e'])],
      [paragraph('After.'), piece([150, 150], ['not', 'joined'])],
    ];
    joinAcrossPages(pages);
    const joined = pages[0]![0] as WordTable;
    expect(joined.columnWidths).toEqual([100, 101, 49, 50]);
    expect(
      joined.rows.map((row) =>
        row.cells.map((cell) => [cell.paragraphs[0]!.runs[0]!.text, cell.column, cell.columnSpan]),
      ),
    ).toEqual([
      [
        ['Name', 0, 1],
        ['Details', 1, 3],
      ],
      [
        ['a', 0, 1],
        ['first', 1, 3],
      ],
      [
        ['b', 0, 1],
        ['second', 1, 1],
        ['third', 2, 2],
      ],
      [
        ['c and d', 0, 3],
        ['e', 3, 1],
      ],
    ]);
    expect(pages[3]!.map((item) => item.kind)).toEqual(['paragraph', 'table']);
  });

  it('puts a row the page break cut back together, where every row of the table fills its first cell', () => {
    const cellTexts = (item: WordItem) =>
      (item as WordTable).rows.map((row) =>
        row.cells.map((cell) => cell.paragraphs.map((each) => each.runs.map((run) => run.text).join('')).join(' / ')),
      );
    // "17" and its event over two pages: the next page goes on with the event's words and an empty date cell.
    const pages: WordItem[][] = [
      [table(['10', 'Fishing day'], ['11', 'Chocolate day'], ['17', 'Birthday of the poet and public'])],
      [table(['', 'figure Maria Arbatova'], ['18', 'Birthday of a painter'])],
    ];
    joinAcrossPages(pages);
    expect(cellTexts(pages[0]![0]!)).toEqual([
      ['10', 'Fishing day'],
      ['11', 'Chocolate day'],
      ['17', 'Birthday of the poet and public figure Maria Arbatova'],
      ['18', 'Birthday of a painter'],
    ]);
    // Grouped rows leave their first cell empty on the page too: a row without one on the next is a row.
    const grouped: WordItem[][] = [
      [table(['2016', 'January'], ['', 'February'], ['', 'March'])],
      [table(['', 'April'], ['2017', 'January'])],
    ];
    joinAcrossPages(grouped);
    expect(cellTexts(grouped[0]![0]!).map((row) => row[1])).toEqual([
      'January',
      'February',
      'March',
      'April',
      'January',
    ]);
    // A first cell that wrapped over the page ("185" / "years") goes on too; a row of figures, one missing, does not.
    const wrapped: WordItem[][] = [
      [table(['230', 'since the birth of a writer'], ['150', 'since a factory opened'], ['185', 'Evenings on a Farm'])],
      [table(['years', ''], ['2011', ''], ['175', 'Dead Souls'])],
    ];
    joinAcrossPages(wrapped);
    expect(cellTexts(wrapped[0]![0]!).map((row) => row[0])).toEqual(['230', '150', '185 years', '2011', '175']);
    // Every cell going on, one with a word the break cut at its hyphen.
    const switches: WordItem[][] = [
      [table(['\\h', 'Makes links.'], ['\\n', 'Omits numbers.'], ['\\b field-', 'Includes entries from the'])],
      [table(['argument', 'marked by the bookmark.'], ['\\p', 'Separates entries.'])],
    ];
    joinAcrossPages(switches);
    expect(cellTexts(switches[0]![0]!)).toEqual([
      ['\\h', 'Makes links.'],
      ['\\n', 'Omits numbers.'],
      ['\\b field\u00adargument', 'Includes entries from the marked by the bookmark.'],
      ['\\p', 'Separates entries.'],
    ]);
  });

  it('leaves a table of another width on the next page a table of its own', () => {
    const first = table(['a', 'b']);
    const other: WordTable = { ...table(['c', 'd']), columnWidths: [100, 150] };
    const pages: WordItem[][] = [[first], [other]];
    joinAcrossPages(pages);
    expect(pages.map((page) => page.length)).toEqual([1, 1]);
  });
});

describe('logicalLine', () => {
  const rtl = { rightToLeft: true };
  const text = (each: LayoutLine) => each.spans.map((part) => part.text).join('');

  it('reads a right-to-left line from the right: runs reversed, punctuation drawn on the left put at the end', () => {
    // As MuPDF gives it: drawn left to right, the Hebrew already in reading order, the question mark first.
    const drawn: LayoutLine = { ...line('', 72), spans: [span(' ?'), span('שלום עולם', rtl)] };
    expect(text(logicalLine(drawn))).toBe('שלום עולם? ');
    const withNumber: LayoutLine = {
      ...line('', 72),
      spans: [span('מבקר', rtl), span(' (15) '), span('לפי סעיף', rtl)],
    };
    expect(text(logicalLine(withNumber))).toBe('לפי סעיף (15) מבקר');
  });

  it('leaves a line that is mostly left to right alone', () => {
    const mixed: LayoutLine = { ...line('', 72), spans: [span('The word '), span('שלום', rtl), span(' means peace.')] };
    expect(logicalLine(mixed)).toBe(mixed);
  });
});

describe('readingOrder', () => {
  it('puts a picture drawn first before the text below it in its column', () => {
    const picture: LayoutBlock = { kind: 'image', file: 'a.png', format: 'png', x0: 320, y0: 300, x1: 540, y1: 400 };
    const left = textBlock([line('Left column.', 100, 72, 300), line('More left.', 420, 72, 300)]);
    const rightTop = textBlock([line('Right top.', 100, 320, 540)]);
    const rightBottom = textBlock([line('Right bottom.', 420, 320, 540)]);
    expect(readingOrder([picture, left, rightTop, rightBottom])).toEqual([left, rightTop, picture, rightBottom]);
  });

  it('puts a picture with no text below it last', () => {
    const picture: LayoutBlock = { kind: 'image', file: 'a.png', format: 'png', x0: 72, y0: 600, x1: 300, y1: 700 };
    const text = textBlock([line('Above.', 100)]);
    expect(readingOrder([picture, text])).toEqual([text, picture]);
  });
});

describe('sectionMargins', () => {
  it("is where the section's content starts and ends, between a quarter and one and a half inches", () => {
    const pages = [letter([textBlock([line('a', 90, 90, 500)])]), letter([textBlock([line('b', 700, 80, 600)])])];
    expect(sectionMargins(pages)).toEqual({ top: 90, right: 18, bottom: 78, left: 80 });
    expect(sectionMargins([letter([textBlock([line('c', 300, 200, 400)])])])).toEqual({
      top: 108,
      right: 108,
      bottom: 108,
      left: 108,
    });
    expect(sectionMargins([letter([])])).toEqual({ top: 108, right: 108, bottom: 108, left: 108 });
  });
});

describe('wordFontName', () => {
  const sans = { serif: false, mono: false };
  it('keeps fonts Word users have, without subset prefix, PostScript suffix or style', () => {
    expect(wordFontName('ABCDEF+TimesNewRomanPSMT', sans)).toBe('Times New Roman');
    expect(wordFontName('TimesNewRomanPS-BoldItalicMT', sans)).toBe('Times New Roman');
    expect(wordFontName('Arial-BoldMT', sans)).toBe('Arial');
    expect(wordFontName('QWERTY+Calibri-Light', sans)).toBe('Calibri Light');
    expect(wordFontName('QWERTY+Calibri-Bold', sans)).toBe('Calibri');
    expect(wordFontName('BookAntiqua,Bold', sans)).toBe('Book Antiqua');
    expect(wordFontName('MS-Mincho', sans)).toBe('MS Mincho');
  });

  it('names the standard fonts as Word knows them and others by their class', () => {
    expect(wordFontName('Helvetica-Oblique', sans)).toBe('Arial');
    expect(wordFontName('Times-Roman', sans)).toBe('Times New Roman');
    expect(wordFontName('Courier-Bold', sans)).toBe('Courier New');
    expect(wordFontName('NimbusRomNo9L-Regu', { serif: true, mono: false })).toBe('Times New Roman');
    expect(wordFontName('ABCDEF+Inconsolata', { serif: false, mono: true })).toBe('Courier New');
    expect(wordFontName('ABCDEF+SourceSansPro-Regular', sans)).toBe('Arial');
    expect(wordFontName('Symbol', sans)).toBe('');
  });
});
