import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorCodes } from '@paperknife/catalog/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import {
  MALICIOUS_PAGE_TEXT,
  encryptedZip,
  maliciousPage,
  siteZip,
  traversalZip,
} from '@paperknife/engine/testing/html-fixtures';
import { pdfPageSizes, pdfPageTexts } from '@paperknife/engine/testing/pdf-assertions';
import { type TestApp, expectTempEmpty, makeTestApp, multipart, savePdf } from './testing/test-app.js';

/** HTML to PDF through the real HTTP API: pages and zipped sites in, PDFs out, bad uploads refused with codes. */

let t: TestApp;
let listener: Server;
let connections = 0;

beforeAll(async () => {
  t = await makeTestApp();
  listener = createServer((_request, response) => response.end('reached'));
  listener.on('connection', () => connections++);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => listener.close(resolve));
});

async function post(file: { name: string; data: Uint8Array; type?: string }, fields = {}) {
  const { payload, headers } = multipart([file], fields);
  return t.app.inject({
    method: 'POST',
    url: '/functions/v1/html-to-pdf',
    payload,
    headers: { ...headers, authorization: 'Bearer public-client-token' },
  });
}

function expectError(response: { statusCode: number; json(): unknown }, code: keyof typeof errorCodes) {
  expect(response.statusCode).toBe(errorCodes[code].status);
  expect((response.json() as { error: { code: string } }).error.code).toBe(code);
}

describe('POST /functions/v1/html-to-pdf', () => {
  it('converts a zipped site on Letter paper', async () => {
    const response = await post(
      { name: 'site.zip', data: await siteZip(), type: 'application/zip' },
      { pageSize: 'letter' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('converted-page.pdf');
    const path = await savePdf(response.rawPayload);
    expect(pdfPageTexts(path)[0]).toContain('Quarterly report');
    // Letter, portrait, on every page: 8.5 x 11 in.
    for (const size of pdfPageSizes(path)) expect(size).toEqual([612, 792]);
    await expectTempEmpty(t.tempDir);
  });

  it('converts a page that reaches out without reaching anything', async () => {
    const { port } = listener.address() as AddressInfo;
    const response = await post({ name: 'page.html', data: maliciousPage(port), type: 'text/html' });
    expect(response.statusCode).toBe(200);
    const path = await savePdf(response.rawPayload);
    const text = pdfPageTexts(path).join('\n');
    expect(text).toContain(MALICIOUS_PAGE_TEXT);
    expect(text).not.toContain('root:');
    expect(connections).toBe(0);
  });

  it('refuses a renamed PDF, an empty file, an encrypted ZIP and a ZIP that leaves its folder', async () => {
    expectError(await post({ name: 'page.html', data: makePdf(), type: 'text/html' }), 'unsupported_file_type');
    expectError(await post({ name: 'page.html', data: new Uint8Array(), type: 'text/html' }), 'unsupported_file_type');
    expectError(await post({ name: 'site.zip', data: encryptedZip(), type: 'application/zip' }), 'encrypted_document');
    expectError(
      await post({ name: 'site.zip', data: traversalZip(), type: 'application/zip' }),
      'unsupported_file_type',
    );
    expectError(
      await post({ name: 'page.html', data: new TextEncoder().encode('<p>x</p>') }, { pageSize: 'a3' }),
      'invalid_option',
    );
    await expectTempEmpty(t.tempDir);
  });
});
