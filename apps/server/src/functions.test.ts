import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { LIBREOFFICE_TEST_MS } from '@paperknife/engine/testing/test-job';
import {
  pdfEncryption,
  pdfPageCount,
  pdfPageTexts,
  pdfRotations,
  renderPageRgb,
  isGray,
} from '@paperknife/engine/testing/pdf-assertions';
import { type TestApp, expectTempEmpty, makeTestApp, multipart, savePdf } from './testing/test-app.js';

/** Every function of the API, called as a client would, with the result checked for its content. */

let t: TestApp;
let jpeg: Buffer;
let photoPdf: Buffer;

beforeAll(async () => {
  t = await makeTestApp();
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  photoPdf = makePdf({
    pages: [
      {
        text: ['Photo page'],
        box: { rgb: [0.1, 0.6, 0.9], x: 72, y: 72, width: 200, height: 100 },
        image: { jpeg, pixelWidth: 64, pixelHeight: 48, x: 300, y: 300, width: 128, height: 96 },
      },
    ],
  });
});

afterAll(async () => {
  await t.close();
});

const threePages = () => makePdf({ pages: [1, 2, 3].map((n) => ({ text: [`Hello server page ${n}`] })) });

async function post(fn: string, files: { name: string; data: Uint8Array; field?: string }[], fields = {}) {
  const { payload, headers } = multipart(files, fields);
  return t.app.inject({
    method: 'POST',
    url: `/functions/v1/${fn}`,
    payload,
    headers: { ...headers, authorization: 'Bearer public-client-token' },
  });
}

function expectDownload(response: { headers: Record<string, unknown> }, name: string, type: string) {
  expect(response.headers['content-type']).toBe(type);
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
}

describe('POST /functions/v1/{function}', () => {
  it('rotate-pdf turns every page, or the listed pages', async () => {
    const all = await post('rotate-pdf', [{ name: 'a.pdf', data: threePages() }], { angle: 90 });
    expect(all.statusCode).toBe(200);
    expectDownload(all, 'rotated-document.pdf', 'application/pdf');
    expect(pdfRotations(await savePdf(all.rawPayload))).toEqual([90, 90, 90]);

    const some = await post('rotate-pdf', [{ name: 'a.pdf', data: threePages() }], { angle: '180', pages: '2-3' });
    expect(pdfRotations(await savePdf(some.rawPayload))).toEqual([0, 180, 180]);
    await expectTempEmpty(t.tempDir);
  });

  it('merge-pdf joins files in the order sent', async () => {
    const response = await post('merge-pdf', [
      { field: 'files', name: 'one.pdf', data: makePdf({ pages: [{ text: ['First file'] }] }) },
      {
        field: 'files',
        name: 'two.pdf',
        data: makePdf({ pages: [{ text: ['Second file'] }, { text: ['Second b'] }] }),
      },
    ]);
    expect(response.statusCode).toBe(200);
    expectDownload(response, 'merged-document.pdf', 'application/pdf');
    expect(pdfPageTexts(await savePdf(response.rawPayload))).toEqual(['First file', 'Second file', 'Second b']);
  });

  it('split-pdf gives one PDF per page in a ZIP named after the upload', async () => {
    const response = await post('split-pdf', [{ name: 'report.pdf', data: threePages() }]);
    expect(response.statusCode).toBe(200);
    expectDownload(response, 'split-pages.zip', 'application/zip');
    const entries = unzipSync(response.rawPayload);
    expect(Object.keys(entries).sort()).toEqual(['report-page-01.pdf', 'report-page-02.pdf', 'report-page-03.pdf']);
    const second = await savePdf(entries['report-page-02.pdf']!);
    expect(pdfPageTexts(second)).toEqual(['Hello server page 2']);
  });

  it('split-pdf by ranges', async () => {
    const response = await post('split-pdf', [{ name: 'report.pdf', data: threePages() }], {
      mode: 'ranges',
      ranges: '1-2,3',
    });
    expect(response.statusCode).toBe(200);
    const entries = unzipSync(response.rawPayload);
    expect(Object.keys(entries).sort()).toEqual(['report-page-03.pdf', 'report-pages-1-2.pdf']);
    expect(pdfPageCount(await savePdf(entries['report-pages-1-2.pdf']!))).toBe(2);
  });

  it('protect-pdf encrypts with AES-256 and the chosen permissions', async () => {
    const response = await post('protect-pdf', [{ name: 'a.pdf', data: threePages() }], {
      userPassword: 'secret123',
      allowPrinting: 'false',
    });
    expect(response.statusCode).toBe(200);
    expectDownload(response, 'protected-document.pdf', 'application/pdf');
    const path = await savePdf(response.rawPayload, 'secret123');
    const encryption = pdfEncryption(path, 'secret123');
    expect(encryption.encrypted).toBe(true);
    expect(encryption.revision).toBe(6);
    expect(encryption.permissions['print high resolution']).toBe(false);
  });

  it('unlock-pdf removes the password', async () => {
    const locked = await post('protect-pdf', [{ name: 'a.pdf', data: threePages() }], { userPassword: 'secret123' });
    const response = await post('unlock-pdf', [{ name: 'a.pdf', data: locked.rawPayload }], { password: 'secret123' });
    expect(response.statusCode).toBe(200);
    expectDownload(response, 'unlocked-document.pdf', 'application/pdf');
    const path = await savePdf(response.rawPayload);
    expect(pdfEncryption(path).encrypted).toBe(false);
    expect(pdfPageTexts(path)[0]).toBe('Hello server page 1');
  });

  it('extract-pages-pdf keeps the pages in the order written', async () => {
    const response = await post('extract-pages-pdf', [{ name: 'a.pdf', data: threePages() }], { pages: '3,1' });
    expect(response.statusCode).toBe(200);
    expectDownload(response, 'extracted-pages.pdf', 'application/pdf');
    expect(pdfPageTexts(await savePdf(response.rawPayload))).toEqual(['Hello server page 3', 'Hello server page 1']);
  });

  it('delete-pages-pdf removes the listed pages', async () => {
    const response = await post('delete-pages-pdf', [{ name: 'a.pdf', data: threePages() }], { pages: '2' });
    expect(response.statusCode).toBe(200);
    expectDownload(response, 'pages-deleted.pdf', 'application/pdf');
    expect(pdfPageTexts(await savePdf(response.rawPayload))).toEqual(['Hello server page 1', 'Hello server page 3']);
  });

  it('grayscale-pdf leaves no colour and keeps the text', async () => {
    const response = await post('grayscale-pdf', [{ name: 'a.pdf', data: photoPdf }]);
    expect(response.statusCode).toBe(200);
    expectDownload(response, 'grayscale-document.pdf', 'application/pdf');
    const path = await savePdf(response.rawPayload);
    expect(isGray(renderPageRgb(path, 1).pixels)).toBe(true);
    expect(pdfPageTexts(path)[0]).toContain('Photo page');
  });

  it('compress-pdf returns a PDF no larger than the upload, with both sizes in headers', async () => {
    const input = makePdf({ pageCount: 20 });
    const response = await post('compress-pdf', [{ name: 'a.pdf', data: input }], { level: 'low' });
    expect(response.statusCode).toBe(200);
    expectDownload(response, 'compressed-document.pdf', 'application/pdf');
    expect(response.headers['x-original-size']).toBe(String(input.length));
    expect(response.headers['x-output-size']).toBe(String(response.rawPayload.length));
    expect(response.rawPayload.length).toBeLessThanOrEqual(input.length);
    expect(pdfPageCount(await savePdf(response.rawPayload))).toBe(20);
  });

  it('watermark-pdf stamps the text on every page', async () => {
    const response = await post('watermark-pdf', [{ name: 'a.pdf', data: threePages() }], {
      text: 'CONFIDENTIAL',
      opacity: '0.5',
      fontSize: '36',
      color: '#ff0000',
      position: 'center',
    });
    expect(response.statusCode).toBe(200);
    expectDownload(response, 'watermarked-document.pdf', 'application/pdf');
    const texts = pdfPageTexts(await savePdf(response.rawPayload));
    expect(texts).toHaveLength(3);
    for (const text of texts) expect(text).toContain('CONFIDENTIAL');
  });

  it('page-numbers-pdf numbers the pages in the format asked', async () => {
    const response = await post('page-numbers-pdf', [{ name: 'a.pdf', data: threePages() }], {
      position: 'bottom-center',
      fontSize: '12',
      startNumber: '1',
      format: 'Page {n} of {total}',
    });
    expect(response.statusCode).toBe(200);
    expectDownload(response, 'page-numbered-document.pdf', 'application/pdf');
    const texts = pdfPageTexts(await savePdf(response.rawPayload));
    expect(texts[0]).toContain('Page 1 of 3');
    expect(texts[2]).toContain('Page 3 of 3');
  });

  it('pdf-to-jpg gives one JPG for a one-page PDF at the asked resolution', async () => {
    const response = await post('pdf-to-jpg', [{ name: 'a.pdf', data: makePdf() }], { dpi: '72', quality: '80' });
    expect(response.statusCode).toBe(200);
    expectDownload(response, 'page-1.jpg', 'image/jpeg');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(612);
    expect(meta.height).toBe(792);
  });

  it('pdf-to-jpg gives a ZIP of numbered JPGs for longer PDFs', async () => {
    const response = await post('pdf-to-jpg', [{ name: 'report.pdf', data: threePages() }], { dpi: '72' });
    expect(response.statusCode).toBe(200);
    expectDownload(response, 'pdf-pages-jpg.zip', 'application/zip');
    const entries = unzipSync(response.rawPayload);
    expect(Object.keys(entries).sort()).toEqual(['report-page-01.jpg', 'report-page-02.jpg', 'report-page-03.jpg']);
    expect((await sharp(entries['report-page-03.jpg']!).metadata()).format).toBe('jpeg');
  });

  it('pdf-to-word gives a .docx with the text', async () => {
    const response = await post('pdf-to-word', [{ name: 'a.pdf', data: threePages() }]);
    expect(response.statusCode).toBe(200);
    expectDownload(
      response,
      'converted-document.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const documentXml = Buffer.from(unzipSync(response.rawPayload)['word/document.xml']!).toString('utf8');
    expect(documentXml).toContain('Hello server page 1');
    expect(documentXml).toContain('Hello server page 3');
  });

  it(
    'word-to-pdf converts a .docx',
    async () => {
      const docx = await Packer.toBuffer(
        new Document({
          sections: [{ children: [new Paragraph({ children: [new TextRun('Converted by the API')] })] }],
        }),
      );
      const response = await post('word-to-pdf', [
        {
          name: 'letter.docx',
          data: docx,
        },
      ]);
      expect(response.statusCode).toBe(200);
      expectDownload(response, 'converted-document.pdf', 'application/pdf');
      expect(pdfPageTexts(await savePdf(response.rawPayload))[0]).toContain('Converted by the API');
    },
    LIBREOFFICE_TEST_MS,
  );

  it('extract-text-pdf gives the text as UTF-8', async () => {
    const response = await post('extract-text-pdf', [{ name: 'a.pdf', data: threePages() }]);
    expect(response.statusCode).toBe(200);
    expectDownload(response, 'extracted-text.txt', 'text/plain; charset=utf-8');
    const text = response.rawPayload.toString('utf8');
    expect(text).toContain('Hello server page 1');
    expect(text.indexOf('Hello server page 2')).toBeGreaterThan(text.indexOf('Hello server page 1'));
  });

  it('extract-images-pdf returns the embedded JPEG exactly as stored', async () => {
    const response = await post('extract-images-pdf', [{ name: 'photos.pdf', data: photoPdf }]);
    expect(response.statusCode).toBe(200);
    expectDownload(response, 'extracted-images.zip', 'application/zip');
    const images = Object.values(unzipSync(response.rawPayload));
    expect(images).toHaveLength(1);
    expect(Buffer.from(images[0]!).equals(jpeg)).toBe(true);
  });
});

describe('JSON with base64 files', () => {
  it('takes files[0] for single-file tools, with options beside it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/rotate-pdf',
      payload: { files: [{ name: 'a.pdf', data: threePages().toString('base64') }], angle: 270, pages: '1' },
    });
    expect(response.statusCode).toBe(200);
    expect(pdfRotations(await savePdf(response.rawPayload))).toEqual([270, 0, 0]);
  });

  it('takes "file" too, and several files for merge', async () => {
    const single = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/extract-pages-pdf',
      payload: { file: { name: 'a.pdf', data: threePages().toString('base64') }, pages: '2' },
    });
    expect(pdfPageTexts(await savePdf(single.rawPayload))).toEqual(['Hello server page 2']);

    const merged = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/merge-pdf',
      payload: {
        files: [
          { name: 'a.pdf', data: makePdf({ pages: [{ text: ['JSON one'] }] }).toString('base64') },
          { name: 'b.pdf', data: makePdf({ pages: [{ text: ['JSON two'] }] }).toString('base64') },
        ],
      },
    });
    expect(merged.statusCode).toBe(200);
    expect(pdfPageTexts(await savePdf(merged.rawPayload))).toEqual(['JSON one', 'JSON two']);
  });

  it('accepts base64 with line breaks and data: URLs', async () => {
    const wrapped = threePages().toString('base64').replace(/.{76}/g, '$&\r\n');
    const response = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/delete-pages-pdf',
      payload: { files: [{ name: 'a.pdf', data: `data:application/pdf;base64,${wrapped}` }], pages: '1-2' },
    });
    expect(response.statusCode).toBe(200);
    expect(pdfPageTexts(await savePdf(response.rawPayload))).toEqual(['Hello server page 3']);
  });
});

describe('a real listening server', () => {
  it('answers the README curl command', async () => {
    const url = await t.listen();
    const dir = await mkdtemp(join(tmpdir(), 'paperknife-curl-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    await writeFile(join(dir, 'some.pdf'), threePages());
    // Asynchronously: the server answering it runs in this same process.
    const curl = await promisify(execFile)(
      'curl',
      ['-sS', '-f', '-F', 'file=@some.pdf', '-F', 'angle=90', `${url}/functions/v1/rotate-pdf`, '-o', 'out.pdf'],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(curl.stderr).toBe('');
    expect(pdfRotations(await savePdf(await readFile(join(dir, 'out.pdf'))))).toEqual([90, 90, 90]);
    await expectTempEmpty(t.tempDir);
  });
});
