import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionPath, tools } from '@paperknife/catalog/tools';
import { makePdf, passwordProtected } from '@paperknife/engine/testing/make-pdf';
import { assertValidPdf, pdfPageSizes } from '@paperknife/engine/testing/pdf-assertions';
import {
  AROUND_CROP_MARGINS,
  contentAroundCropPdf,
  pageBoxes,
  placedLabels,
} from '@paperknife/engine/testing/page-layout-fixtures';
import { extractedText, readersFinding } from '@paperknife/engine/testing/redaction-checks';
import { type TestApp, expectTempEmpty, makeTestApp, multipart, savePdf } from './testing/test-app.js';

/** Crop, N-up and Booklet through the real HTTP API: the output checked, and refusals with their codes. */

let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp();
});

afterAll(async () => {
  await t.close();
});

type LayoutTool = 'crop-pdf' | 'n-up-pdf' | 'booklet-pdf';

async function post(id: LayoutTool, name: string, data: Uint8Array, fields: Record<string, string> = {}) {
  const { payload, headers } = multipart([{ field: 'file', name, data }], fields);
  return t.app.inject({
    method: 'POST',
    url: functionPath(id),
    payload,
    headers: { ...headers, authorization: 'Bearer public-client-token' },
  });
}

async function pdfOf(
  response: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer },
  id: LayoutTool,
) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toContain(tools[id].download.name);
  const path = await savePdf(response.rawPayload);
  assertValidPdf(path);
  return path;
}

describe('page layout functions', () => {
  it('crop-pdf sets the crop box from margins in millimetres', async () => {
    const response = await post('crop-pdf', 'doc.pdf', makePdf({ pageCount: 2 }), {
      mode: 'margins',
      top: '25.4',
      left: '12.7',
      pages: '2',
    });
    const [first, second] = pageBoxes(await pdfOf(response, 'crop-pdf'));
    expect(first!.cropBox).toBeUndefined();
    expect(second!.cropBox!.map((value) => Math.round(value))).toEqual([36, 0, 612, 720]);
    await expectTempEmpty(t.tempDir);
  });

  it('crop-pdf removes the content outside the crop when asked, and makes the crop the media box', async () => {
    const margins = Object.fromEntries(Object.entries(AROUND_CROP_MARGINS).map(([side, mm]) => [side, String(mm)]));
    const response = await post('crop-pdf', 'doc.pdf', contentAroundCropPdf(), {
      mode: 'margins',
      ...margins,
      removeOutside: 'true',
    });
    const path = await pdfOf(response, 'crop-pdf');
    const text = extractedText(path);
    expect(readersFinding(text, 'Kept1')).toEqual(['pdftotext', 'mupdf', 'qpdf']);
    expect(readersFinding(text, 'Right1')).toEqual([]);
    const [first] = pageBoxes(path);
    expect(first!.mediaBox).toEqual(first!.cropBox);
    await expectTempEmpty(t.tempDir);
  });

  it('n-up-pdf puts the pages on sheets in order, and booklet-pdf in folding order', async () => {
    const nUp = await pdfOf(
      await post('n-up-pdf', 'doc.pdf', makePdf({ pageCount: 3 }), { perSheet: '2' }),
      'n-up-pdf',
    );
    expect(placedLabels(nUp).map((sheet) => sheet.map((label) => label.page))).toEqual([[1, 2], [3]]);
    expect(pdfPageSizes(nUp)[0]![0]).toBeGreaterThan(pdfPageSizes(nUp)[0]![1]);

    const booklet = await pdfOf(await post('booklet-pdf', 'doc.pdf', makePdf({ pageCount: 4 })), 'booklet-pdf');
    const sides = placedLabels(booklet).map((sheet) => [...sheet].sort((a, b) => a.x - b.x).map((label) => label.page));
    expect(sides).toEqual([
      [4, 1],
      [2, 3],
    ]);
    await expectTempEmpty(t.tempDir);
  });

  it('refuses a renamed file, an empty file, a password-protected PDF and impossible margins with their codes', async () => {
    const renamed = await post('n-up-pdf', 'notes.pdf', Buffer.from('plain text, not a PDF'));
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().error.code).toBe('unsupported_file_type');

    const empty = await post('booklet-pdf', 'empty.pdf', new Uint8Array(0));
    expect(empty.statusCode).toBe(415);
    expect(empty.json().error).toEqual({
      code: 'unsupported_file_type',
      message: tools['booklet-pdf'].invalidTypeDescription,
    });

    const protectedPdf = await post('crop-pdf', 'locked.pdf', passwordProtected(makePdf({ pageCount: 1 })));
    expect(protectedPdf.statusCode).toBe(422);
    expect(protectedPdf.json().error.code).toBe('encrypted_pdf');

    const tooWide = await post('crop-pdf', 'doc.pdf', makePdf({ pageCount: 1 }), { mode: 'margins', left: '300' });
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json().error.code).toBe('invalid_option');
    expect(tooWide.json().error.message).toMatch(/page 1/);

    const badCount = await post('n-up-pdf', 'doc.pdf', makePdf({ pageCount: 1 }), { perSheet: '5' });
    expect(badCount.statusCode).toBe(400);
    expect(badCount.json().error.code).toBe('invalid_option');
    await expectTempEmpty(t.tempDir);
  });
});
