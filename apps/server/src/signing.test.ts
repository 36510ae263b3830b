import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@paperknife/catalog/errors';
import { tools } from '@paperknife/catalog/tools';
import { makePdf, passwordProtected } from '@paperknife/engine/testing/make-pdf';
import { renderPageRgb } from '@paperknife/engine/testing/pdf-assertions';
import { pdfsigReport, selfSignedP12, signaturePng } from '@paperknife/engine/testing/signature-fixtures';
import { type TestApp, type UploadFile, expectTempEmpty, makeTestApp, multipart, savePdf } from './testing/test-app.js';

/**
 * Sign PDF through the HTTP API: the signature picture and the certificate travel as option fields, the digital
 * signature (with a picture or without) validates with pdfsig, and bad input (a wrong password, a malformed certificate, a huge picture, files
 * that are no PDF or locked) gets its code. The certificate's password never reaches the logs.
 */

const tool = tools['sign-pdf'];
let t: TestApp;
let dir: string;
let certificate: string;
const PASSWORD = 'api-test-secret-77';
const signature = `data:image/png;base64,${signaturePng().toString('base64')}`;
const place = { x: '0.1', y: '0.1', width: '0.5', height: '0.2' };

beforeAll(async () => {
  t = await makeTestApp();
  dir = await mkdtemp(join(tmpdir(), 'paperknife-signing-'));
  certificate = selfSignedP12(dir, PASSWORD).toString('base64');
});

afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function post(files: readonly UploadFile[], fields: Record<string, string>) {
  const { payload, headers } = multipart(files, fields);
  return t.app.inject({ method: 'POST', url: `/functions/v1/${tool.functionName}`, payload, headers });
}

const onePage = () => [{ name: 'contract.pdf', data: makePdf({ pageCount: 1 }) }];

const expectError = (response: { statusCode: number; json: () => unknown }, code: keyof typeof errorCodes) => {
  expect(response.statusCode).toBe(errorCodes[code].status);
  expect(response.json()).toMatchObject({ error: { code } });
};

describe('POST /functions/v1/sign-pdf', () => {
  it('signs with the picture in its place and a digital signature pdfsig validates', async () => {
    const response = await post(onePage(), { signature, ...place, certificate, certificatePassword: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('signed-document.pdf');
    const path = await savePdf(response.rawPayload);
    expect(pdfsigReport(path)).toContain('Signature is Valid');
    // The band across the picture's middle shows inside the box.
    const { width, height, pixels } = renderPageRgb(path, 1, 30);
    const at = (Math.round(0.2 * height) * width + Math.round(0.35 * width)) * 3;
    expect(pixels[at]).toBeLessThan(100);
    expect(t.logText()).not.toContain(PASSWORD);
    await expectTempEmpty(t.tempDir);
  });

  it('signs with the certificate alone, no picture, and asks for the certificate when it is missing', async () => {
    const response = await post(onePage(), { appearance: 'invisible', certificate, certificatePassword: PASSWORD });
    expect(response.statusCode).toBe(200);
    const path = await savePdf(response.rawPayload);
    expect(pdfsigReport(path)).toContain('Signature is Valid');
    expect(t.logText()).not.toContain(PASSWORD);
    const missing = await post(onePage(), { appearance: 'invisible' });
    expectError(missing, 'invalid_option');
    expect(JSON.stringify(missing.json())).toContain('certificate');
    await expectTempEmpty(t.tempDir);
  });

  it('refuses a wrong certificate password and a malformed certificate with their codes', async () => {
    expectError(await post(onePage(), { signature, certificate, certificatePassword: 'not-it' }), 'wrong_password');
    const malformed = Buffer.from('-----BEGIN NONSENSE-----').toString('base64');
    expectError(
      await post(onePage(), { signature, certificate: malformed, certificatePassword: 'x' }),
      'invalid_certificate',
    );
    expect(t.logText()).not.toContain('not-it');
  });

  it('refuses a 50 MB signature picture, a missing one, and an unreadable one', async () => {
    const huge = `data:image/png;base64,${Buffer.alloc(50 * 1024 * 1024, 7).toString('base64')}`;
    expectError(await post(onePage(), { signature: huge }), 'file_too_large');
    expectError(await post(onePage(), {}), 'invalid_option');
    expectError(
      await post(onePage(), { signature: Buffer.from('this is not a picture').toString('base64') }),
      'damaged_image',
    );
  });

  it('refuses a renamed file, an empty file and a password-protected PDF', async () => {
    expectError(await post([{ name: 'a.pdf', data: signaturePng() }], { signature }), 'unsupported_file_type');
    expectError(await post([{ name: 'a.pdf', data: new Uint8Array(0) }], { signature }), 'unsupported_file_type');
    const locked = passwordProtected(makePdf({ pageCount: 1 }));
    expectError(await post([{ name: 'locked.pdf', data: locked }], { signature }), 'encrypted_pdf');
    await expectTempEmpty(t.tempDir);
  });
});
