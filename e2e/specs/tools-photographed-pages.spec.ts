import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertValidPdf, pdfPageSizes, renderPageRgb } from '../../packages/engine/src/testing/pdf-assertions.js';
import { photoFacts, photographedPage } from '../../packages/engine/src/testing/photographed-page.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, fixtureDir, runAndDownload } from '../tool-fixtures.js';

/** JPG to PDF from a phone: the camera button, and the clean-up of a photographed page. */

/** The grey level the brightest tenth of the first page's pixels reach: the paper. */
function paperGrey(path: string): number {
  const { pixels } = renderPageRgb(path, 1, 36);
  const greys: number[] = [];
  for (let at = 0; at < pixels.length; at += 3) greys.push((pixels[at]! + pixels[at + 1]! + pixels[at + 2]!) / 3);
  return greys.sort((a, b) => a - b)[Math.floor(greys.length * 0.9)]!;
}

async function photoFixture(name: string): Promise<string> {
  const path = join(fixtureDir, name);
  writeFileSync(path, await photographedPage());
  return path;
}

test.describe('photographed pages to PDF', () => {
  // Chromium keeps a touch screen's coarse pointer for the rest of its browser once any context has had one (other
  // specs emulate touch too), so the mouse's test gets a browser of its own.
  test('jpg-to-pdf: no camera button where the pointer is a mouse; the photo goes in untouched', async ({
    playwright,
    launchOptions,
    baseURL,
  }) => {
    const browser = await playwright.chromium.launch(launchOptions);
    try {
      const page = await browser.newPage({ baseURL });
      const photo = await photoFixture('desk-photo.jpg');
      await page.goto('/jpg-to-pdf');
      await expect(page.getByRole('button', { name: 'Take a photo' })).toBeHidden();
      await dropFiles(page, photo);
      await expectFilesReady(page, 1);
      await expect(page.getByRole('checkbox', { name: 'Clean up photographed pages' })).not.toBeChecked();
      const result = await runAndDownload(page, 'Convert to PDF');
      assertValidPdf(result.path);
      expect(pdfPageSizes(result.path)).toEqual([[photoFacts.width, photoFacts.height]]);
      expect(paperGrey(result.path)).toBeLessThan(photoFacts.sheet.paper + 10);
    } finally {
      await browser.close();
    }
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true });

    test('jpg-to-pdf: a photo from the camera button, cleaned up, cropped to its sheet', async ({ page }) => {
      const photo = await photoFixture('camera-photo.jpg');
      await page.goto('/jpg-to-pdf');
      const camera = page.getByRole('button', { name: 'Take a photo' });
      await expect(camera).toBeVisible();
      // The keyboard reaches and presses it: the camera's input (here the file chooser) opens.
      await camera.focus();
      const choosing = page.waitForEvent('filechooser');
      await camera.press('Enter');
      const chooser = await choosing;
      expect(await chooser.element().getAttribute('capture')).toBe('environment');
      expect(await chooser.element().getAttribute('accept')).toBe('image/*');
      await chooser.setFiles(photo);
      await expectFilesReady(page, 1);
      await page.getByRole('checkbox', { name: 'Clean up photographed pages' }).check();
      const result = await runAndDownload(page, 'Convert to PDF');
      expect(result.name).toBe('images.pdf');
      assertValidPdf(result.path);
      const [[width, height]] = pdfPageSizes(result.path) as [[number, number]];
      expect(width).toBeGreaterThanOrEqual(photoFacts.turnedSheet.width);
      expect(width).toBeLessThan(photoFacts.turnedSheet.width + 60);
      expect(height).toBeGreaterThanOrEqual(photoFacts.turnedSheet.height);
      expect(height).toBeLessThan(photoFacts.turnedSheet.height + 60);
      expect(paperGrey(result.path)).toBeGreaterThan(245);
    });
  });
});
