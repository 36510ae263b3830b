import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, pdfFixture, runAndDownload } from '../tool-fixtures.js';

/** PDF to PNG and PDF to TIFF from their pages: drop a PDF, set the options, convert, check the download. */

const boxed = { rgb: [0.1, 0.5, 0.2] as [number, number, number], x: 72, y: 72, width: 200, height: 150 };

test.describe('pages as images', () => {
  test('pdf-to-png: one PNG with a transparent background at the chosen resolution', async ({ page }) => {
    await page.goto('/pdf-to-png');
    await dropFiles(page, pdfFixture('logo.pdf', { pages: [{ width: 612, height: 792, box: boxed }] }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Resolution').selectOption('72');
    await page.getByLabel('Transparent background').check();
    const result = await runAndDownload(page, 'Convert to PNG');
    expect(result.name).toBe('page-1.png');
    const { data, info } = await sharp(result.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([612, 792, 4]);
    // The corner is background, left see-through; the box is opaque green.
    expect(data[3]).toBe(0);
    const inBox = ((792 - 72 - 75) * 612 + 72 + 100) * 4;
    expect([...data.subarray(inBox, inBox + 4)].map((v) => Math.round(v / 10))).toEqual([3, 13, 5, 26]);
  });

  test('pdf-to-png: a ZIP of numbered PNGs for a longer PDF', async ({ page }) => {
    await page.goto('/pdf-to-png');
    await dropFiles(page, pdfFixture('deck.pdf', { pageCount: 3 }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Resolution').selectOption('72');
    const result = await runAndDownload(page, 'Convert to PNG');
    expect(result.name).toBe('pdf-pages-png.zip');
    expect(Object.keys(unzipSync(result.bytes))).toEqual(['deck-page-01.png', 'deck-page-02.png', 'deck-page-03.png']);
  });

  test('pdf-to-tiff: one black-and-white multi-page TIFF', async ({ page }) => {
    await page.goto('/pdf-to-tiff');
    await dropFiles(page, pdfFixture('letters.pdf', { pages: [{}, { width: 288, height: 432 }] }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Resolution').selectOption('200');
    await page.getByLabel('Black and white').check();
    const result = await runAndDownload(page, 'Convert to TIFF');
    expect(result.name).toBe('converted-document.tiff');
    const first = await sharp(result.bytes).metadata();
    expect([first.format, first.pages, first.bitsPerSample, first.width, first.height]).toEqual([
      'tiff',
      2,
      1,
      1700,
      2200,
    ]);
    const second = await sharp(result.bytes, { page: 1 }).metadata();
    expect([second.width, second.height]).toEqual([800, 1200]);
  });
});
