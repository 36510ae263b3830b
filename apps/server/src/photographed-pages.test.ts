import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@paperknife/catalog/errors';
import { tools } from '@paperknife/catalog/tools';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { renderPageRgb } from '@paperknife/engine/testing/pdf-assertions';
import { photoFacts, photographedPage, tableTopPhoto } from '@paperknife/engine/testing/photographed-page';
import { type TestApp, type UploadFile, expectTempEmpty, makeTestApp, multipart, savePdf } from './testing/test-app.js';

/** JPG to PDF's clean-up of photographed pages through the HTTP API: the `cleanUp` field, on and off. */

const tool = tools['jpg-to-pdf'];
let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await makeTestApp();
  dir = await mkdtemp(join(tmpdir(), 'paperknife-photographed-pages-'));
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

/** Page sizes in points, from pdfinfo. */
function pageSizes(path: string): [number, number][] {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '99', path], { encoding: 'utf8' });
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

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
    const [[width, height], whole] = pageSizes(path) as [[number, number], [number, number]];
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
    expect(pageSizes(path)).toEqual([[photoFacts.width, photoFacts.height]]);
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
    await writeFile(join(dir, 'plain.pdf'), pdf);
    execFileSync('qpdf', ['--encrypt', 'pw', 'pw', '256', '--', join(dir, 'plain.pdf'), join(dir, 'locked.pdf')]);
    const locked = await readFile(join(dir, 'locked.pdf'));
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
