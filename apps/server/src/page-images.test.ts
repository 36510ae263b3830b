import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenImagesHeader } from '@paperknife/catalog/http-api';
import { toolByFunction, tools } from '@paperknife/catalog/tools';
import { makePdf, passwordProtected } from '@paperknife/engine/testing/make-pdf';
import { type TestApp, expectTempEmpty, makeTestApp, multipart } from './testing/test-app.js';

/** PDF to PNG and PDF to TIFF through the HTTP API: the files they answer, and their refusals of bad uploads. */

let t: TestApp;
let dir: string;
let lockedPdf: Buffer;

beforeAll(async () => {
  t = await makeTestApp();
  dir = await mkdtemp(join(tmpdir(), 'paperknife-page-images-'));
  lockedPdf = passwordProtected(makePdf({ pageCount: 2 }));
});

afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function post(fn: string, name: string, data: Uint8Array, fields: Record<string, string> = {}) {
  const { payload, headers } = multipart([{ name, data }], fields);
  return t.app.inject({ method: 'POST', url: `/functions/v1/${fn}`, payload, headers });
}

function expectDownload(response: { headers: Record<string, unknown> }, name: string, type: string) {
  expect(response.headers['content-type']).toBe(type);
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
  expect(response.headers[brokenImagesHeader.name.toLowerCase()]).toBe('0');
  expect(String(response.headers['access-control-expose-headers'] ?? '')).toContain(brokenImagesHeader.name);
}

const letter = () =>
  makePdf({
    pages: [{ width: 612, height: 792, box: { rgb: [0.2, 0.4, 0.8], x: 72, y: 72, width: 100, height: 100 } }],
  });
const threePages = () => makePdf({ pages: [{}, { rotate: 90 }, { width: 300, height: 200 }] });

describe('POST /functions/v1/pdf-to-png', () => {
  it('answers one PNG at the asked resolution, transparent when asked', async () => {
    const white = await post('pdf-to-png', 'flyer.pdf', letter(), { dpi: '100' });
    expect(white.statusCode, white.body.slice(0, 200)).toBe(200);
    expectDownload(white, 'page-1.png', 'image/png');
    const meta = await sharp(white.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 850, 1100, false]);

    const clear = await post('pdf-to-png', 'flyer.pdf', letter(), { dpi: '72', transparent: 'true' });
    expect(clear.statusCode).toBe(200);
    const { data, info } = await sharp(clear.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([612, 792, 4]);
    // The top left corner is background: nothing drawn there.
    expect(data[3]).toBe(0);
    await expectTempEmpty(t.tempDir);
  });

  it('answers a ZIP of numbered PNGs for a longer PDF', async () => {
    const response = await post('pdf-to-png', 'report.pdf', threePages(), { dpi: '72' });
    expect(response.statusCode).toBe(200);
    expectDownload(response, 'pdf-pages-png.zip', 'application/zip');
    const entries = unzipSync(response.rawPayload);
    expect(Object.keys(entries)).toEqual(['report-page-01.png', 'report-page-02.png', 'report-page-03.png']);
    const sizes = await Promise.all(
      Object.values(entries).map(async (png) => {
        const meta = await sharp(Buffer.from(png)).metadata();
        return [meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      [612, 792],
      [792, 612],
      [300, 200],
    ]);
  });
});

describe('POST /functions/v1/pdf-to-tiff', () => {
  it('answers one multi-page TIFF, in colour or 1-bit black and white', async () => {
    const colour = await post('pdf-to-tiff', 'report.pdf', threePages(), { dpi: '72' });
    expect(colour.statusCode, colour.body.slice(0, 200)).toBe(200);
    expectDownload(colour, 'converted-document.tiff', 'image/tiff');
    const meta = await sharp(colour.rawPayload).metadata();
    expect([meta.format, meta.pages, meta.width, meta.height, meta.bitsPerSample]).toEqual(['tiff', 3, 612, 792, 8]);
    const last = await sharp(colour.rawPayload, { page: 2 }).metadata();
    expect([last.width, last.height]).toEqual([300, 200]);

    const bw = await post('pdf-to-tiff', 'report.pdf', threePages(), { dpi: '200', colorMode: 'black-and-white' });
    expect(bw.statusCode).toBe(200);
    const bwMeta = await sharp(bw.rawPayload).metadata();
    expect([bwMeta.pages, bwMeta.width, bwMeta.height, bwMeta.density, bwMeta.bitsPerSample]).toEqual([
      3, 1700, 2200, 200, 1,
    ]);
    await expectTempEmpty(t.tempDir);
  });
});

describe.each(['pdf-to-png', 'pdf-to-tiff'])('%s refuses bad uploads with a catalogue error', (fn) => {
  const expectError = (response: { statusCode: number; json: () => unknown }, status: number, code: string) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error: { code } });
  };

  it('a renamed file, by its content', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expectError(await post(fn, 'scan.pdf', png), 415, 'unsupported_file_type');
  });

  it('a zero-byte file, with the tool’s own words', async () => {
    const response = await post(fn, 'empty.pdf', new Uint8Array());
    expectError(response, 415, 'unsupported_file_type');
    expect(response.json()).toMatchObject({ error: { message: tools[toolByFunction(fn)!].invalidTypeDescription } });
  });

  it('a password-protected PDF', async () => {
    expectError(await post(fn, 'locked.pdf', lockedPdf), 422, 'encrypted_pdf');
  });

  it('an option out of range', async () => {
    expectError(await post(fn, 'a.pdf', letter(), { dpi: '1200' }), 400, 'invalid_option');
    await expectTempEmpty(t.tempDir);
  });
});
