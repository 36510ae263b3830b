import { assertValidPdf, pdfPageSizes } from '../../packages/engine/src/testing/pdf-assertions.js';
import { pageBoxes, placedLabels } from '../../packages/engine/src/testing/page-layout-fixtures.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, expectToast, pdfFixture, runAndDownload } from '../tool-fixtures.js';

/** Crop, N-up and Booklet from their pages: drop a PDF, set an option, press the action, check the download. */

const pages = (n: number) => Array.from({ length: n }, (_, i) => ({ text: [`Page ${i + 1}`] }));
const MM = 72 / 25.4;

test.describe('page layout tools', () => {
  test('crop-pdf: margins in millimetres set the crop box of every page', async ({ page }) => {
    await page.goto('/crop-pdf');
    await dropFiles(page, pdfFixture('letter.pdf', { pages: pages(2) }));
    await expectFilesReady(page, 1);
    await page.getByRole('radio', { name: /^Margins/ }).check();
    await page.getByLabel('Top margin (mm)').fill('20');
    await page.getByLabel('Left margin (mm)').fill('10');
    const result = await runAndDownload(page, 'Crop PDF');
    expect(result.name).toBe('cropped-document.pdf');
    assertValidPdf(result.path);
    await expectToast(page, 'Success!', 'Your PDF has been cropped successfully.');
    for (const boxes of pageBoxes(result.path)) {
      const [x0, y0, x1, y1] = boxes.cropBox!;
      expect([x0, y0, x1, y1].map(Math.round)).toEqual([Math.round(10 * MM), 0, 612, Math.round(792 - 20 * MM)]);
    }
  });

  test('n-up-pdf: two pages a sheet, in order, on landscape A4', async ({ page }) => {
    await page.goto('/n-up-pdf');
    await dropFiles(page, pdfFixture('five.pdf', { pages: pages(5) }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Pages per sheet').selectOption('2');
    const result = await runAndDownload(page, 'Create N-up PDF');
    expect(result.name).toBe('n-up-document.pdf');
    assertValidPdf(result.path);
    const sheets = placedLabels(result.path).map((labels) =>
      [...labels].sort((a, b) => a.x - b.x).map((label) => label.page),
    );
    expect(sheets).toEqual([[1, 2], [3, 4], [5]]);
    const [width, height] = pdfPageSizes(result.path)[0]!;
    expect(Math.round(width)).toBe(842);
    expect(Math.round(height)).toBe(595);
  });

  test('booklet-pdf: right-to-left binding mirrors every side', async ({ page }) => {
    await page.goto('/booklet-pdf');
    await dropFiles(page, pdfFixture('eight.pdf', { pages: pages(8) }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Binding').selectOption('right');
    const result = await runAndDownload(page, 'Create Booklet');
    expect(result.name).toBe('booklet.pdf');
    assertValidPdf(result.path);
    await expectToast(page, 'Success!', 'Your booklet has been created successfully.');
    const sides = placedLabels(result.path).map((labels) =>
      [...labels].sort((a, b) => a.x - b.x).map((label) => label.page),
    );
    expect(sides).toEqual([
      [1, 8],
      [7, 2],
      [3, 6],
      [5, 4],
    ]);
  });
});
