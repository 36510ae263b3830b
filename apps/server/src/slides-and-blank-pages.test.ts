import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recognisedPagesHeader } from '@paperknife/catalog/http-api';
import { toolByFunction, tools } from '@paperknife/catalog/tools';
import type { BlankPageList } from '@paperknife/catalog/tools/remove-blank-pages';
import { makePdf, passwordProtected } from '@paperknife/engine/testing/make-pdf';
import { pdfPageTexts } from '@paperknife/engine/testing/pdf-assertions';
import { type TestApp, expectTempEmpty, makeTestApp, multipart } from './testing/test-app.js';

/** PDF to PowerPoint and Remove Blank Pages through the HTTP API: their answers, and their refusals of bad uploads. */

let t: TestApp;
let dir: string;
let lockedPdf: Buffer;

/** Four letter pages: text, blank, text, blank. */
const withBlanks = () => makePdf({ pages: [{ text: ['Intro'] }, { text: [] }, { text: ['Summary'] }, { text: [] }] });

beforeAll(async () => {
  t = await makeTestApp();
  dir = await mkdtemp(join(tmpdir(), 'paperknife-slides-'));
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

describe('POST /functions/v1/pdf-to-powerpoint', () => {
  it('answers a .pptx with a slide per page and the text in text boxes', async () => {
    const pdf = makePdf({
      pages: [
        { width: 720, height: 540, text: ['Welcome aboard'] },
        { width: 720, height: 540 },
      ],
    });
    const response = await post('pdf-to-powerpoint', 'deck.pdf', pdf, { ocr: 'never' });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const { name, contentType } = tools['pdf-to-powerpoint'].download;
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['content-disposition']).toContain(`filename="${name}"`);
    expect(response.headers[recognisedPagesHeader.name.toLowerCase()]).toBe('0');
    const files = unzipSync(response.rawPayload);
    expect(strFromU8(files['ppt/presentation.xml']!)).toContain('<p:sldSz cx="9144000" cy="6858000"/>');
    expect(strFromU8(files['ppt/slides/slide1.xml']!)).toContain('<a:t>Welcome aboard</a:t>');
    expect(strFromU8(files['ppt/slides/slide2.xml']!)).toContain('<a:t>Page 2</a:t>');
    await expectTempEmpty(t.tempDir);
  });
});

describe('POST /functions/v1/remove-blank-pages', () => {
  it('lists every page with its ink for review, the blank ones marked', async () => {
    const response = await post('remove-blank-pages', 'scan.pdf', withBlanks(), { output: 'list' });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const [list] = tools['remove-blank-pages'].extraDownloads;
    expect(response.headers['content-disposition']).toContain(`filename="${list.name}"`);
    const blank = response.json<BlankPageList>();
    expect(blank.pageCount).toBe(4);
    expect(blank.pages.map((page) => [page.page, page.blank])).toEqual([
      [1, false],
      [2, true],
      [3, false],
      [4, true],
    ]);
  });

  it('removes the blank pages, or the ones chosen on review', async () => {
    const found = await post('remove-blank-pages', 'scan.pdf', withBlanks());
    expect(found.statusCode, found.body.slice(0, 200)).toBe(200);
    expect(found.headers['content-disposition']).toContain(`filename="${tools['remove-blank-pages'].download.name}"`);
    const path = join(dir, 'found.pdf');
    await writeFile(path, found.rawPayload);
    expect(pdfPageTexts(path)).toEqual(['Intro', 'Summary']);

    const chosen = await post('remove-blank-pages', 'scan.pdf', withBlanks(), { pages: '4' });
    expect(chosen.statusCode).toBe(200);
    await writeFile(path, chosen.rawPayload);
    expect(pdfPageTexts(path)).toEqual(['Intro', '', 'Summary']);
    await expectTempEmpty(t.tempDir);
  });

  it('refuses a document whose every page is blank', async () => {
    const response = await post('remove-blank-pages', 'blank.pdf', makePdf({ pages: [{ text: [] }, { text: [] }] }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'no_pages_left' } });
  });
});

describe.each(['pdf-to-powerpoint', 'remove-blank-pages'])('%s refuses bad uploads with a catalogue error', (fn) => {
  const expectError = (response: { statusCode: number; json: () => unknown }, status: number, code: string) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error: { code } });
  };

  it('a renamed file, a zero-byte file and a password-protected PDF', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expectError(await post(fn, 'scan.pdf', png), 415, 'unsupported_file_type');
    const empty = await post(fn, 'empty.pdf', new Uint8Array());
    expectError(empty, 415, 'unsupported_file_type');
    expect(empty.json()).toMatchObject({ error: { message: tools[toolByFunction(fn)!].invalidTypeDescription } });
    expectError(await post(fn, 'locked.pdf', lockedPdf), 422, 'encrypted_pdf');
    await expectTempEmpty(t.tempDir);
  });
});
