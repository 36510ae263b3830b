import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCompareDifferences } from '@paperknife/catalog/compare-differences';
import { comparePair } from '@paperknife/engine/testing/compare-fixtures';
import { makePdf, passwordProtected } from '@paperknife/engine/testing/make-pdf';
import { pdfPageTexts } from '@paperknife/engine/testing/pdf-assertions';
import { type TestApp, type UploadFile, expectTempEmpty, makeTestApp, multipart, savePdf } from './testing/test-app.js';

/** Compare PDF through the real HTTP API: the report, the JSON, and refusals with their codes. */

let t: TestApp;
let pair: { original: Buffer; changed: Buffer };

beforeAll(async () => {
  t = await makeTestApp();
  pair = await comparePair();
});

afterAll(async () => {
  await t.close();
});

const upload = (name: string, data: Uint8Array, type?: string): UploadFile => ({
  field: 'files',
  name,
  data,
  ...(type ? { type } : {}),
});

async function post(files: UploadFile[], fields = {}) {
  const { payload, headers } = multipart(files, fields);
  return t.app.inject({
    method: 'POST',
    url: '/functions/v1/compare-pdf',
    payload,
    headers: { ...headers, authorization: 'Bearer public-client-token' },
  });
}

describe('POST /functions/v1/compare-pdf', () => {
  it('answers the PDF report by default, and the differences as JSON with format=json', async () => {
    const files = [upload('original.pdf', pair.original), upload('changed.pdf', pair.changed)];
    const report = await post(files);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    expect(report.headers['content-disposition']).toContain('compare-report.pdf');
    const texts = pdfPageTexts(await savePdf(report.rawPayload));
    expect(texts[0]).toContain('original.pdf');
    expect(texts[0]).toMatch(/Pages moved: 1/);

    const json = await post(files, { format: 'json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['content-disposition']).toContain('differences.json');
    const differences = parseCompareDifferences(json.body);
    expect(differences?.summary).toMatchObject({ inserted: 1, deleted: 1, changed: 1, movedPages: 1 });
    expect(differences?.pages[0]?.textChanges[1]).toMatchObject({
      kind: 'changed',
      original: { text: 'thirty' },
      changed: { text: 'sixty' },
    });
    await expectTempEmpty(t.tempDir);
  });

  it('refuses one file, a renamed file, an empty file and a password-protected PDF with their codes', async () => {
    const plain = makePdf({ pageCount: 1 });
    const one = await post([upload('a.pdf', plain)]);
    expect(one.statusCode).toBe(400);
    expect(one.json().error.code).toBe('not_enough_files');

    const renamed = await post([upload('a.pdf', plain), upload('notes.pdf', Buffer.from('plain text, not a PDF'))]);
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().error.code).toBe('unsupported_file_type');

    const empty = await post([upload('a.pdf', plain), upload('empty.pdf', new Uint8Array(0))]);
    expect(empty.statusCode).toBe(415);
    expect(empty.json().error).toEqual({ code: 'unsupported_file_type', message: 'Only PDF files can be compared.' });

    const protectedPdf = await post([upload('a.pdf', plain), upload('locked.pdf', passwordProtected(plain))]);
    expect(protectedPdf.statusCode).toBe(422);
    expect(protectedPdf.json().error.code).toBe('encrypted_pdf');

    const three = await post([upload('a.pdf', plain), upload('b.pdf', plain), upload('c.pdf', plain)]);
    expect(three.statusCode).toBe(400);
    expect(three.json().error.code).toBe('too_many_files');
    await expectTempEmpty(t.tempDir);
  });
});
