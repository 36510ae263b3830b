import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@paperknife/catalog/errors';
import { tools } from '@paperknife/catalog/tools';
import { makePdf, passwordProtected } from '@paperknife/engine/testing/make-pdf';
import { pdfPageCount, pdfPageSizes, renderPageRgb } from '@paperknife/engine/testing/pdf-assertions';
import { photoFacts, photographedPage, tableTopPhoto } from '@paperknife/engine/testing/photographed-page';
import { type TestApp, type UploadFile, expectTempEmpty, makeTestApp, multipart, savePdf } from './testing/test-app.js';

/**
 * JPG to PDF through the HTTP API: several kinds of image in one request, the ZIP of one PDF each, refusals, and the
 * clean-up of photographed pages (the `cleanUp` field, on and off).
 */

const tool = tools['jpg-to-pdf'];
let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await makeTestApp();
  dir = await mkdtemp(join(tmpdir(), 'paperknife-image-to-pdf-'));
});

afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function post(files: readonly UploadFile[], fields: Record<string, string> = {}) {
  const { payload, headers } = multipart(files, fields);
  return t.app.inject({ method: 'POST', url: `/functions/v1/${tool.functionName}`, payload, headers });
}

const expectError = (response: { statusCode: number; json: () => unknown }, code: keyof typeof errorCodes) => {
  expect(response.statusCode).toBe(errorCodes[code].status);
  expect(response.json()).toMatchObject({ error: { code } });
};

/** A flat colour at 72 dpi, so its page in points is its size in pixels. */
const flat = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 40, b: 90, alpha: 0.5 } } }).withMetadata({
    density: 72,
  });

/** A 24-bit Windows bitmap at 72 dpi (sharp writes none). */
function bmp(width: number, height: number): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + stride * height, 0x80);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(0, 30);
  file.writeInt32LE(2835, 38); // 72 dpi in pixels per metre
  file.writeInt32LE(2835, 42);
  return file;
}

/** A real, complete PNG of `size` x `size` 1-bit pixels, all white: a few hundred kilobytes that decode to gigabytes. */
function hugeBilevelPng(size: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, body: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const out = Buffer.alloc(12 + body.length);
    out.writeUInt32BE(body.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc(typed), 8 + body.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + Math.ceil(size / 8), 0xff);
  row[0] = 0;
  const rows = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /functions/v1/jpg-to-pdf', () => {
  it('puts images of every kind into one PDF, a page each in the order sent', async () => {
    const jpeg = await flat(120, 80).jpeg({ quality: 85 }).toBuffer();
    const png = await flat(60, 90, 4).png().toBuffer();
    const webp = await flat(50, 50).webp({ lossless: true }).toBuffer();
    const gif = await flat(40, 30).gif().toBuffer();
    const tiff = await flat(70, 20).tiff({ compression: 'lzw' }).toBuffer();
    const response = await post([
      { name: 'photo.jpg', data: jpeg, type: 'image/jpeg' },
      { name: 'clear.png', data: png, type: 'image/png' },
      { name: 'sticker.webp', data: webp, type: 'image/webp' },
      { name: 'paint.bmp', data: bmp(30, 100), type: 'image/bmp' },
      { name: 'clip.gif', data: gif, type: 'image/gif' },
      { name: 'scan.tif', data: tiff, type: 'image/tiff' },
    ]);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`filename="${tool.download.name}"`);
    const path = await savePdf(response.rawPayload);
    // Each page its image's size, so the sizes tell the order: 72 dpi where the file says so (points = pixels),
    // 96 dpi where it says nothing (WebP and GIF here).
    const sizes = pdfPageSizes(path).map(([w, h]) => [Number(w.toFixed(1)), Number(h.toFixed(1))]);
    expect(sizes).toEqual([
      [120, 80],
      [60, 90],
      [37.5, 37.5],
      [30, 100],
      [30, 22.5],
      [70, 20],
    ]);
    // The JPEG goes in byte for byte; the transparent PNG keeps its alpha as a soft mask.
    expect(response.rawPayload.indexOf(jpeg)).toBeGreaterThan(0);
    expect(response.rawPayload.toString('latin1')).toContain('/SMask');
    await expectTempEmpty(t.tempDir);
  });

  it('answers a ZIP of one PDF per image, A4 pages, names from the uploads', async () => {
    const jpeg = await flat(300, 200).jpeg().toBuffer();
    const response = await post(
      [
        { name: 'holiday.jpg', data: jpeg, type: 'image/jpeg' },
        { name: 'holiday.png', data: await flat(100, 100).png().toBuffer(), type: 'image/png' },
        { name: 'holiday.jpg', data: jpeg, type: 'image/jpeg' },
      ],
      { output: 'each', pageSize: 'a4', margin: '10' },
    );
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(`filename="${tool.extraDownloads[0].name}"`);
    const entries = unzipSync(response.rawPayload);
    expect(Object.keys(entries)).toEqual(['holiday.pdf', 'holiday-2.pdf', 'holiday-3.pdf']);
    for (const [name, data] of Object.entries(entries)) {
      const path = join(dir, name);
      await writeFile(path, data);
      expect(pdfPageCount(path)).toBe(1);
      // A landscape photo turns its A4 page; the square one stays portrait.
      const [[w, h]] = pdfPageSizes(path) as [[number, number]];
      expect(name === 'holiday-2.pdf' ? [w, h] : [h, w]).toEqual([595.276, 841.89]);
    }
    await expectTempEmpty(t.tempDir);
  });

  it('refuses a renamed file that is not an image, by its content', async () => {
    const pdf = makePdf({ pageCount: 1 });
    expectError(await post([{ name: 'photo.jpg', data: pdf, type: 'image/jpeg' }]), 'unsupported_file_type');
    const text = Buffer.from('Just some notes, saved with the wrong name.\n');
    const mixed = await post([
      { name: 'a.png', data: await flat(10, 10).png().toBuffer(), type: 'image/png' },
      { name: 'b.png', data: text, type: 'image/png' },
    ]);
    expectError(mixed, 'unsupported_file_type');
    await expectTempEmpty(t.tempDir);
  });

  it('refuses a zero-byte image with the tool’s own words', async () => {
    const response = await post([{ name: 'empty.jpg', data: new Uint8Array(), type: 'image/jpeg' }]);
    expectError(response, 'unsupported_file_type');
    expect(response.json()).toMatchObject({ error: { message: tool.invalidTypeDescription } });
  });

  it('refuses a password-protected PDF sent as an image', async () => {
    const locked = passwordProtected(makePdf({ pageCount: 1 }));
    expectError(await post([{ name: 'scan.jpg', data: locked, type: 'image/jpeg' }]), 'unsupported_file_type');
  });

  it('refuses a complete 20000 x 20000 PNG from its header, quickly, as image_too_large', async () => {
    const png = hugeBilevelPng(20_000);
    expect((await sharp(png, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    const started = performance.now();
    const response = await post([{ name: 'poster.png', data: png, type: 'image/png' }]);
    expect(performance.now() - started).toBeLessThan(3000);
    expectError(response, 'image_too_large');
    expect(response.json()).toMatchObject({ error: { message: expect.stringContaining('20000 x 20000') } });
    await expectTempEmpty(t.tempDir);
  });

  it('refuses a JPEG cut off in its header or its scan data as damaged_image', async () => {
    const jpeg = await flat(64, 64).jpeg().toBuffer();
    const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(frame).toBeGreaterThan(20);
    const response = await post([{ name: 'cut.jpg', data: jpeg.subarray(0, frame - 10), type: 'image/jpeg' }]);
    expectError(response, 'damaged_image');
    expect(response.json()).toMatchObject({ error: { message: errorCodes.damaged_image.message } });
    // Cut in its scan data, as an interrupted download leaves it: a PDF would show it half gray.
    const half = jpeg.subarray(0, Math.floor(jpeg.length * 0.8));
    expectError(await post([{ name: 'half.jpg', data: half, type: 'image/jpeg' }]), 'damaged_image');
    await expectTempEmpty(t.tempDir);
  });

  it('refuses an option out of range', async () => {
    const png = await flat(10, 10).png().toBuffer();
    expectError(await post([{ name: 'a.png', data: png, type: 'image/png' }], { margin: '80' }), 'invalid_option');
    expectError(await post([{ name: 'a.png', data: png, type: 'image/png' }], { pageSize: 'a3' }), 'invalid_option');
  });
});

/** The grey level the brightest tenth of a page's pixels reach: the paper. */
function paperGrey(path: string): number {
  const { pixels } = renderPageRgb(path, 1, 36);
  const greys: number[] = [];
  for (let at = 0; at < pixels.length; at += 3) greys.push((pixels[at]! + pixels[at + 1]! + pixels[at + 2]!) / 3);
  return greys.sort((a, b) => a - b)[Math.floor(greys.length * 0.9)]!;
}

describe('POST /functions/v1/jpg-to-pdf with cleanUp', () => {
  it('crops photographed pages to their sheet and whitens the paper; a photo with no sheet keeps its size', async () => {
    const page = await photographedPage();
    const response = await post(
      [
        { name: 'page.jpg', data: page, type: 'image/jpeg' },
        { name: 'table.jpg', data: await tableTopPhoto(), type: 'image/jpeg' },
      ],
      { cleanUp: 'true' },
    );
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const path = await savePdf(response.rawPayload);
    expect(response.rawPayload.indexOf(page)).toBe(-1);
    const [[width, height], whole] = pdfPageSizes(path) as [[number, number], [number, number]];
    expect(width).toBeGreaterThanOrEqual(photoFacts.turnedSheet.width);
    expect(width).toBeLessThan(photoFacts.turnedSheet.width + 60);
    expect(height).toBeGreaterThanOrEqual(photoFacts.turnedSheet.height);
    expect(height).toBeLessThan(photoFacts.turnedSheet.height + 60);
    expect(whole).toEqual([photoFacts.width, photoFacts.height]);
    expect(paperGrey(path)).toBeGreaterThan(245);
    await expectTempEmpty(t.tempDir);
  });

  it('leaves JPEG data untouched when cleanUp is off', async () => {
    const page = await photographedPage();
    const response = await post([{ name: 'page.jpg', data: page, type: 'image/jpeg' }], { cleanUp: 'false' });
    expect(response.statusCode).toBe(200);
    const path = await savePdf(response.rawPayload);
    expect(response.rawPayload.indexOf(page)).toBeGreaterThan(0);
    expect(pdfPageSizes(path)).toEqual([[photoFacts.width, photoFacts.height]]);
    expect(paperGrey(path)).toBeLessThan(photoFacts.sheet.paper + 10);
  });

  it('refuses a renamed PDF, a zero-byte file, a locked PDF and a cut photo with coded errors', async () => {
    const on = { cleanUp: 'true' };
    const pdf = makePdf();
    expectError(await post([{ name: 'page.jpg', data: pdf, type: 'image/jpeg' }], on), 'unsupported_file_type');
    expectError(
      await post([{ name: 'page.jpg', data: new Uint8Array(), type: 'image/jpeg' }], on),
      'unsupported_file_type',
    );
    const locked = passwordProtected(pdf);
    expectError(await post([{ name: 'scan.jpg', data: locked, type: 'image/jpeg' }], on), 'unsupported_file_type');
    const page = await photographedPage();
    const cut = page.subarray(0, Math.floor(page.length / 2));
    expectError(await post([{ name: 'cut.jpg', data: cut, type: 'image/jpeg' }], on), 'damaged_image');
    expectError(
      await post([{ name: 'page.jpg', data: page, type: 'image/jpeg' }], { cleanUp: 'maybe' }),
      'invalid_option',
    );
    await expectTempEmpty(t.tempDir);
  });
});
