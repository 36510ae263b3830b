import { spawnSync } from 'node:child_process';
import { assertValidPdf } from '../../packages/engine/src/testing/pdf-assertions.js';
import { expectNoAxeViolationsInEitherTheme } from '../axe.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, expectToast, pdfFixture, runAndDownload } from '../tool-fixtures.js';

/**
 * Add Text and Images in the browser: a text box added to the second page, typed into, moved with the keyboard,
 * and found by pdftotext where it was put in the downloaded PDF.
 */

test('add-text-images: add a text box, type, move it with the keyboard, download it in its place', async ({ page }) => {
  await page.goto('/add-text-images');
  await dropFiles(page, pdfFixture('letter.pdf', { pages: [{ text: ['First'] }, { text: ['Second'] }] }));
  await expectFilesReady(page, 1);

  await page.getByRole('spinbutton', { name: 'Page', exact: true }).fill('2');
  await expect(page.getByTestId('items-page')).toHaveAttribute('data-drawn', 'true');
  await page.getByRole('button', { name: 'Add text' }).click();
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Approved by Ada');
  await page.getByRole('combobox', { name: 'Font' }).selectOption('serif');
  await page.getByRole('checkbox', { name: 'Bold' }).check();

  // From its default place (left edge 0.1, top 0.1): 30 steps of 1 % right and 40 down.
  const box = page.getByRole('group', { name: 'Text box 1 on page 2', exact: true });
  await expect(box).toContainText('Approved by Ada');
  await box.focus();
  for (let step = 0; step < 30; step++) await page.keyboard.press('ArrowRight');
  for (let step = 0; step < 40; step++) await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Items to add: 1')).toBeVisible();
  await expectNoAxeViolationsInEitherTheme(page, '/add-text-images (a text box placed)');

  const result = await runAndDownload(page, 'Add to PDF');
  expect(result.name).toBe('edited-document.pdf');
  assertValidPdf(result.path);
  await expectToast(page, 'Success!', 'Your text and pictures have been added to the PDF.');

  const words = spawnSync('pdftotext', ['-bbox', '-f', '2', '-l', '2', result.path, '-'], { encoding: 'utf8' }).stdout;
  const approved = /<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>Approved<\/word>/.exec(words);
  expect(approved, words).not.toBeNull();
  // Letter page: the box's left edge at 0.4 of 612 pt, its top at 0.5 of 792 pt.
  expect(Number(approved![1])).toBeCloseTo(0.4 * 612, -1);
  expect(Math.abs(Number(approved![2]) - 0.5 * 792)).toBeLessThan(8);
  const firstPage = spawnSync('pdftotext', ['-f', '1', '-l', '1', result.path, '-'], { encoding: 'utf8' }).stdout;
  expect(firstPage).not.toContain('Approved');
});
