import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@paperknife/catalog/errors';
import { recognisedPagesHeader } from '@paperknife/catalog/http-api';
import { makePdf, passwordProtected } from '@paperknife/engine/testing/make-pdf';
import { makeTablePdf } from '@paperknife/engine/testing/table-fixtures';
import { readWorkbook } from '@paperknife/engine/testing/xlsx-cells';
import { type TestApp, expectTempEmpty, makeTestApp, multipart } from './testing/test-app.js';

/** PDF to Excel through the real HTTP API: the workbook's cells, its sheets option, and refusals. */

let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp();
});

afterAll(async () => {
  await t.close();
});

async function post(files: { name: string; data: Uint8Array }[], fields = {}) {
  const { payload, headers } = multipart(files, fields);
  return t.app.inject({
    method: 'POST',
    url: '/functions/v1/pdf-to-excel',
    payload,
    headers: { ...headers, authorization: 'Bearer public-client-token' },
  });
}

const invoice = () =>
  makeTablePdf([
    {
      tables: [
        {
          style: 'ruled',
          cells: [
            ['Item', 'Qty', 'Amount'],
            ['Paper', '12', '$1,250.00'],
            ['Ink', '3', '$87.40'],
          ],
          columnWidths: [120, 60, 90],
          x: 72,
          y: 90,
        },
      ],
      paragraphs: [{ text: 'Thank you for your order.', x: 72, y: 200, width: 300 }],
    },
    { tables: [], paragraphs: [{ text: 'Terms: payment within 30 days.', x: 72, y: 72, width: 300 }] },
  ]);

describe('POST /functions/v1/pdf-to-excel', () => {
  it('answers an .xlsx whose sheets hold the table as typed cells and the text of pages without tables', async () => {
    const response = await post([{ name: 'invoice.pdf', data: invoice() }], { ocr: 'never' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('.xlsx');
    expect(response.headers[recognisedPagesHeader.name.toLowerCase()]).toBe('0');
    const [first, second] = readWorkbook(response.rawPayload);
    expect(first!.name).toBe('Page 1');
    expect(first!.cells).toMatchObject({
      A1: 'Item',
      C1: 'Amount',
      A2: 'Paper',
      B2: { number: 12, format: '#,##0' },
      C2: { number: 1250, format: '"$"#,##0.00' },
      C3: { number: 87.4, format: '"$"#,##0.00' },
      A5: 'Thank you for your order.',
    });
    expect(second).toMatchObject({ name: 'Page 2', cells: { A1: 'Terms: payment within 30 days.' } });
    await expectTempEmpty(t.tempDir);
  });

  it('gives each table a sheet of its own with sheets=per-table', async () => {
    const response = await post([{ name: 'invoice.pdf', data: invoice() }], { sheets: 'per-table', ocr: 'never' });
    expect(response.statusCode).toBe(200);
    const sheets = readWorkbook(response.rawPayload);
    expect(sheets.map((sheet) => sheet.name)).toEqual(['Table 1', 'Page 2']);
    expect(Object.keys(sheets[0]!.cells)).toHaveLength(9);
  });

  it('refuses an unknown sheets option, a renamed file, an empty file and a password-protected PDF', async () => {
    const badOption = await post([{ name: 'a.pdf', data: makePdf() }], { sheets: 'per-chapter' });
    expect(badOption.statusCode).toBe(400);
    expect(badOption.json().error.code).toBe('invalid_option');

    const renamed = await post([{ name: 'table.pdf', data: Buffer.from('Item,Qty\nPaper,12\n') }]);
    expect(renamed.statusCode).toBe(errorCodes.unsupported_file_type.status);
    expect(renamed.json().error.code).toBe('unsupported_file_type');

    const empty = await post([{ name: 'empty.pdf', data: new Uint8Array() }]);
    expect(empty.statusCode).toBe(errorCodes.unsupported_file_type.status);
    expect(empty.json().error.code).toBe('unsupported_file_type');

    const encrypted = await post([{ name: 'locked.pdf', data: passwordProtected(invoice()) }]);
    expect(encrypted.statusCode).toBe(errorCodes.encrypted_pdf.status);
    expect(encrypted.json().error.code).toBe('encrypted_pdf');
    await expectTempEmpty(t.tempDir);
  });
});
