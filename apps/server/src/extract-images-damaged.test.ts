import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skippedImagesHeader } from '@paperknife/catalog/http-api';
import { brokenImagesPdf } from '@paperknife/engine/testing/broken-image-fixtures';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { type TestApp, expectTempEmpty, makeTestApp, multipart } from './testing/test-app.js';

/** Extract Images on damaged images through the API: the status, the error code and the count of images left out. */

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await makeTestApp();
  dir = await mkdtemp(join(tmpdir(), 'paperknife-damaged-images-'));
});

afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

function extract(name: string, data: Uint8Array) {
  const { payload, headers } = multipart([{ name, data, type: 'application/pdf' }], {});
  return t.app.inject({ method: 'POST', url: '/functions/v1/extract-images-pdf', payload, headers });
}

describe('extract-images on damaged images', () => {
  it('answers 422 damaged_images when every image is damaged', async () => {
    const response = await extract('jpx.pdf', brokenImagesPdf(['jpx', 'jbig2']));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'damaged_images' } });
    await expectTempEmpty(t.tempDir);
  });

  it('answers 200 with the sound images and a header counting those left out', async () => {
    const jpeg = await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const sound = join(dir, 'photo.pdf');
    const broken = join(dir, 'broken.pdf');
    const mixed = join(dir, 'mixed.pdf');
    await writeFile(
      sound,
      makePdf({ pages: [{ image: { jpeg, pixelWidth: 48, pixelHeight: 32, x: 72, y: 400, width: 96, height: 64 } }] }),
    );
    await writeFile(broken, brokenImagesPdf(['jpx']));
    execFileSync('qpdf', ['--empty', '--pages', sound, broken, '--', mixed]);

    const response = await extract('mixed.pdf', await readFile(mixed));
    expect(response.statusCode).toBe(200);
    expect(response.headers[skippedImagesHeader.name.toLowerCase()]).toBe('1');
    expect(String(response.headers['access-control-expose-headers'] ?? '')).toContain(skippedImagesHeader.name);
    expect(Object.keys(unzipSync(response.rawPayload))).toEqual(['mixed-page-01-image-1.jpg']);
    await expectTempEmpty(t.tempDir);
  });
});
