import { statSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { unzipSync } from 'fflate';
import { join } from 'node:path';
import { pdfPageTexts, pdfRotations } from '../../packages/engine/src/testing/pdf-assertions.js';
import { expectNoAxeViolationsInEitherTheme } from '../axe.js';
import { expect, test } from '../fixtures.js';
import {
  dropFiles,
  encryptedPdfFixture,
  expectFilesReady,
  fixtureDir,
  pdfFixture,
  runAndDownload,
} from '../tool-fixtures.js';
import type { Page } from '@playwright/test';

/** The page previews in real Chromium: pdf.js draws the dropped file, pages are picked, the output matches. */

const pages = (n: number) => Array.from({ length: n }, (_, i) => ({ text: [`Page ${i + 1}`] }));

const grid = (page: Page) => page.getByRole('listbox', { name: /^Page previews/ });
const option = (page: Page, n: number) => grid(page).getByRole('option', { name: new RegExp(`^Page ${n}(,|$)`) });

/** Opens a tool page and drops a book of `count` text pages, or the file at `file`; waits for page 1's preview. */
async function dropBook(page: Page, path: string, book: number | string) {
  await page.goto(path);
  await dropFiles(page, typeof book === 'string' ? book : pdfFixture(`book-${book}.pdf`, { pages: pages(book) }));
  await expectFilesReady(page, 1);
  await expect(grid(page)).toBeVisible();
  await expect(page.locator('[data-page-thumbnail="1"][data-drawn="true"]')).toBeVisible();
}

test.describe('page previews and picking', () => {
  test('extract: pick by click, Shift+click and Ctrl+click; the download has exactly those pages', async ({ page }) => {
    await dropBook(page, '/extract-pages', 8);
    await option(page, 2).click();
    await option(page, 4).click({ modifiers: ['Shift'] });
    await option(page, 7).click({ modifiers: ['ControlOrMeta'] });
    await option(page, 3).click({ modifiers: ['ControlOrMeta'] });
    await expect(page.getByLabel('Pages to extract')).toHaveValue('2,4,7');
    await expect(option(page, 7)).toHaveAttribute('aria-selected', 'true');
    const result = await runAndDownload(page, 'Extract Pages');
    expect(pdfPageTexts(result.path)).toEqual(['Page 2', 'Page 4', 'Page 7']);
  });

  test('delete: pick by keyboard alone; the marked pages are gone from the download', async ({ page }) => {
    await dropBook(page, '/delete-pages', 6);
    await page.getByRole('button', { name: 'Select none' }).focus();
    await page.keyboard.press('Tab');
    await expect(grid(page)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Pages to delete')).toHaveValue('2-3,5');
    await expect(option(page, 5)).toContainText('Will be deleted');
    const result = await runAndDownload(page, 'Delete Pages');
    expect(pdfPageTexts(result.path)).toEqual(['Page 1', 'Page 4', 'Page 6']);
  });

  test('rotate: typed pages light up, previews turn, only those pages turn in the download', async ({ page }) => {
    await dropBook(page, '/rotate-pdf', 5);
    await page.getByLabel('Pages to rotate').selectOption('selected');
    await page.getByLabel('Pages', { exact: true }).fill('1-2');
    await expect(option(page, 1)).toHaveAttribute('aria-selected', 'true');
    await expect(option(page, 2)).toHaveAttribute('aria-selected', 'true');
    await option(page, 4).click();
    await expect(page.getByLabel('Pages', { exact: true })).toHaveValue('1-2,4');
    await page.getByLabel('Rotation angle').selectOption('180');
    await expect(option(page, 4)).toContainText('Turned 180°');
    const result = await runAndDownload(page, 'Rotate PDF');
    expect(pdfRotations(result.path)).toEqual([180, 180, 0, 180, 0]);
    expect(pdfPageTexts(result.path)).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5']);
  });

  test('split: picked ranges become the files', async ({ page }) => {
    await dropBook(page, '/split-pdf', 6);
    await option(page, 1).click();
    await option(page, 2).click({ modifiers: ['Shift'] });
    await expect(page.getByLabel('Custom ranges')).toBeChecked();
    const ranges = page.getByRole('textbox', { name: 'Ranges' });
    await expect(ranges).toHaveValue('1-2');
    await ranges.fill('1-2,3-4');
    await option(page, 6).click();
    await expect(ranges).toHaveValue('1-2,3-4,6');
    // Page 5 touches 3-4 and 6: it joins the file before it; the break the visitor typed stays.
    await option(page, 5).click();
    await expect(ranges).toHaveValue('1-2,3-5,6');
    await expect(option(page, 3)).toContainText('File 2 starts');
    await expect(option(page, 6)).toContainText('File 3 starts');
    const result = await runAndDownload(page, 'Split PDF');
    const parts = unzipSync(result.bytes);
    // The ZIP lists the parts in range order.
    const texts = Object.keys(parts).map((name) => {
      const path = join(fixtureDir, `part-${Date.now()}-${name}`);
      writeFileSync(path, parts[name]!);
      return pdfPageTexts(path);
    });
    expect(texts).toEqual([['Page 1', 'Page 2'], ['Page 3', 'Page 4', 'Page 5'], ['Page 6']]);
  });

  test('a locked PDF asks for its password for the previews; a damaged one says so and keeps the field', async ({
    page,
  }) => {
    await page.goto('/extract-pages');
    await dropFiles(page, encryptedPdfFixture('locked.pdf', 'open-sesame'));
    await expectFilesReady(page, 1);
    const locked = page.getByTestId('page-view-locked');
    await locked.getByLabel('Password for the previews').fill('wrong');
    await locked.getByRole('button', { name: 'Show pages' }).click();
    await expect(locked.getByRole('alert')).toHaveText('That password is not right. Try again.');
    await locked.getByLabel('Password for the previews').fill('open-sesame');
    await locked.getByRole('button', { name: 'Show pages' }).click();
    await expect(grid(page).getByRole('option')).toHaveCount(2);

    // A PDF header with nothing after it: pdf.js finds no page, so the previews give way to a message.
    const damagedPath = join(fixtureDir, 'damaged.pdf');
    writeFileSync(damagedPath, `%PDF-1.7\n${'% this file lost everything after its header\n'.repeat(20)}`);
    await page.goto('/extract-pages');
    await dropFiles(page, damagedPath);
    await expectFilesReady(page, 1);
    await expect(page.getByText(/cannot be shown here/)).toBeVisible();
    await expect(page.getByLabel('Pages to extract')).toBeEditable();
  });

  test('merge: each row shows its first page and page count, and unfolds to all its pages', async ({ page }) => {
    await page.goto('/merge-pdf');
    await dropFiles(page, [pdfFixture('three.pdf', { pages: pages(3) }), pdfFixture('one.pdf', { pages: pages(1) })]);
    await expectFilesReady(page, 2);
    await expect(page.getByTestId('first-page-preview')).toHaveCount(2);
    await expect(page.getByTestId('merge-item').nth(0)).toContainText('3 pages');
    await expect(page.getByTestId('merge-item').nth(1)).toContainText('1 page');

    // Unfolding a row shows every page of that file, drawn; folding it again takes them away.
    await page.getByRole('button', { name: 'Show pages of three.pdf' }).click();
    const threePages = page.getByRole('list', { name: 'Pages of three.pdf' });
    await expect(threePages.getByRole('listitem')).toHaveCount(3);
    await expect(threePages.locator('[data-page-thumbnail][data-drawn="true"]')).toHaveCount(3);
    await page.getByRole('button', { name: 'Hide pages of three.pdf' }).click();
    await expect(threePages).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show pages of three.pdf' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('axe: no violations with thumbnails shown', async ({ page }) => {
    await dropBook(page, '/delete-pages', 12);
    await option(page, 2).click();
    await option(page, 3).click();
    await expectNoAxeViolationsInEitherTheme(page, 'delete-pages with previews');
  });

  test('a 1,000-page file: only the rows near the viewport are in the page, and scrolling draws the rest', async ({
    page,
  }) => {
    await dropBook(page, '/extract-pages', 1000);
    const options = grid(page).getByRole('option');
    expect(await options.count()).toBeLessThan(100);
    await expect(option(page, 1)).toHaveAttribute('aria-setsize', '1000');
    await grid(page).focus();
    await page.keyboard.press('End');
    await expect(option(page, 1000)).toBeVisible();
    await expect(page.locator('[data-page-thumbnail="1000"][data-drawn="true"]')).toBeVisible();
    expect(await options.count()).toBeLessThan(100);
  });
});

test('a large file is read in small parts: showing its previews reads a fraction of it', async ({ page }) => {
  // 100 pages, each page's objects written next to its own 170 KB photo (as most writers order them), 17 MB in all:
  // past the size pdf.js reads in parts. Opening it, pdf.js reads every page object up to the last page.
  const side = 520;
  const noise = Buffer.alloc(side * side * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const jpeg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const image = { jpeg, pixelWidth: side, pixelHeight: side, x: 72, y: 200, width: 400, height: 400 };
  const path = pdfFixture('photos-100.pdf', {
    pages: Array.from({ length: 100 }, (_, i) => ({ text: [`Page ${i + 1}`], image })),
  });
  const size = statSync(path).size;
  expect(size).toBeGreaterThan(16 * 1024 * 1024);
  // Every part pdf.js reads is a slice of the dropped File.
  await page.addInitScript(() => {
    const slice = Blob.prototype.slice;
    const read = { bytes: 0 };
    Object.assign(globalThis, { slicedBytes: read });
    Blob.prototype.slice = function (this: Blob, start?: number, end?: number, type?: string) {
      const part = slice.call(this, start, end, type);
      read.bytes += part.size;
      return part;
    };
  });
  await dropBook(page, '/rotate-pdf', path);
  await expect(page.locator('[data-page-thumbnail="4"][data-drawn="true"]')).toBeVisible();
  const read = await page.evaluate(() => (globalThis as unknown as { slicedBytes: { bytes: number } }).slicedBytes);
  expect(read.bytes).toBeLessThan(size / 2);
});

test.describe('page previews by touch', () => {
  test.use({ hasTouch: true });

  test('rotate: a tap toggles a page; the download turns exactly the tapped pages', async ({ page }) => {
    await dropBook(page, '/rotate-pdf', 5);
    // The first tap shows the hidden pages field ("All pages" becomes the picked pages).
    await option(page, 2).tap();
    await expect(page.getByLabel('Pages to rotate')).toHaveValue('selected');
    await option(page, 4).tap();
    await option(page, 5).tap();
    await expect(page.getByLabel('Pages', { exact: true })).toHaveValue('2,4-5');
    // A second tap takes a page back out.
    await option(page, 5).tap();
    await expect(option(page, 5)).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByLabel('Pages', { exact: true })).toHaveValue('2,4');
    await page.getByLabel('Rotation angle').selectOption('90');
    await expect(option(page, 4)).toContainText('Turned 90°');
    const result = await runAndDownload(page, 'Rotate PDF');
    expect(pdfRotations(result.path)).toEqual([0, 90, 0, 90, 0]);
    expect(pdfPageTexts(result.path)).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5']);
  });
});
