import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { closeMupdfPool } from '../mupdf/pool.js';
import { ASTRAL_TEXT, astralLettersPdf } from '../testing/astral-letters.js';
import { type FixtureTable, type TablePage, makeTablePdf } from '../testing/table-fixtures.js';
import { jobPerTest } from '../testing/test-job.js';
import { type ReadSheet, readWorkbook } from '../testing/xlsx-cells.js';
import { pdfToExcel } from './pdf-to-excel.js';

const job = jobPerTest();
afterAll(async () => {
  await closeMupdfPool();
});

async function convert(pages: TablePage[], sheets: 'per-page' | 'per-table' = 'per-page') {
  const file = await job.input('tables.pdf', makeTablePdf(pages));
  const options = parseToolOptions('pdf-to-excel', { sheets, ocr: 'never' });
  const result = await pdfToExcel([file], options, job.context);
  expect(result.download.name).toBe('converted-tables.xlsx');
  return readWorkbook(await readFile(result.path));
}

/** Text cells of a sheet by row, A to the last column, '' where empty, numbers as they were parsed. */
function grid(sheet: ReadSheet, rows: number, columns: number): (string | number)[][] {
  return Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => {
      const cell = sheet.cells[`${String.fromCharCode(65 + column)}${row + 1}`];
      return cell === undefined ? '' : typeof cell === 'string' ? cell : cell.number;
    }),
  );
}

const table = (style: FixtureTable['style'], cells: string[][], extra: Partial<FixtureTable> = {}): FixtureTable => ({
  style,
  cells,
  columnWidths: cells[0]!.map(() => 110),
  x: 72,
  y: 100,
  ...extra,
});

describe('pdf-to-excel', () => {
  it('keeps letters past the first 65,536 code points whole in a cell', async () => {
    const file = await job.input('astral.pdf', astralLettersPdf());
    const result = await pdfToExcel([file], parseToolOptions('pdf-to-excel', { ocr: 'never' }), job.context);
    const [sheet] = readWorkbook(await readFile(result.path));
    expect(Object.values(sheet!.cells)).toEqual([ASTRAL_TEXT]);
  });

  it('reads a ruled table with a merged header into cells, the merge kept, numbers as numbers', async () => {
    const [sheet] = await convert([
      {
        tables: [
          table(
            'ruled',
            [
              ['Region', 'Sales', ''],
              ['', 'Units', 'Revenue'],
              ['North', '1,204', '$15,300.50'],
              ['South', '987', '$9,120.00'],
            ],
            {
              merges: [
                { row: 0, column: 1, rowSpan: 1, columnSpan: 2 },
                { row: 0, column: 0, rowSpan: 2, columnSpan: 1 },
              ],
            },
          ),
        ],
      },
    ]);
    expect(grid(sheet!, 4, 3)).toEqual([
      ['Region', 'Sales', ''],
      ['', 'Units', 'Revenue'],
      ['North', 1204, 15300.5],
      ['South', 987, 9120],
    ]);
    expect(sheet!.merges.sort()).toEqual(['A1:A2', 'B1:C1']);
    expect(sheet!.cells.C3).toEqual({ number: 15300.5, format: '"$"#,##0.00' });
    // Column widths follow the page: 110 pt columns.
    expect(sheet!.widths).toEqual([21.95, 21.95, 21.95]);
  });

  it('finds a borderless table of aligned columns beside body text, a wrapped cell kept as one', async () => {
    const [sheet] = await convert([
      {
        paragraphs: [
          {
            text: 'The figures below come from the annual survey of members and are rounded to whole numbers where needed.',
            x: 72,
            y: 60,
            width: 400,
          },
        ],
        tables: [
          table(
            'borderless',
            [
              ['Item', 'Description', 'Count'],
              ['A-100', 'Short bolts', '40'],
              ['B-220', 'Long threaded steel rods for the frame', '12'],
              ['C-310', 'Washers', '500'],
            ],
            { columnWidths: [80, 130, 60], align: ['left', 'left', 'right'] },
          ),
        ],
      },
    ]);
    // The paragraph's two lines, one per row, a blank row, then the table.
    expect(sheet!.cells.A1).toMatch(/^The figures below/);
    expect(sheet!.cells.A2).toMatch(/needed\.$/);
    expect(grid(sheet!, 8, 3).slice(2)).toEqual([
      ['', '', ''],
      ['Item', 'Description', 'Count'],
      ['A-100', 'Short bolts', 40],
      ['B-220', 'Long threaded steel rods for the frame', 12],
      ['C-310', 'Washers', 500],
      ['', '', ''],
    ]);
  });

  it('understands decimal commas, percentages, amounts and dates of a European document', async () => {
    const [sheet] = await convert([
      {
        tables: [
          table('partly-ruled', [
            ['Datum', 'Betrag', 'Anteil'],
            ['03.04.2024', '1.234,56 €', '12,5 %'],
            ['15.05.2024', '-7,25 €', '3,0 %'],
          ]),
        ],
      },
    ]);
    expect(grid(sheet!, 3, 3)).toEqual([
      ['Datum', 'Betrag', 'Anteil'],
      [45385, 1234.56, 0.125],
      [45427, -7.25, 0.03],
    ]);
    expect(sheet!.cells.A2).toEqual({ number: 45385, format: 'dd\\.mm\\.yyyy' });
    expect(sheet!.cells.B2).toEqual({ number: 1234.56, format: '#,##0.00 "€"' });
    expect(sheet!.cells.C2).toEqual({ number: 0.125, format: '0.0%' });
  });

  it('gives one sheet per table, a table running over a page break joined without its repeated header', async () => {
    const header = ['Code', 'Name', 'Price'];
    const sheets = await convert(
      [
        { tables: [table('ruled', [header, ['1', 'Apple', '0.50'], ['2', 'Pear', '0.75']], { y: 650 })] },
        // The second page is turned: its table reads sideways on the page.
        { rotate: 90, tables: [table('ruled', [header, ['3', 'Plum', '1.10']], { y: 72 })] },
        { tables: [], paragraphs: [{ text: 'Prices include tax.', x: 72, y: 72, width: 300 }] },
      ],
      'per-table',
    );
    expect(sheets.map((sheet) => sheet.name)).toEqual(['Table 1', 'Page 3']);
    expect(grid(sheets[0]!, 4, 3)).toEqual([header, [1, 'Apple', 0.5], [2, 'Pear', 0.75], [3, 'Plum', 1.1]]);
    expect(sheets[1]!.cells.A1).toBe('Prices include tax.');
  });
});
