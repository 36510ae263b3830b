import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionPath } from '@paperknife/catalog/tools';
import { zipPackage } from '@paperknife/catalog/testing/container-fixtures';
import { csvTable, encryptedOpenDocument, presentationOdp } from '@paperknife/engine/testing/office-fixtures';
import { pdfPageCount, pdfPageTexts } from '@paperknife/engine/testing/pdf-assertions';
import { LIBREOFFICE_TEST_MS } from '@paperknife/engine/testing/test-job';
import { type TestApp, makeTestApp, multipart, savePdf } from './testing/test-app.js';

/** Excel to PDF and PowerPoint to PDF through the HTTP API, on the one warm LibreOffice. */

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const encryptedOffice = fileURLToPath(
  new URL('../../../../shared/corpus/word/poi-encrypted-password-is-pass.docx', import.meta.url),
);

async function post(id: 'excel-to-pdf' | 'powerpoint-to-pdf', name: string, data: Uint8Array, fields = {}) {
  const { payload, headers } = multipart([{ name, data, type: 'application/octet-stream' }], fields);
  return t.app.inject({
    method: 'POST',
    url: functionPath(id),
    payload,
    headers: { ...headers, authorization: 'Bearer public-client-token' },
  });
}

describe('office documents to PDF over the API', () => {
  it(
    'excel-to-pdf converts a CSV, one page per sheet when asked',
    async () => {
      const response = await post('excel-to-pdf', 'wide.csv', csvTable(20, 30), { onePagePerSheet: 'true' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain('converted-spreadsheet.pdf');
      const path = await savePdf(response.rawPayload);
      expect(pdfPageCount(path)).toBe(1);
      expect(pdfPageTexts(path)[0]).toContain('r20c30');
    },
    LIBREOFFICE_TEST_MS,
  );

  it(
    'powerpoint-to-pdf gives one page per slide',
    async () => {
      const response = await post('powerpoint-to-pdf', 'deck.odp', presentationOdp(['First', 'Second']));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain('converted-presentation.pdf');
      expect(pdfPageTexts(await savePdf(response.rawPayload))).toEqual([
        expect.stringContaining('First'),
        expect.stringContaining('Second'),
      ]);
    },
    LIBREOFFICE_TEST_MS,
  );

  it('refuses by content: a presentation renamed .xlsx, a Word package, an empty file', async () => {
    const renamed = await post('excel-to-pdf', 'deck.xlsx', presentationOdp(['First']));
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json()).toMatchObject({ error: { code: 'unsupported_file_type' } });
    const word = await post(
      'powerpoint-to-pdf',
      'letter.pptx',
      zipPackage(['[Content_Types].xml', 'word/document.xml']),
    );
    expect(word.statusCode).toBe(415);
    expect(word.json()).toMatchObject({ error: { code: 'unsupported_file_type' } });
    const empty = await post('excel-to-pdf', 'empty.xlsx', new Uint8Array());
    expect(empty.statusCode).toBe(415);
    expect(empty.json()).toMatchObject({ error: { code: 'unsupported_file_type' } });
  });

  it('says a password-protected OpenDocument file needs its password removed, naming the program', async () => {
    const odf = 'application/vnd.oasis.opendocument';
    for (const [id, name, media, program] of [
      ['excel-to-pdf', 'locked.ods', `${odf}.spreadsheet`, 'Excel'],
      ['powerpoint-to-pdf', 'locked.odp', `${odf}.presentation`, 'PowerPoint'],
    ] as const) {
      const response = await post(id, name, encryptedOpenDocument(media));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        error: { code: 'encrypted_document', message: expect.stringContaining(`open it in ${program}`) },
      });
    }
  });

  it.skipIf(!existsSync(encryptedOffice))(
    'says a password-protected Office file needs its password removed',
    async () => {
      const data = await readFile(encryptedOffice);
      for (const id of ['excel-to-pdf', 'powerpoint-to-pdf'] as const) {
        const response = await post(id, 'locked.bin', data);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toMatchObject({ error: { code: 'encrypted_document' } });
      }
    },
  );
});
