import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repairReportHeader, sanitizeReportHeader } from '@paperknife/catalog/http-api';
import { parseRepairReport } from '@paperknife/catalog/repair-report';
import { parseSanitizeReport } from '@paperknife/catalog/sanitize-report';
import { pdfInfo, pdfObjectsText, pdfXmp } from '@paperknife/engine/testing/document-data-assertions';
import {
  CONDITIONAL_LAYER_TEXT,
  XFA_FIXTURE,
  conditionalLayersXfaPdf,
  hiddenDataPdf,
  truncatedXrefPdf,
} from '@paperknife/engine/testing/document-data-fixtures';
import { makePdf, passwordProtected } from '@paperknife/engine/testing/make-pdf';
import { pdfPageTexts } from '@paperknife/engine/testing/pdf-assertions';
import { type TestApp, expectTempEmpty, makeTestApp, multipart, savePdf } from './testing/test-app.js';

/** Repair PDF, Remove hidden data and Edit metadata through the real HTTP server. */

let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp();
});

afterAll(async () => {
  await t.close();
});

async function post(fn: string, name: string, data: Uint8Array, fields: Record<string, string> = {}) {
  const { payload, headers } = multipart([{ name, data }], fields);
  return t.app.inject({
    method: 'POST',
    url: `/functions/v1/${fn}`,
    payload,
    headers: { ...headers, authorization: 'Bearer public-client-token' },
  });
}

describe('document data functions', () => {
  it('repair-pdf recovers a cut-off file that other functions refuse, and reports what was wrong', async () => {
    const refused = await post('rotate-pdf', 'cut.pdf', truncatedXrefPdf(), { angle: '90' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('damaged_pdf');
    const response = await post('repair-pdf', 'cut.pdf', truncatedXrefPdf());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('repaired-document.pdf');
    expect(pdfPageTexts(await savePdf(response.rawPayload))).toEqual(['Page 1', 'Page 2']);
    const report = parseRepairReport(response.headers[repairReportHeader.name.toLowerCase()] as string);
    expect(report).toMatchObject({ pages: 2, characters: 10 });
    expect(report?.problems).toContain('xref');
    expect(response.headers['access-control-expose-headers']).toContain(repairReportHeader.name);
  });

  it('repair-pdf rebuilds a page tree that misstates its count, which the other functions refuse', async () => {
    const misstated = makePdf({ pageCount: 2, declaredPageCount: 4 });
    const refused = await post('rotate-pdf', 'tree.pdf', misstated, { angle: '90' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('damaged_pdf');
    const response = await post('repair-pdf', 'tree.pdf', misstated);
    expect(response.statusCode).toBe(200);
    expect(parseRepairReport(response.headers[repairReportHeader.name.toLowerCase()] as string)?.problems).toEqual([
      'page-tree',
    ]);
  });

  it('sanitize-pdf removes the chosen kinds and reports each one found', async () => {
    const response = await post('sanitize-pdf', 'hidden.pdf', hiddenDataPdf(), { links: 'false' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('sanitized-document.pdf');
    const path = await savePdf(response.rawPayload);
    expect(pdfInfo(path)['JavaScript']).toBe('no');
    expect(pdfPageTexts(path)[0]).not.toContain('Secret layer');
    const report = parseSanitizeReport(response.headers[sanitizeReportHeader.name.toLowerCase()] as string);
    expect(report?.counts.find((count) => count.kind === 'javascript')).toEqual({
      kind: 'javascript',
      found: 3,
      removed: 3,
    });
    expect(report?.counts.find((count) => count.kind === 'links')).toEqual({ kind: 'links', found: 1, removed: 0 });
  });

  it('sanitize-pdf removes content hidden by a visibility expression and the XFA form scripts', async () => {
    const response = await post('sanitize-pdf', 'xfa.pdf', conditionalLayersXfaPdf());
    expect(response.statusCode).toBe(200);
    const objects = pdfObjectsText(await savePdf(response.rawPayload));
    for (const words of CONDITIONAL_LAYER_TEXT.expressions.hidden) expect(objects).not.toContain(words);
    for (const script of XFA_FIXTURE.scripts) expect(objects).not.toContain(script);
    expect(objects).toContain(XFA_FIXTURE.value);
    const report = parseSanitizeReport(response.headers[sanitizeReportHeader.name.toLowerCase()] as string);
    expect(report?.counts).toEqual([
      { kind: 'javascript', found: 2, removed: 2 },
      { kind: 'hiddenLayers', found: 1, removed: 1 },
      { kind: 'formFields', found: 1, removed: 0 },
    ]);
  });

  it('edit-metadata writes the properties sent and keeps the XMP packet in line', async () => {
    const response = await post('edit-metadata', 'hidden.pdf', hiddenDataPdf(), {
      title: 'Quarterly report',
      author: 'Ada',
      creationDate: '2020-01-02T03:04:05Z',
    });
    expect(response.statusCode).toBe(200);
    const path = await savePdf(response.rawPayload);
    expect(pdfInfo(path)).toMatchObject({ Title: 'Quarterly report', Author: 'Ada', Producer: 'Fixture' });
    expect(pdfXmp(path)).toContain('<xmp:CreateDate>2020-01-02T03:04:05Z</xmp:CreateDate>');

    const badDate = await post('edit-metadata', 'hidden.pdf', hiddenDataPdf(), { modDate: '31/12/2024' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.code).toBe('invalid_option');
    await expectTempEmpty(t.tempDir);
  });

  it('refuses a renamed file, an empty file and a password-protected PDF with their codes', async () => {
    const lockedBytes = passwordProtected(makePdf({ pageCount: 1 }));
    for (const fn of ['repair-pdf', 'sanitize-pdf', 'edit-metadata']) {
      const renamed = await post(fn, 'notes.pdf', Buffer.from('plain text, not a PDF'));
      expect(renamed.statusCode, fn).toBe(415);
      expect(renamed.json().error.code, fn).toBe('unsupported_file_type');
      const empty = await post(fn, 'empty.pdf', new Uint8Array(0));
      expect(empty.statusCode, fn).toBe(415);
      expect(empty.json().error.code, fn).toBe('unsupported_file_type');
      const protectedPdf = await post(fn, 'locked.pdf', lockedBytes);
      expect(protectedPdf.statusCode, fn).toBe(422);
      expect(protectedPdf.json().error.code, fn).toBe('encrypted_pdf');
    }
    await expectTempEmpty(t.tempDir);
  });
});
