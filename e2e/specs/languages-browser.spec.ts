import type { Locator, Page } from '@playwright/test';
import { fileTranslator } from '@paperknife/i18n/message-files';
import { assertValidPdf, pdfPageTexts, pdfRotations } from '../../packages/engine/src/testing/pdf-assertions.js';
import { expectNoAxeViolations } from '../axe.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, encryptedPdfFixture, expectToast, pdfFixture, runAndDownload } from '../tool-fixtures.js';

/**
 * The site in a right-to-left language and in a few others, in real Chromium: the pages are mirrored (measured on
 * screen, and kept as screenshots in the report), the drop zone, a tool and Organize work, the words are the
 * language's, and axe finds nothing. Every page's words in every language are checked without a browser
 * (languages-prerender.spec.ts); these tests cover what only a browser shows.
 */

const ar = fileTranslator('ar');
const de = fileTranslator('de');

const pages = (n: number) => Array.from({ length: n }, (_, i) => ({ text: [`Page ${i + 1}`] }));

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The element is not on screen.');
  return box;
}

/** Attaches what the page looks like now to the test's report. */
async function keepScreenshot(page: Page, name: string) {
  await test.info().attach(name, { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
}

test.describe('right to left, in Arabic', () => {
  test('a tool page is mirrored, its drop zone and run speak Arabic, and axe finds nothing', async ({ page }) => {
    await page.goto('/ar/rotate-pdf');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const width = page.viewportSize()!.width;

    // The brand starts the header on the right; the controls end it on the left.
    const brand = await boxOf(page.getByRole('link', { name: ar.t('nav.home', { site: 'PaperKnife' }) }));
    const theme = await boxOf(page.locator('header [data-theme-toggle]'));
    expect(brand.x).toBeGreaterThan(width / 2);
    expect(theme.x).toBeLessThan(width / 2);
    // The title and its text start at the right edge of their column.
    const title = await boxOf(page.getByRole('heading', { level: 1, name: ar.t('tool.rotate-pdf.title') }));
    expect(title.x + title.width).toBeGreaterThan(width / 2);
    // The breadcrumb's arrows point to the left, the way it reads.
    const chevron = page.locator('nav[aria-label] li[role="presentation"] svg').first();
    expect(await chevron.evaluate((svg) => getComputedStyle(svg).scale)).toBe('-1 1');
    await keepScreenshot(page, 'rotate-pdf-ar');

    const zone = page.getByRole('button', { name: new RegExp(ar.t('dropZone.idle.one', { kind: 'PDF' })) });
    await expect(zone).toBeVisible();
    await expectNoAxeViolations(page, '/ar/rotate-pdf');

    await dropFiles(page, pdfFixture('rtl-rotate.pdf', { pages: pages(2) }));
    await expect(page.getByRole('img', { name: ar.t('fileRow.ready') })).toHaveCount(1);
    // The file name reads left to right inside the right-to-left row.
    await expect(page.getByText('rtl-rotate.pdf', { exact: true })).toHaveAttribute('dir', 'auto');
    const result = await runAndDownload(page, ar.t('tool.rotate-pdf.actionLabel'));
    assertValidPdf(result.path);
    expect(pdfRotations(result.path)).toEqual([90, 90]);
    await expectToast(page, ar.t('run.success'), ar.t('tool.rotate-pdf.successToast'));
    await keepScreenshot(page, 'rotate-pdf-ar-done');
    await expectNoAxeViolations(page, '/ar/rotate-pdf after a run');
  });

  test('Organize runs from the right: the first page is rightmost, the left arrow goes forward', async ({ page }) => {
    await page.goto('/ar/organize-pdf');
    await dropFiles(page, pdfFixture('rtl-organize.pdf', { pages: pages(4) }));
    const editor = page.getByRole('listbox', { name: ar.t('organize.list') });
    await expect(editor).toBeVisible();
    await expect(page.locator('[data-page-thumbnail="1"][data-drawn="true"]').first()).toBeVisible();
    const tile = (position: number) => editor.locator(`[data-index="${position - 1}"]`);
    const [first, second] = [await boxOf(tile(1)), await boxOf(tile(2))];
    expect(first.x).toBeGreaterThan(second.x);
    expect(Math.abs(first.y - second.y)).toBeLessThan(2);
    await keepScreenshot(page, 'organize-pdf-ar');

    // Page 1 moves one place on (to the left) with Alt+ArrowLeft, then the toolbar's left button moves it again.
    await tile(1).click();
    await editor.focus();
    await page.keyboard.press('Alt+ArrowLeft');
    const order = page.getByRole('textbox', { name: ar.t('tool.organize-pdf.option.order.label') });
    await expect(order).toHaveValue('2,1,3-4');
    await page.getByRole('button', { name: ar.t('organize.moveLeft') }).click();
    await expect(order).toHaveValue('2-3,1,4');
    // The right arrow goes back.
    await editor.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('r');
    await expect(order).toHaveValue('2,3r90,1,4');
    await expectNoAxeViolations(page, '/ar/organize-pdf');

    const result = await runAndDownload(page, ar.t('tool.organize-pdf.actionLabel'));
    expect(pdfPageTexts(result.path)).toEqual(['Page 2', 'Page 3', 'Page 1', 'Page 4']);
    expect(pdfRotations(result.path)).toEqual([0, 90, 0, 0]);
  });

  test('the home page is mirrored and axe finds nothing on it', async ({ page }) => {
    await page.goto('/ar');
    const heading = await boxOf(page.getByRole('heading', { level: 1, name: ar.t('home.title') }));
    expect(heading.x + heading.width).toBeGreaterThan(page.viewportSize()!.width / 2);
    await keepScreenshot(page, 'home-ar');
    await expectNoAxeViolations(page, '/ar');
  });
});

test.describe('choosing a language', () => {
  test('the switcher leads to the same page in the other language and remembers it', async ({ page }) => {
    await page.goto('/merge-pdf');
    await page.locator('header [data-language-menu] summary').click();
    await page.locator('header [data-language-menu]').getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/merge-pdf$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.t('tool.merge-pdf.title'));
    expect(await page.evaluate(() => localStorage.getItem('paperknife-language'))).toBe('de');
  });

  test('a browser that prefers another language gets a suggestion, not a redirect, until it is dismissed', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto('/compress-pdf');
    await expect(page).toHaveURL(/\/compress-pdf$/);
    const suggestion = page.getByRole('region', { name: 'Language suggestion' });
    const link = suggestion.getByRole('link');
    await expect(link).toHaveText('This page is available in 日本語');
    await expect(link).toHaveAttribute('href', '/ja/compress-pdf');
    await expectNoAxeViolations(page, '/compress-pdf with the suggestion');
    await suggestion.getByRole('button').click();
    await expect(suggestion).toBeHidden();
    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    await expect(page.getByRole('region', { name: 'Language suggestion' })).toBeHidden();
    await context.close();
  });
});

test.describe('other languages', () => {
  test('German: the validation toast and an API refusal speak German', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 422|ToolRequestError/);
    await page.goto('/de/protect-pdf');
    await dropFiles(page, pdfFixture('de-protect.pdf', { pages: pages(1) }));
    await expect(page.getByRole('img', { name: de.t('fileRow.ready') })).toHaveCount(1);
    await page.getByLabel(de.t('tool.protect-pdf.option.userPassword.label'), { exact: true }).fill('abc');
    await page.getByLabel(de.t('tool.protect-pdf.option.confirmPassword.label'), { exact: true }).fill('abc');
    await page.getByRole('button', { name: de.t('tool.protect-pdf.actionLabel'), exact: true }).click();
    await expectToast(
      page,
      de.t('tool.protect-pdf.option.userPassword.invalidTitle.password_too_short'),
      de.t('error.password_too_short'),
    );

    // A locked PDF: the server refuses it with its code, and the page says why in German.
    await page.goto('/de/rotate-pdf');
    await dropFiles(page, encryptedPdfFixture('de-locked.pdf', 'secret-pass'));
    await expect(page.getByRole('img', { name: de.t('fileRow.ready') })).toHaveCount(1);
    await page.getByRole('button', { name: de.t('tool.rotate-pdf.actionLabel'), exact: true }).click();
    await expectToast(
      page,
      de.t('toast.error'),
      de.t('run.failedBecause', { failed: de.t('tool.rotate-pdf.errorToast'), reason: de.t('error.encrypted_pdf') }),
    );
  });

  for (const path of ['/ja', '/ja/merge-pdf', '/he/faq', '/de/tools']) {
    test(`${path}: axe finds nothing`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page, path);
    });
  }
});
