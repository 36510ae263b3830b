import { describe, expect, it } from 'vitest';
import { sanitizeReportHeader } from '@paperknife/catalog/http-api';
import { parseSanitizeReport } from '@paperknife/catalog/sanitize-report';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { runQpdfJob } from '../programs/qpdf.js';
import { pdfInfo, pdfObjectsText, pdfXmp } from '../testing/document-data-assertions.js';
import {
  CONDITIONAL_LAYER_TEXT,
  XFA_FIXTURE,
  conditionalLayersXfaPdf,
  hiddenDataPdf,
} from '../testing/document-data-fixtures.js';
import { makePdf } from '../testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../testing/pdf-assertions.js';
import { jobPerTest, toolErrorCode } from '../testing/test-job.js';
import { sanitizePdf } from './sanitize-pdf.js';

const job = jobPerTest();

async function sanitize(options: Record<string, unknown> = {}, data = hiddenDataPdf()) {
  const file = await job.input('hidden.pdf', data);
  const result = await sanitizePdf([file], parseToolOptions('sanitize-pdf', options), job.context);
  const report = parseSanitizeReport(result.headers?.[sanitizeReportHeader.name]);
  const counts = Object.fromEntries((report?.counts ?? []).map(({ kind, found, removed }) => [kind, [found, removed]]));
  return { path: result.path, counts };
}

describe('sanitize-pdf', () => {
  it('removes every default kind, keeps the visible text and writes a valid file', async () => {
    const { path, counts } = await sanitize();
    assertValidPdf(path);
    expect(counts).toEqual({
      javascript: [3, 3],
      attachments: [1, 1],
      metadata: [4, 4],
      hiddenLayers: [1, 1],
      annotations: [1, 1],
      formFields: [1, 0],
      links: [1, 1],
    });
    const [first, second] = pdfPageTexts(path);
    expect(first).toContain('Visible text');
    expect(first).toContain('Layer shown');
    expect(first).toContain('After layers');
    expect(first).not.toContain('Secret layer');
    expect(second).toBe('Second page');
    const info = pdfInfo(path);
    expect(info['JavaScript']).toBe('no');
    expect(info['Title']).toBeUndefined();
    expect(info['Form']).toBe('AcroForm');
    expect(pdfXmp(path)).toBe('');
    const objects = pdfObjectsText(path);
    for (const gone of ['/JavaScript', '/EmbeddedFile', 'private notes', 'Hidden layer', 'Hidden form text', '/Link']) {
      expect(objects).not.toContain(gone);
    }
    expect(objects).toContain('/Widget');
    expect(objects).toContain('Visible layer');
  });

  it('flattens form fields into the page when asked, and keeps what is not chosen', async () => {
    const { path, counts } = await sanitize({ formFields: 'true', links: 'false', metadata: false });
    assertValidPdf(path);
    expect(counts['formFields']).toEqual([1, 1]);
    expect(counts['links']).toEqual([1, 0]);
    expect(counts['metadata']).toEqual([4, 0]);
    expect(pdfInfo(path)['Form']).toBe('none');
    expect(pdfPageTexts(path)[0]).toContain('Ada Lovelace');
    expect(pdfInfo(path)['Title']).toBe('Secret title');
    expect(pdfXmp(path)).toContain('Old title');
    expect(pdfObjectsText(path)).toContain('https://example.com/');
  });

  it('removes content hidden by visibility expressions, and the XFA form scripts', async () => {
    const { path, counts } = await sanitize({}, conditionalLayersXfaPdf());
    assertValidPdf(path);
    expect(counts).toEqual({ javascript: [2, 2], hiddenLayers: [1, 1], formFields: [1, 0] });
    const [page] = pdfPageTexts(path);
    const objects = pdfObjectsText(path);
    for (const words of CONDITIONAL_LAYER_TEXT.expressions.shown) expect(page, words).toContain(words);
    for (const words of CONDITIONAL_LAYER_TEXT.expressions.hidden) {
      expect(page, words).not.toContain(words);
      expect(objects, words).not.toContain(words);
    }
    // The form stays, its data too; its scripts do not.
    expect(objects).toContain(XFA_FIXTURE.value);
    expect(objects).toContain('<template');
    for (const script of XFA_FIXTURE.scripts) expect(objects).not.toContain(script);
    expect(objects).not.toMatch(/<script/);
  });

  it('removes the XFA form entirely with the form fields, and keeps its scripts when JavaScript is not chosen', async () => {
    const kept = await sanitize({ javascript: 'false' }, conditionalLayersXfaPdf());
    expect(kept.counts['javascript']).toEqual([2, 0]);
    for (const script of XFA_FIXTURE.scripts) expect(pdfObjectsText(kept.path)).toContain(script);
    const { path, counts } = await sanitize({ formFields: 'true' }, conditionalLayersXfaPdf());
    assertValidPdf(path);
    expect(counts['formFields']).toEqual([1, 1]);
    const objects = pdfObjectsText(path);
    for (const gone of ['/XFA', '<template', XFA_FIXTURE.value, '/NeedsRendering']) expect(objects).not.toContain(gone);
  });

  it('reports nothing on a plain document and changes none of its text', async () => {
    const { path, counts } = await sanitize({}, makePdf({ pageCount: 2 }));
    assertValidPdf(path);
    expect(counts).toEqual({});
    expect(pdfPageTexts(path)).toEqual(['Page 1', 'Page 2']);
  });

  it('refuses a password-protected PDF', async () => {
    const plain = await job.input('plain.pdf', makePdf());
    const locked = `${plain.path}-locked`;
    await runQpdfJob(
      {
        inputFile: plain.path,
        outputFile: locked,
        encrypt: { userPassword: 'secret', ownerPassword: 'x', '256bit': {} },
      },
      job.context,
    );
    const file = { path: locked, name: 'locked.pdf', size: 0 };
    expect(await toolErrorCode(sanitizePdf([file], parseToolOptions('sanitize-pdf', {}), job.context))).toBe(
      'encrypted_pdf',
    );
  });
});
