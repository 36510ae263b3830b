import {
  assertValidPdf,
  pdfPageCount,
  pdfPageSizes,
  renderPageRgb,
} from '../../packages/engine/src/testing/pdf-assertions.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, imageFixture, runAndDownload } from '../tool-fixtures.js';

/** JPG to PDF from its page: drop images, reorder them, choose A4, convert, check the PDF's pages. */

/** The colour in the middle of a page, as a PDF viewer draws it. */
function middleColour(path: string, page: number): number[] {
  const image = renderPageRgb(path, page, 18);
  const at = (Math.floor(image.height / 2) * image.width + Math.floor(image.width / 2)) * 3;
  return [...image.pixels.subarray(at, at + 3)].map((value) => Math.round(value / 51));
}

test.describe('images to PDF', () => {
  test('jpg-to-pdf: two images, reordered, on A4 pages turned to each image', async ({ page }) => {
    const photo = await imageFixture('beach.jpg', 300, 200, '#ff0000');
    const drawing = await imageFixture('plan.png', 100, 150, '#0000ff');
    await page.goto('/jpg-to-pdf');
    await dropFiles(page, [photo, drawing]);
    await expectFilesReady(page, 2);
    // The rows show the images themselves, and offer no pages to unfold.
    await expect(page.getByTestId('image-thumbnail')).toHaveCount(2);
    await expect(page.getByRole('button', { name: /Show pages/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Move plan.png up' }).click();
    await expect(page.getByRole('button', { name: 'Move plan.png down' })).toBeFocused();
    await page.getByLabel('Page size').selectOption('a4');
    const result = await runAndDownload(page, 'Convert to PDF');
    expect(result.name).toBe('images.pdf');
    assertValidPdf(result.path);
    expect(pdfPageCount(result.path)).toBe(2);
    // The portrait drawing first on a portrait page, then the landscape photo on a landscape page.
    expect(pdfPageSizes(result.path)).toEqual([
      [595.276, 841.89],
      [841.89, 595.276],
    ]);
    expect(middleColour(result.path, 1)).toEqual([0, 0, 5]);
    expect(middleColour(result.path, 2)).toEqual([5, 0, 0]);
    await expect(page.getByText('Your images have been converted to PDF successfully.')).toBeVisible();
  });
});
