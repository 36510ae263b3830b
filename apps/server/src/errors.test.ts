import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@paperknife/catalog/errors';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { type TestApp, expectTempEmpty, makeTestApp, multipart } from './testing/test-app.js';

/** Every error of the catalogue table that a request can cause, with its status and a message to act on. */

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectTempEmpty(t.tempDir);
});

const pdf = () => makePdf({ pageCount: 3 });

async function post(fn: string, files: { name: string; data: Uint8Array; field?: string }[], fields = {}) {
  const { payload, headers } = multipart(files, fields);
  return t.app.inject({ method: 'POST', url: `/functions/v1/${fn}`, payload, headers });
}

function expectError(
  response: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  code: keyof typeof errorCodes,
  message?: string | RegExp,
) {
  expect(response.statusCode).toBe(errorCodes[code].status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = response.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(10);
  if (message) expect(body.error.message).toMatch(message);
}

describe('errors', () => {
  it('invalid_option: a value outside the schema', async () => {
    expectError(
      await post('rotate-pdf', [{ name: 'a.pdf', data: pdf() }], { angle: 45 }),
      'invalid_option',
      /90, 180 or 270/,
    );
    expectError(
      await post('watermark-pdf', [{ name: 'a.pdf', data: pdf() }], { text: 'X', opacity: '7' }),
      'invalid_option',
      /Opacity must be between 0.1 and 1/,
    );
  });

  it('invalid_page_range, page_out_of_range and no_pages_left', async () => {
    expectError(
      await post('extract-pages-pdf', [{ name: 'a.pdf', data: pdf() }], { pages: 'abc' }),
      'invalid_page_range',
    );
    expectError(
      await post('extract-pages-pdf', [{ name: 'a.pdf', data: pdf() }]),
      'invalid_page_range',
      /specify which pages/,
    );
    expectError(
      await post('extract-pages-pdf', [{ name: 'a.pdf', data: pdf() }], { pages: '2-9' }),
      'page_out_of_range',
      /3 pages/,
    );
    expectError(await post('delete-pages-pdf', [{ name: 'a.pdf', data: pdf() }], { pages: '1-3' }), 'no_pages_left');
  });

  it('missing_file, in multipart and JSON, with the tool own words', async () => {
    expectError(await post('rotate-pdf', [], { angle: 90 }), 'missing_file', 'Please upload a PDF file to rotate.');
    expectError(
      await t.app.inject({ method: 'POST', url: '/functions/v1/compress-pdf', payload: { level: 'low' } }),
      'missing_file',
      'Please upload a PDF file to compress.',
    );
    expectError(await t.app.inject({ method: 'POST', url: '/functions/v1/compress-pdf' }), 'missing_file');
    // A browser form with no file chosen sends an empty, nameless part.
    expectError(await post('rotate-pdf', [{ name: '', data: new Uint8Array() }]), 'missing_file');
  });

  it('not_enough_files and too_many_files', async () => {
    expectError(await post('merge-pdf', [{ field: 'files', name: 'a.pdf', data: pdf() }]), 'not_enough_files');
    expectError(
      await post('rotate-pdf', [
        { name: 'a.pdf', data: pdf() },
        { name: 'b.pdf', data: pdf() },
      ]),
      'too_many_files',
      'This tool takes one file at a time.',
    );
    const b64 = pdf().toString('base64');
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/functions/v1/rotate-pdf',
        payload: {
          files: [
            { name: 'a.pdf', data: b64 },
            { name: 'b.pdf', data: b64 },
          ],
        },
      }),
      'too_many_files',
    );
  });

  it('password_required and password_too_short', async () => {
    expectError(await post('protect-pdf', [{ name: 'a.pdf', data: pdf() }]), 'password_required');
    expectError(
      await post('protect-pdf', [{ name: 'a.pdf', data: pdf() }], { userPassword: 'abc' }),
      'password_too_short',
    );
  });

  it('unsupported_file_type is decided by content, not by name', async () => {
    expectError(
      await post('rotate-pdf', [{ name: 'real.pdf', data: Buffer.from('MZ this is not a PDF at all') }]),
      'unsupported_file_type',
      'Only PDF files are supported for rotation.',
    );
    expectError(
      await post('word-to-pdf', [{ name: 'letter.docx', data: pdf() }]),
      'unsupported_file_type',
      'Only Word files (.doc, .docx) are supported for conversion to PDF.',
    );
    // The right content under a wrong name is fine.
    const renamed = await post('rotate-pdf', [{ name: 'photo.jpg', data: pdf() }], { angle: 90 });
    expect(renamed.statusCode).toBe(200);
  });

  it('encrypted_pdf, wrong_password and damaged_pdf', async () => {
    const locked = await post('protect-pdf', [{ name: 'a.pdf', data: pdf() }], { userPassword: 'secret123' });
    expect(locked.statusCode, locked.body.slice(0, 200)).toBe(200);
    expectError(
      await post('rotate-pdf', [{ name: 'a.pdf', data: locked.rawPayload }]),
      'encrypted_pdf',
      /unlock it first/,
    );
    expectError(
      await post('unlock-pdf', [{ name: 'a.pdf', data: locked.rawPayload }], { password: 'not-it' }),
      'wrong_password',
    );
    expectError(
      await post('rotate-pdf', [{ name: 'a.pdf', data: Buffer.from('%PDF-1.7\nthis is not really a pdf\n%%EOF\n') }]),
      'damaged_pdf',
    );
  });

  it('a request body that is neither a form nor JSON', async () => {
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/functions/v1/rotate-pdf',
        payload: 'hello',
        headers: { 'content-type': 'text/plain' },
      }),
      'unsupported_file_type',
      /multipart\/form-data/,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/functions/v1/rotate-pdf',
        payload: '{"files": [',
        headers: { 'content-type': 'application/json' },
      }),
      'invalid_option',
      /not valid JSON/,
    );
    expectError(
      await t.app.inject({ method: 'POST', url: '/functions/v1/rotate-pdf', payload: { files: 'nope' } }),
      'invalid_option',
    );
    expectError(
      await post('rotate-pdf', [{ field: 'document', name: 'a.pdf', data: pdf() }]),
      'invalid_option',
      /field called "file"/,
    );
  });

  it('an unknown function is a JSON 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/functions/v1/shred-pdf', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'There is no POST /functions/v1/shred-pdf here.' },
    });
    const get = await t.app.inject({ method: 'GET', url: '/functions/v1/rotate-pdf' });
    expect(get.statusCode).toBe(404);
    expect((get.json() as { error: { code: string } }).error.code).toBe('not_found');
  });
});
