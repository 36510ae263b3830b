import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@paperknife/catalog/errors';
import { pdfaReportHeader } from '@paperknife/catalog/http-api';
import { parsePdfaReport } from '@paperknife/catalog/pdfa-report';
import { makePdf, passwordProtected } from '@paperknife/engine/testing/make-pdf';
import { pdfPageTexts } from '@paperknife/engine/testing/pdf-assertions';
import { PDFA_FIXTURE_TEXT, pdfaFixture } from '@paperknife/engine/testing/pdfa-fixtures';
import { type TestApp, expectTempEmpty, makeTestApp, multipart, savePdf } from './testing/test-app.js';

/** PDF to PDF/A through the real HTTP API: the archived file, its conformance report, and refusals. */

let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp();
});

afterAll(async () => {
  await t.close();
});

async function post(files: { name: string; data: Uint8Array; type?: string }[], fields = {}) {
  const { payload, headers } = multipart(files, fields);
  return t.app.inject({
    method: 'POST',
    url: '/functions/v1/pdf-to-pdfa',
    payload,
    headers: { ...headers, authorization: 'Bearer public-client-token' },
  });
}

function xmpPart(path: string): string | undefined {
  const xml = spawnSync('pdfinfo', ['-meta', path], { encoding: 'utf8' }).stdout;
  return /pdfaid:part=['"](\d)['"]|<pdfaid:part>(\d)</.exec(xml)?.slice(1).find(Boolean);
}

describe('POST /functions/v1/pdf-to-pdfa', () => {
  it('answers PDF/A-3b with its conformance report in a header browsers may read', async () => {
    const fixture = pdfaFixture({ javascript: true, attachment: true });
    const response = await post([{ name: 'report.pdf', data: fixture }], { level: '3b' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('pdfa-document.pdf');
    const path = await savePdf(response.rawPayload);
    expect(pdfPageTexts(path)[0]).toContain(PDFA_FIXTURE_TEXT);
    expect(xmpPart(path)).toBe('3');
    const report = parsePdfaReport(response.headers[pdfaReportHeader.name.toLowerCase()] as string);
    expect(report?.level).toBe('3b');
    expect(report?.conforms).toBe(true);
    expect(report?.checks.find((check) => check.id === 'fonts-embedded')?.fonts).toEqual(['Helvetica']);
    expect(String(response.headers['access-control-expose-headers'] ?? '')).toContain(pdfaReportHeader.name);
    await expectTempEmpty(t.tempDir);
  });

  it('writes PDF/A-2b when no level is given', async () => {
    const response = await post([{ name: 'plain.pdf', data: makePdf({ pageCount: 2 }) }]);
    expect(response.statusCode).toBe(200);
    expect(xmpPart(await savePdf(response.rawPayload))).toBe('2');
    expect(parsePdfaReport(response.headers[pdfaReportHeader.name.toLowerCase()] as string)?.level).toBe('2b');
  });

  it('refuses an unknown level, a renamed file, an empty file and a password-protected PDF', async () => {
    const badLevel = await post([{ name: 'a.pdf', data: makePdf() }], { level: '4u' });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().error.code).toBe('invalid_option');

    const renamed = await post([{ name: 'notes.pdf', data: Buffer.from('These are notes, not a PDF.') }]);
    expect(renamed.statusCode).toBe(errorCodes.unsupported_file_type.status);
    expect(renamed.json().error.code).toBe('unsupported_file_type');

    const empty = await post([{ name: 'empty.pdf', data: new Uint8Array() }]);
    expect(empty.statusCode).toBe(errorCodes.unsupported_file_type.status);
    expect(empty.json().error.code).toBe('unsupported_file_type');

    const encrypted = await post([{ name: 'locked.pdf', data: passwordProtected(makePdf()) }]);
    expect(encrypted.statusCode).toBe(errorCodes.encrypted_pdf.status);
    expect(encrypted.json().error.code).toBe('encrypted_pdf');
    await expectTempEmpty(t.tempDir);
  });
});
