import { assertValidPdf, pdfPageSizes } from '../../packages/engine/src/testing/pdf-assertions.js';
import { pageBoxes, placedLabels } from '../../packages/engine/src/testing/page-layout-fixtures.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, expectToast, pdfFixture, runAndDownload } from '../tool-fixtures.js';

/** Crop, N-up and Booklet from their pages: drop a PDF, set an option, press the action, check the download. */

const pages = (n: number) => Array.from({ length: n }, (_, i) => ({ text: [`Page ${i + 1}`] }));
test.describe('page layout tools', () => {
  test('crop-pdf: the area drawn on the first page sets the margins and the box of every page, content outside removed', async ({
    page,
  }) => {
    await page.goto('/crop-pdf');
    await dropFiles(page, pdfFixture('letter.pdf', { pages: pages(2) }));
    await expectFilesReady(page, 1);
    await page.getByRole('radio', { name: /^Margins/ }).check();
    const preview = page.locator('[data-testid="crop-page"][data-drawn]');
    const frame = (await preview.boundingBox())!;
    await page.mouse.move(frame.x + frame.width * 0.25, frame.y + frame.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width * 0.5, frame.y + frame.height * 0.5, { steps: 4 });
    await page.mouse.move(frame.x + frame.width * 0.75, frame.y + frame.height * 0.8, { steps: 4 });
    await page.mouse.up();
    // Letter is 215.9 × 279.4 mm: a fifth of its height is about 56 mm.
    expect(Number(await page.getByLabel('Top margin (mm)').inputValue())).toBeCloseTo(55.9, -1);
    await page.getByLabel('Remove the content outside').check();
    const result = await runAndDownload(page, 'Crop PDF');
    expect(result.name).toBe('cropped-document.pdf');
    assertValidPdf(result.path);
    await expectToast(page, 'Success!', 'Your PDF has been cropped successfully.');
    for (const boxes of pageBoxes(result.path)) {
      const [x0, y0, x1, y1] = boxes.cropBox!;
      const expected = [0.25 * 612, 0.2 * 792, 0.75 * 612, 0.8 * 792];
      [x0, y0, x1, y1].forEach((value, index) => expect(Math.abs(value - expected[index]!)).toBeLessThan(10));
      // Removed outside: the media box is the crop box.
      expect(boxes.mediaBox).toEqual(boxes.cropBox);
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
