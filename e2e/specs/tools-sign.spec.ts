import { assertValidPdf, pdfPageTexts, renderPageRgb } from '../../packages/engine/src/testing/pdf-assertions.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, expectToast, pdfFixture, runAndDownload } from '../tool-fixtures.js';

/**
 * Sign PDF in the browser: a signature drawn with the mouse and dragged to its place, and a typed one moved and
 * resized with the keyboard onto every page (after a look at the digital-signature-only choice, which hides the
 * picture); each downloaded and its pages rendered.
 */

/** Pixels of the pad's ink colour (#1a2a6c, dark blue, lighter where anti-aliased) in a box of the rendered page, given as page fractions. */
function inkIn(
  path: string,
  pageNumber: number,
  area: { x: number; y: number; width: number; height: number },
): number {
  const { width, height, pixels } = renderPageRgb(path, pageNumber, 100);
  let ink = 0;
  for (let y = Math.floor(area.y * height); y < Math.ceil((area.y + area.height) * height); y++) {
    for (let x = Math.floor(area.x * width); x < Math.ceil((area.x + area.width) * width); x++) {
      const at = (y * width + x) * 3;
      if (pixels[at + 2]! > pixels[at]! + 30 && pixels[at]! < 200) ink++;
    }
  }
  return ink;
}

test('sign-pdf: draw with the mouse, drag onto the page, download the page with the signature', async ({ page }) => {
  await page.goto('/sign-pdf');
  await dropFiles(page, pdfFixture('contract.pdf', { pages: [{ text: ['Contract'] }] }));
  await expectFilesReady(page, 1);

  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const padBox = (await pad.boundingBox())!;
  await page.mouse.move(padBox.x + padBox.width * 0.1, padBox.y + padBox.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 20; step++) {
    const x = padBox.x + padBox.width * (0.1 + 0.04 * step);
    const y = padBox.y + padBox.height * (0.5 + 0.25 * Math.sin(step / 2));
    await page.mouse.move(x, y, { steps: 2 });
  }
  await page.mouse.up();

  // The signature appears on the page preview at the default place; drag it near the top-left corner.
  const sheet = page.getByTestId('signature-page');
  await expect(sheet).toHaveAttribute('data-drawn', 'true');
  const signature = page.getByTestId('signature-box');
  await sheet.scrollIntoViewIfNeeded();
  const sheetBox = (await sheet.boundingBox())!;
  const start = (await signature.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(
    start.x + start.width / 2 - sheetBox.width * 0.45,
    start.y + start.height / 2 - sheetBox.height * 0.6,
    {
      steps: 8,
    },
  );
  await page.mouse.up();
  const placed = (await signature.boundingBox())!;
  const area = {
    x: (placed.x - sheetBox.x) / sheetBox.width,
    y: (placed.y - sheetBox.y) / sheetBox.height,
    width: placed.width / sheetBox.width,
    height: placed.height / sheetBox.height,
  };
  expect(area.y).toBeLessThan(0.35);

  await page.getByRole('textbox', { name: 'Date under the signature' }).fill('27 November 2026');
  const result = await runAndDownload(page, 'Sign PDF');
  expect(result.name).toBe('signed-document.pdf');
  assertValidPdf(result.path);
  await expectToast(page, 'Success!', 'Your PDF has been signed successfully.');
  // The ink is where the signature was dropped, not where it started.
  expect(inkIn(result.path, 1, area)).toBeGreaterThan(20);
  expect(inkIn(result.path, 1, { x: 0.55, y: 0.8, width: 0.3, height: 0.1 })).toBe(0);
  expect(pdfPageTexts(result.path)[0]).toContain('27 November 2026');
});

test('sign-pdf: a typed name in a handwriting font, moved with the keyboard, on every page', async ({ page }) => {
  await page.goto('/sign-pdf');
  await dropFiles(page, pdfFixture('two-pages.pdf', { pages: [{ text: ['One'] }, { text: ['Two'] }] }));
  await expectFilesReady(page, 1);
  // A digital signature only hides the picture and shows the certificate; the picture comes back after.
  await page.getByRole('radio', { name: /Digital signature only/ }).check();
  await expect(page.getByRole('tab', { name: 'Type' })).toHaveCount(0);
  await expect(page.getByLabel('Choose your certificate file')).toBeVisible();
  await page.getByRole('radio', { name: /Signature picture/ }).check();
  await page.getByRole('tab', { name: 'Type' }).click();
  await page.getByRole('textbox', { name: 'Your name' }).fill('Ada Lovelace');
  await page.getByRole('combobox', { name: 'Font' }).selectOption('Great Vibes');

  // From its default place (left edge 0.55, height 0.1): 40 steps of 1 % to the left, 5 steps taller.
  const signature = page.getByTestId('signature-box');
  await expect(signature).toBeVisible();
  await signature.focus();
  for (let step = 0; step < 40; step++) await page.keyboard.press('ArrowLeft');
  for (let step = 0; step < 5; step++) await page.keyboard.press('Shift+ArrowDown');
  await expect(page.getByRole('spinbutton', { name: 'Left edge' })).toHaveValue('0.15');
  await expect(page.getByRole('spinbutton', { name: 'Height' })).toHaveValue('0.15');
  await page.getByRole('checkbox', { name: 'Sign every page (initials)' }).check();

  const result = await runAndDownload(page, 'Sign PDF');
  assertValidPdf(result.path);
  for (const pageNumber of [1, 2]) {
    expect(inkIn(result.path, pageNumber, { x: 0.15, y: 0.8, width: 0.3, height: 0.15 })).toBeGreaterThan(20);
    expect(inkIn(result.path, pageNumber, { x: 0.5, y: 0.75, width: 0.5, height: 0.25 })).toBe(0);
  }
});
