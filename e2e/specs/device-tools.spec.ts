import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { type ToolId, tools } from '@paperknife/catalog/tools';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import {
  assertValidPdf,
  pdfEncryption,
  pdfPageCount,
  pdfPageTexts,
  pdfRotations,
} from '../../packages/engine/src/testing/pdf-assertions.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, fixtureDir, pdfFixture, runAndDownload } from '../tool-fixtures.js';

/**
 * The page tools on the device (decision 205): qpdf in a Web Worker, the files never sent to the API, the same
 * downloads as the server's, offline after a visit, and a question before anything goes to the server. The MuPDF
 * tools (decision 211) the same way with mupdf.js in a worker of its own.
 */

const pages = (n: number, prefix = 'Page') => Array.from({ length: n }, (_, i) => ({ text: [`${prefix} ${i + 1}`] }));

/** Every request the page (and its workers) makes to the API from now on. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/functions/')) seen.push(request.url());
  });
  return seen;
}

const deviceWay = (page: Page) => page.getByRole('radio', { name: 'On this device (not uploaded)' });

async function openOnDevice(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await deviceWay(page).check();
}

/** Presses the tool's action and takes the download, which bears the catalogue's download name. */
async function runDownloading(page: Page, id: ToolId): Promise<{ path: string; name: string; bytes: Buffer }> {
  const result = await runAndDownload(page, tools[id].actionLabel);
  expect(result.name).toBe(tools[id].download.name);
  return result;
}

/**
 * Once the service worker has kept the page's path and a wasm whose name `wasm` matches, the page is reloaded with
 * the browser offline, the device way is still chosen, and `work` runs there.
 */
async function againOffline(page: Page, path: string, wasm: RegExp, work: () => Promise<void>): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        async ({ path, wasm }) => {
          const names = await caches.keys();
          const cache = names.length ? await caches.open(names[0]!) : undefined;
          const kept = cache ? (await cache.keys()).map((request) => new URL(request.url).pathname) : [];
          return kept.includes(path) && kept.some((kept) => new RegExp(wasm).test(kept));
        },
        { path, wasm: wasm.source },
      ),
    )
    .toBe(true);
  await page.context().setOffline(true);
  try {
    await page.reload();
    await expect(deviceWay(page)).toBeChecked();
    await work();
  } finally {
    await page.context().setOffline(false);
  }
}

/** A PDF whose cross-reference offset points nowhere: qpdf reads it only by reconstructing it (a repair). */
function brokenXrefPdf(name: string): string {
  const pdf = readFileSync(pdfFixture(`whole-${name}`, { pages: pages(2) })).toString('latin1');
  const path = join(fixtureDir, name);
  writeFileSync(path, Buffer.from(pdf.replace(/startxref\s+\d+/, 'startxref\n99999'), 'latin1'));
  return path;
}

async function mergeTwo(page: Page, prefix: string): Promise<void> {
  const first = pdfFixture(`${prefix}-first.pdf`, { pages: pages(1, 'First') });
  const second = pdfFixture(`${prefix}-second.pdf`, { pages: pages(2, 'Second') });
  await dropFiles(page, [first, second]);
  await expectFilesReady(page, 2);
  const result = await runDownloading(page, 'merge-pdf');
  assertValidPdf(result.path);
  expect(pdfPageTexts(result.path).map((text) => text.trim())).toEqual(['First 1', 'Second 1', 'Second 2']);
}

test.describe('page tools on this device', () => {
  test('merge and rotate run in the browser: right downloads, no request to the API', async ({ page }) => {
    const api = apiRequests(page);
    await openOnDevice(page, '/merge-pdf');
    await expect(page.getByText(/One-time download \d+ kB/)).toBeVisible();
    await mergeTwo(page, 'device');

    await openOnDevice(page, '/rotate-pdf');
    await dropFiles(page, pdfFixture('device-rotate.pdf', { pages: pages(3) }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Rotation angle').selectOption('90');
    await page.getByLabel('Pages to rotate').selectOption('selected');
    await page.getByLabel('Pages', { exact: true }).fill('2-3');
    const rotated = await runDownloading(page, 'rotate-pdf');
    expect(pdfRotations(rotated.path)).toEqual([0, 90, 90]);
    expect(api).toEqual([]);
  });

  test('organize and protect run in the browser: right downloads, no request to the API', async ({ page }) => {
    const api = apiRequests(page);
    await openOnDevice(page, '/organize-pdf');
    await dropFiles(page, pdfFixture('device-organize.pdf', { pages: pages(4) }));
    await expectFilesReady(page, 1);
    const order = page.getByRole('textbox', { name: 'New page order' });
    await expect(order).toHaveValue('1-4');
    await order.fill('4,2r180,1');
    const organized = await runDownloading(page, 'organize-pdf');
    expect(pdfPageTexts(organized.path).map((text) => text.trim())).toEqual(['Page 4', 'Page 2', 'Page 1']);
    expect(pdfRotations(organized.path)).toEqual([0, 180, 0]);

    await openOnDevice(page, '/protect-pdf');
    await dropFiles(page, pdfFixture('device-secret.pdf', { pages: pages(2) }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Password', { exact: true }).fill('s3cret-pass');
    await page.getByLabel('Confirm password').fill('s3cret-pass');
    const protectedPdf = await runDownloading(page, 'protect-pdf');
    // Opening needs the password: without it qpdf refuses, with it the pages are there.
    expect(() => pdfPageCount(protectedPdf.path)).toThrow();
    expect(pdfPageCount(protectedPdf.path, 's3cret-pass')).toBe(2);
    expect(pdfEncryption(protectedPdf.path, 's3cret-pass').fileMethod).toBe('AESv3');
    expect(api).toEqual([]);
  });

  test('the choice is remembered, and the merge works again with the browser offline', async ({ page }) => {
    const api = apiRequests(page);
    await openOnDevice(page, '/merge-pdf');
    await mergeTwo(page, 'online');
    // The service worker has kept the page, its scripts and the qpdf module.
    await againOffline(page, '/merge-pdf', /\.wasm$/, () => mergeTwo(page, 'offline'));
    expect(api).toEqual([]);
  });

  test('a file that needs repair: the page asks, and uploads only once the visitor says yes', async ({ page }) => {
    const api = apiRequests(page);
    await openOnDevice(page, '/rotate-pdf');
    await dropFiles(page, brokenXrefPdf('needs-repair.pdf'));
    await expectFilesReady(page, 1);
    const question = page.getByRole('alertdialog');
    await page.getByRole('button', { name: tools['rotate-pdf'].actionLabel, exact: true }).click();
    await expect(question).toContainText('This file needs repair, which only our server can do. Upload it?');
    await question.getByRole('button', { name: "Don't upload" }).click();
    await expect(question).toBeHidden();
    expect(api).toEqual([]);

    await page.getByRole('button', { name: tools['rotate-pdf'].actionLabel, exact: true }).click();
    const downloading = page.waitForEvent('download');
    await question.getByRole('button', { name: 'Upload', exact: true }).click();
    const download = await downloading;
    const path = join(fixtureDir, `repaired-${download.suggestedFilename()}`);
    await download.saveAs(path);
    expect(pdfRotations(path)).toEqual([90, 90]);
    expect(api).toHaveLength(1);
  });

  test('PDF to JPG runs in the browser with mupdf.js: page images of the right size and colour, nothing sent', async ({
    page,
  }) => {
    const api = apiRequests(page);
    await openOnDevice(page, '/pdf-to-jpg');
    await expect(page.getByText(/One-time download [\d.]+ MB/)).toBeVisible();
    const box = { rgb: [0.1, 0.5, 0.2] as [number, number, number], x: 72, y: 72, width: 200, height: 150 };
    await dropFiles(page, pdfFixture('device-pages.pdf', { pages: [{ box }, { width: 288, height: 432 }] }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Resolution').selectOption('72');
    const result = await runDownloading(page, 'pdf-to-jpg');
    const parts = unzipSync(result.bytes);
    expect(Object.keys(parts)).toEqual(['device-pages-page-01.jpg', 'device-pages-page-02.jpg']);
    const first = await sharp(parts['device-pages-page-01.jpg']!).raw().toBuffer({ resolveWithObject: true });
    expect([first.info.width, first.info.height]).toEqual([612, 792]);
    // The middle of the box is its green; a corner is the page's white.
    const inBox = ((792 - 72 - 75) * 612 + 72 + 100) * 3;
    expect([...first.data.subarray(inBox, inBox + 3)].map((v) => Math.round(v / 16))).toEqual([2, 8, 3]);
    expect([...first.data.subarray(0, 3)].map((v) => Math.round(v / 16))).toEqual([16, 16, 16]);
    const second = await sharp(parts['device-pages-page-02.jpg']!).metadata();
    expect([second.format, second.width, second.height]).toEqual(['jpeg', 288, 432]);
    expect(api).toEqual([]);
  });

  test('Extract Text runs in the browser with mupdf.js, and again with the browser offline', async ({ page }) => {
    const api = apiRequests(page);
    const extract = async (prefix: string) => {
      await dropFiles(page, pdfFixture(`${prefix}-text.pdf`, { pages: pages(2, `${prefix} line`) }));
      await expectFilesReady(page, 1);
      const result = await runDownloading(page, 'extract-text');
      const text = result.bytes.toString('utf8');
      expect(text).toContain(`${prefix} line 1`);
      expect(text.indexOf(`${prefix} line 2`)).toBeGreaterThan(text.indexOf(`${prefix} line 1`));
    };
    await openOnDevice(page, '/extract-text');
    await extract('Online');
    // The service worker has kept the page, the MuPDF worker's scripts and mupdf.js's wasm.
    await againOffline(page, '/extract-text', /mupdf-wasm-[\w-]+\.wasm$/, () => extract('Offline'));
    expect(api).toEqual([]);
  });
});
