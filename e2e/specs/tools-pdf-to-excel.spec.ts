import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTablePdf } from '../../packages/engine/src/testing/table-fixtures.js';
import { readWorkbook } from '../../packages/engine/src/testing/xlsx-cells.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, expectToast, fixtureDir, runAndDownload } from '../tool-fixtures.js';

/** PDF to Excel in the browser: a PDF with a ruled table in, a workbook with one sheet per table out. */

test('pdf-to-excel: a table becomes a sheet of typed cells', async ({ page }) => {
  const path = join(fixtureDir, 'price-list.pdf');
  writeFileSync(
    path,
    makeTablePdf([
      {
        paragraphs: [{ text: 'Price list, valid from spring.', x: 72, y: 60, width: 300 }],
        tables: [
          {
            style: 'ruled',
            cells: [
              ['Product', 'Price'],
              ['Notebook', '$4.50'],
              ['Stapler', '$12.99'],
            ],
            columnWidths: [140, 80],
            x: 72,
            y: 100,
          },
        ],
      },
    ]),
  );
  await page.goto('/pdf-to-excel');
  await dropFiles(page, path);
  await expectFilesReady(page, 1);
  await page.getByLabel('Sheets').selectOption('per-table');
  const result = await runAndDownload(page, 'Convert to Excel');
  expect(result.name).toBe('converted-tables.xlsx');
  const sheets = readWorkbook(result.bytes);
  expect(sheets.map((sheet) => sheet.name)).toEqual(['Table 1']);
  expect(sheets[0]!.cells).toEqual({
    A1: 'Product',
    B1: 'Price',
    A2: 'Notebook',
    B2: { number: 4.5, format: '"$"#,##0.00' },
    A3: 'Stapler',
    B3: { number: 12.99, format: '"$"#,##0.00' },
  });
  await expectToast(page, 'Success!', 'Your PDF has been converted to Excel successfully.');
});
