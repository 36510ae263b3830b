import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@paperknife/catalog/errors';
import { type RedactionHits, parseRedactedAreas, redactionHeaders } from '@paperknife/catalog/redaction';
import { extractedText, readersFinding } from '@paperknife/engine/testing/redaction-checks';
import { makeRedactionPdf, redactionFixture as fixture } from '@paperknife/engine/testing/redaction-fixtures';
import { type TestApp, expectTempEmpty, makeTestApp, multipart, savePdf } from './testing/test-app.js';
import { passwordProtected } from '@paperknife/engine/testing/make-pdf';

/** Redact PDF through the real server: the search for review, the redaction of the kept hits, refusals. */

let t: TestApp;
let dir: string;
let pdf: Buffer;

beforeAll(async () => {
  t = await makeTestApp();
  dir = await mkdtemp(join(tmpdir(), 'paperknife-redaction-'));
  pdf = await makeRedactionPdf();
});

afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const url = '/functions/v1/redact-pdf';

async function post(data: Uint8Array, fields: Record<string, string>, name = 'doc.pdf') {
  const { payload, headers } = multipart([{ name, data }], fields);
  return t.app.inject({ method: 'POST', url, payload, headers });
}

const expectError = (response: { statusCode: number; json: () => unknown }, code: keyof typeof errorCodes) => {
  expect(response.statusCode).toBe(errorCodes[code].status);
  expect(response.json()).toMatchObject({ error: { code } });
};

describe('POST /functions/v1/redact-pdf', () => {
  it('answers the hits of a search, then redacts the kept ones sent back as boxes', async () => {
    const search = await post(pdf, { search: fixture.secret, presets: 'email', output: 'hits' });
    expect(search.statusCode).toBe(200);
    expect(search.headers['content-type']).toBe('application/json');
    expect(search.headers['content-disposition']).toContain('redaction-hits.json');
    const found = JSON.parse(search.body) as RedactionHits;
    expect(found.hits.filter((hit) => hit.text === fixture.secret)).toHaveLength(4);
    expect(found.hits.filter((hit) => hit.text === fixture.email)).toHaveLength(1);

    // The review keeps every hit of the word and drops the e-mail address: sent as JSON, boxes as an array.
    const kept = found.hits.filter((hit) => hit.text === fixture.secret);
    const boxes = kept.flatMap((hit) => hit.rects.map((rect) => ({ page: hit.page, rect, text: hit.text })));
    const response = await t.app.inject({
      method: 'POST',
      url,
      payload: { file: { name: 'doc.pdf', data: pdf.toString('base64') }, boxes },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('redacted-document.pdf');
    expect(parseRedactedAreas(String(response.headers[redactionHeaders.pages.name.toLowerCase()]))).toEqual(
      fixture.hitsPerPage.map((count, i) => ({ page: i + 1, count })),
    );
    expect(Number(response.headers[redactionHeaders.elsewhere.name.toLowerCase()])).toBe(fixture.elsewhere);
    const text = extractedText(await savePdf(response.rawPayload));
    expect(readersFinding(text, fixture.secret)).toEqual([]);
    expect(text.pdftotext).toContain(fixture.email);
    expect(text.pdftotext).toContain('Omega');
    await expectTempEmpty(t.tempDir);
  });

  it('redacts by search and presets in one call, in the chosen colour', async () => {
    const response = await post(pdf, { search: fixture.secret.toUpperCase(), presets: 'email,phone', fill: '#ff0000' });
    expect(response.statusCode).toBe(200);
    const text = extractedText(await savePdf(response.rawPayload));
    for (const word of [fixture.secret, fixture.email, '7946']) expect(readersFinding(text, word)).toEqual([]);
    expect(text.pdftotext).toContain('Contact');
    expect(text.qpdf).toMatch(/\b1 0 0 rg\b/);
  });

  it('refuses a renamed file, a zero-byte file, a password-protected PDF and nothing to redact', async () => {
    const notes = Buffer.from('Just some notes, saved with the wrong name.\n');
    expectError(await post(notes, { search: 'notes' }), 'unsupported_file_type');
    expectError(await post(new Uint8Array(), { search: 'notes' }), 'unsupported_file_type');
    expectError(await post(passwordProtected(pdf), { search: fixture.secret }), 'encrypted_pdf');
    expectError(await post(pdf, {}), 'invalid_option');
    expectError(await post(pdf, { search: '[', regex: 'true' }), 'invalid_option');
    expectError(await post(pdf, { boxes: '[{"page": 1}]' }), 'invalid_option');
    await expectTempEmpty(t.tempDir);
  });
});
