import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { JSHandle, Page } from '@playwright/test';
import { pdfPageCount, pdfRotations } from '../../packages/engine/src/testing/pdf-assertions.js';
import { expect, test } from '../fixtures.js';
import {
  dropFiles,
  encryptedPdfFixture,
  expectFilesReady,
  expectToast,
  pdfFixture,
  runAndDownload,
  textFixture,
} from '../tool-fixtures.js';

/** A DataTransfer holding these files, as a drag from the desktop carries them. */
async function dataTransfer(page: Page, paths: readonly string[]): Promise<JSHandle<DataTransfer>> {
  const files = paths.map((path) => ({ name: basename(path), data: readFileSync(path).toString('base64') }));
  return page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const binary = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
      transfer.items.add(new File([binary], file.name, { type: 'application/pdf' }));
    }
    return transfer;
  }, files);
}

async function dropOnZone(page: Page, paths: readonly string[], zoneName: RegExp): Promise<void> {
  const transfer = await dataTransfer(page, paths);
  const zone = page.getByRole('button', { name: zoneName });
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

/** The seed's validation rules and states on the tool pages, in a real browser against the real server. */

test.describe('tool page validation', () => {
  test('a non-PDF file on a single-file tool: "Invalid file type" with the tool\'s words', async ({ page }) => {
    await page.goto('/rotate-pdf');
    await dropFiles(page, textFixture('notes.txt', 'just text'));
    await expectToast(page, 'Invalid file type', 'Only PDF files are supported for rotation.');
    await expect(page.getByRole('button', { name: 'Rotate PDF', exact: true })).toHaveCount(0);
  });

  test('a file named .pdf that is not a PDF is caught by its content', async ({ page }) => {
    await page.goto('/compress-pdf');
    await dropFiles(page, textFixture('fake.pdf', 'not a pdf at all'));
    await expectToast(page, 'Invalid file type', 'Only PDF files are supported for compression.');
    await expect(page.getByText('fake.pdf')).toHaveCount(0);
  });

  test('two files on a single-file tool: "Too many files"', async ({ page }) => {
    await page.goto('/split-pdf');
    await dropOnZone(page, [pdfFixture('a.pdf'), pdfFixture('b.pdf')], /Drag & drop a PDF file/);
    await expectToast(page, 'Too many files', 'Please upload only one PDF file at a time.');
  });

  test('merge keeps the PDFs when other files come along, and needs two files', async ({ page }) => {
    await page.goto('/merge-pdf');
    await dropFiles(page, [pdfFixture('only.pdf'), textFixture('readme.txt', 'text')]);
    await expectToast(page, 'Invalid files detected', 'Only PDF files are supported for merging.');
    await expectFilesReady(page, 1);
    await expect(page.getByRole('button', { name: 'Merge PDF Files' })).toHaveCount(0);
    await expect(page.getByText('Add at least one more PDF to merge.')).toBeVisible();
    await dropFiles(page, pdfFixture('second.pdf'));
    await expectFilesReady(page, 2);
    await expect(page.getByRole('button', { name: 'Merge PDF Files' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove only.pdf' }).click();
    await expect(page.getByRole('button', { name: 'Merge PDF Files' })).toHaveCount(0);
  });

  test('protect checks in the seed order: required, match, length', async ({ page }) => {
    await page.goto('/protect-pdf');
    await dropFiles(page, pdfFixture('doc.pdf'));
    await expectFilesReady(page, 1);
    const action = page.getByRole('button', { name: 'Protect PDF', exact: true });
    await expect(action).toHaveCount(0); // both fields must be filled first
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password').fill('abd');
    await action.click();
    await expectToast(page, "Passwords don't match", 'Please make sure both password fields match.');
    await page.getByLabel('Confirm password').fill('abc');
    await action.click();
    await expectToast(page, 'Password too short', 'Password must be at least 6 characters long.');
  });

  test('extract pages: the action waits for a page range', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 400|ToolRequestError: Page 9/);
    await page.goto('/extract-pages');
    await dropFiles(page, pdfFixture('doc.pdf', { pageCount: 3 }));
    await expectFilesReady(page, 1);
    const action = page.getByRole('button', { name: 'Extract Pages', exact: true });
    await expect(action).toBeDisabled();
    await page.getByLabel('Pages to extract').fill('   ');
    await expect(action).toBeDisabled();
    await page.getByLabel('Pages to extract').fill('9');
    await action.click();
    await expectToast(page, 'Error', /Failed to extract pages from PDF\. Please try again\. .*Page 9 does not exist/);
    await expect(page.getByText('doc.pdf')).toBeVisible();
  });

  test('an encrypted PDF on rotate: a clear error, and the file stays', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 422|ToolRequestError|password-protected/);
    await page.goto('/rotate-pdf');
    await dropFiles(page, encryptedPdfFixture('locked.pdf', 'secret-pass'));
    await expectFilesReady(page, 1);
    await page.getByRole('button', { name: 'Rotate PDF', exact: true }).click();
    await expectToast(
      page,
      'Error',
      'Failed to rotate PDF file. Please try again. This PDF is password-protected: unlock it first with Unlock PDF.',
    );
    await expect(page.getByText('locked.pdf')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rotate PDF', exact: true })).toBeEnabled();
  });

  test('a file dragged onto the drop zone is taken, with the zone highlighted while dragging', async ({ page }) => {
    await page.goto('/rotate-pdf');
    const transfer = await dataTransfer(page, [pdfFixture('dragged.pdf', { pageCount: 2 })]);
    const zone = page.getByRole('button', { name: /Drag & drop a PDF file/ });
    await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await expect(zone).toHaveAttribute('data-dragging', 'true');
    await expect(zone).toContainText('Drop your PDF here');
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    await expectFilesReady(page, 1);
    await expect(page.getByText('dragged.pdf')).toBeVisible();
  });

  test('a tool used with the keyboard only', async ({ page }) => {
    await page.goto('/rotate-pdf');
    // Open the picker from the keyboard: focus the drop zone with Tab and press Enter.
    const zone = page.getByRole('button', { name: /Drag & drop a PDF file/ });
    for (let i = 0; i < 40 && !(await zone.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(zone).toBeFocused();
    // Enter on the zone must click the file input, which is what opens the browser's picker. The test watches for
    // that click rather than for Playwright's file chooser event: headless Chromium intermittently drops that event
    // even when the input was clicked, which says nothing about the page.
    const input = page.getByTestId('file-input');
    await input.evaluate((element) => {
      element.addEventListener('click', () => element.setAttribute('data-clicked', 'true'), { once: true });
    });
    await page.keyboard.press('Enter');
    await expect(input).toHaveAttribute('data-clicked', 'true');
    await input.setInputFiles(pdfFixture('keys.pdf', { pageCount: 2 }));
    await expectFilesReady(page, 1);
    const angle = page.getByLabel('Rotation angle');
    for (let i = 0; i < 10 && !(await angle.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(angle).toBeFocused();
    await page.keyboard.press('ArrowDown'); // 90 -> 180
    await expect(angle).toHaveValue('180');
    const action = page.getByRole('button', { name: 'Rotate PDF', exact: true });
    for (let i = 0; i < 10 && !(await action.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(action).toBeFocused();
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const path = `${await (await downloading).path()}`;
    expect(pdfPageCount(path)).toBe(2);
    expect(pdfRotations(path)).toEqual([180, 180]);
  });

  test('merge files reorder with the keyboard, focus staying on the moved file', async ({ page }) => {
    await page.goto('/merge-pdf');
    await dropFiles(page, [pdfFixture('one.pdf'), pdfFixture('two.pdf'), pdfFixture('three.pdf')]);
    await expectFilesReady(page, 3);
    await page.getByRole('button', { name: 'Move one.pdf down' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('merge-item').nth(1)).toContainText('one.pdf');
    await expect(page.getByRole('button', { name: 'Move one.pdf down' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('merge-item').nth(2)).toContainText('one.pdf');
    await expect(page.getByText('one.pdf moved to position 3 of 3.')).toBeAttached();
    const result = await runAndDownload(page, 'Merge PDF Files');
    expect(pdfPageCount(result.path)).toBe(3);
  });
});
