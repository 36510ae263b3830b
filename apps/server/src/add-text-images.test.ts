import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@paperknife/catalog/errors';
import { tools } from '@paperknife/catalog/tools';
import { makePdf, passwordProtected } from '@paperknife/engine/testing/make-pdf';
import { bluePixelsIn } from '@paperknife/engine/testing/pdf-assertions';
import { signaturePng } from '@paperknife/engine/testing/signature-fixtures';
import { type TestApp, type UploadFile, expectTempEmpty, makeTestApp, multipart, savePdf } from './testing/test-app.js';

/**
 * Add Text and Images through the HTTP API: the items as JSON in a form field or a JSON body, the pictures in the
 * repeatable `images` field (or list), and bad input refused with its code.
 */

const tool = tools['add-text-images'];
const field = tool.dataFile.field;
let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp();
});

afterAll(async () => {
  await t.close();
});

async function post(files: readonly UploadFile[], fields: Record<string, string>) {
  const { payload, headers } = multipart(files, fields);
  return t.app.inject({ method: 'POST', url: `/functions/v1/${tool.functionName}`, payload, headers });
}

const document = (pages = 2): UploadFile => ({ name: 'letter.pdf', data: makePdf({ pageCount: pages }) });
const picture = (name = 'logo.png'): UploadFile => ({ field, name, data: signaturePng(), type: 'image/png' });
const text = { page: 1, kind: 'text', x: 0.1, y: 0.1, width: 0.6, height: 0.1, text: 'Approved by Ada', size: 18 };

const expectError = (response: { statusCode: number; json: () => unknown }, code: keyof typeof errorCodes) => {
  expect(response.statusCode).toBe(errorCodes[code].status);
  expect(response.json()).toMatchObject({ error: { code } });
};

describe('POST /functions/v1/add-text-images', () => {
  it('places text and two pictures from a multipart request', async () => {
    const first = { x: 0.1, y: 0.5, width: 0.3, height: 0.2 };
    const second = { x: 0.6, y: 0.5, width: 0.3, height: 0.2 };
    const items = [
      text,
      { page: 2, kind: 'image', ...first, image: 0 },
      { page: 2, kind: 'image', ...second, image: 1 },
    ];
    const response = await post([document(), picture('a.png'), picture('b.png')], { items: JSON.stringify(items) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(tool.download.name);
    const path = await savePdf(response.rawPayload);
    const page1 = spawnSync('pdftotext', ['-f', '1', '-l', '1', path, '-'], { encoding: 'utf8' }).stdout;
    expect(page1).toContain('Approved by Ada');
    expect(bluePixelsIn(path, 2, first)).toBeGreaterThan(50);
    expect(bluePixelsIn(path, 2, second)).toBeGreaterThan(50);
    await expectTempEmpty(t.tempDir);
  });

  it('takes a JSON body with the pictures as a list of base64 files', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/functions/v1/${tool.functionName}`,
      payload: {
        file: { name: 'letter.pdf', data: makePdf({ pageCount: 1 }).toString('base64') },
        [field]: [{ name: 'logo.png', data: signaturePng().toString('base64') }],
        items: [
          { page: 1, kind: 'image', x: 0.2, y: 0.2, width: 0.5, height: 0.3, image: 0 },
          { ...text, y: 0.7 },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const path = await savePdf(response.rawPayload);
    expect(bluePixelsIn(path, 1, { x: 0.2, y: 0.2, width: 0.5, height: 0.3 })).toBeGreaterThan(50);
    expect(spawnSync('pdftotext', [path, '-'], { encoding: 'utf8' }).stdout).toContain('Approved by Ada');
  });

  it('refuses no items, a picture that is not an image, a missing picture and a page past the end', async () => {
    expectError(await post([document()], {}), 'invalid_option');
    expectError(await post([document()], { items: '[]' }), 'invalid_option');
    expectError(await post([document()], { items: 'not json' }), 'invalid_option');
    const image = JSON.stringify([{ page: 1, kind: 'image', x: 0, y: 0, width: 0.5, height: 0.5, image: 0 }]);
    const notPicture: UploadFile = { field, name: 'logo.png', data: Buffer.from('just some text'), type: 'image/png' };
    const refused = await post([document(), notPicture], { items: image });
    expectError(refused, 'unsupported_file_type');
    expect((refused.json() as { error: { message: string } }).error.message).toContain('logo.png');
    expectError(await post([document()], { items: image }), 'invalid_option');
    expectError(await post([document(1)], { items: JSON.stringify([{ ...text, page: 3 }]) }), 'page_out_of_range');
    await expectTempEmpty(t.tempDir);
  });

  it('refuses a renamed file, an empty file and a password-protected PDF', async () => {
    const items = JSON.stringify([text]);
    expectError(await post([{ name: 'a.pdf', data: signaturePng() }], { items }), 'unsupported_file_type');
    expectError(await post([{ name: 'a.pdf', data: new Uint8Array(0) }], { items }), 'unsupported_file_type');
    const locked = passwordProtected(makePdf({ pageCount: 1 }));
    expectError(await post([{ name: 'locked.pdf', data: locked }], { items }), 'encrypted_pdf');
    await expectTempEmpty(t.tempDir);
  });
});
