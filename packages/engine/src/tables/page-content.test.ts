import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { makePdf, type FixtureRun } from '../testing/make-pdf.js';
import { textWidth } from '../testing/table-fixtures.js';
import { readPageContent } from './page-content.js';
import { detectTables } from './table-detection.js';
import { wordsText } from './table-model.js';

const wordsOf = (pdf: Buffer) => {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf') as mupdf.PDFDocument;
  try {
    return readPageContent(doc.loadPage(0));
  } finally {
    doc.destroy();
  }
};

/**
 * A sheet printed without grid lines whose address cells overflow: the text is cut where the next cell's text starts
 * (the letters past it left out, the last one partly drawn, overlapping it), as spreadsheets print such cells.
 */
function cutCellsPdf() {
  const size = 10;
  const columns = [72, 170, 253, 330];
  const rows = [
    ['Name', 'Address', 'City', 'Code'],
    ['Hanna Moos', 'Forsterstr. 57', 'Mannheim', '68306'],
    ['Henriette Pfalzheim', 'Mehrheimerstrasse 369', 'Koeln', '50739'],
    ['Maria Anders', 'Obere Str. 57', 'Berlin', '12209'],
    ['Sergio Gutierrez', 'Av. del Libertador 900', 'Buenos Aires', '1010'],
    ['Thomas Hardy', '120 Hanover Sq.', 'London', 'WA1 1DP'],
    ['Horst Kloss', 'Taucherstr. 10', 'Cunewalde', '1307'],
  ];
  const shown = rows.map((cells) =>
    cells.map((text, column) => {
      const end = columns[column + 1];
      if (end === undefined) return text;
      // Letters that start before the next cell's text are drawn, the last of them running into it.
      let kept = '';
      for (const char of text) {
        if (columns[column]! + textWidth(kept, size) >= end) break;
        kept += char;
      }
      return kept.trimEnd();
    }),
  );
  const runs: FixtureRun[] = shown.flatMap((cells, index) =>
    cells.map((text, column) => ({ text, x: columns[column]!, y: 700 - index * 14, size })),
  );
  return { pdf: makePdf({ pages: [{ runs }] }), rows, shown };
}

describe('readPageContent', () => {
  it('reads a letter-spaced cell as whole words, parted where a space goes (decision 217)', () => {
    const pdf = makePdf({ pages: [{ runs: [{ text: 'Net revenue 2024', x: 72, y: 700, letterSpacing: 2.5 }] }] });
    expect(wordsOf(pdf).words.map((word) => word.text)).toEqual(['Net', 'revenue', '2024']);
  });

  it('parts a cell’s text cut off where the next cell’s text starts, and the table keeps that column', () => {
    const { pdf, rows, shown } = cutCellsPdf();
    // The fixture cuts two addresses, their last letter running into the city's cell.
    const cut = shown.flatMap((cells, row) => cells.filter((text, column) => text !== rows[row]![column]));
    expect(cut).toEqual(['Mehrheimerstrasse', 'Av. del Libertador 9']);
    const content = wordsOf(pdf);
    const cities = content.words.filter((word) => ['Koeln', 'Buenos'].includes(word.text));
    expect(cities.map((word) => [word.text, word.afterCut])).toEqual([
      ['Koeln', true],
      ['Buenos', true],
    ]);
    const { tables } = detectTables(content.words, content.rules);
    expect(tables).toHaveLength(1);
    const grid = Array.from({ length: tables[0]!.rows.length - 1 }, (_, row) =>
      tables[0]!.cells.filter((cell) => cell.row === row).map((cell) => wordsText(cell.words)),
    );
    expect(grid).toEqual(shown);
  });

  it('keeps words whole where a letter’s odd gap lines up with nothing', () => {
    // "Quarterly" drawn in two pieces 0.4 pt apart, in running text: no column starts there on the lines around it.
    const pdf = makePdf({
      pages: [
        {
          runs: [
            { text: 'Quar', x: 72, y: 700, size: 10 },
            { text: 'terly results', x: 72 + textWidth('Quar', 10) + 0.4, y: 700, size: 10 },
            { text: 'Figures for every region follow', x: 72, y: 686, size: 10 },
            { text: 'on the next page of this report', x: 72, y: 672, size: 10 },
          ],
        },
      ],
    });
    expect(wordsOf(pdf).words.map((word) => word.text)).toContain('Quarterly');
  });
});
