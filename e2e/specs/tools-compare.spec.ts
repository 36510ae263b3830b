import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { comparePair } from '../../packages/engine/src/testing/compare-fixtures.js';
import { assertValidPdf, pdfPageTexts } from '../../packages/engine/src/testing/pdf-assertions.js';
import { animationsSettled, expectNoAxeViolations } from '../axe.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, expectToast, fixtureDir, runAndDownload } from '../tool-fixtures.js';

/** Compare PDF in the browser: drop two versions, compare, see the differences side by side, get the report. */

test('compare-pdf: the differences highlighted side by side, and the PDF report', async ({ page }) => {
  const { original, changed } = await comparePair();
  const originalPath = join(fixtureDir, 'contract-v1.pdf');
  const changedPath = join(fixtureDir, 'contract-v2.pdf');
  writeFileSync(originalPath, original);
  writeFileSync(changedPath, changed);
  await page.goto('/compare-pdf');
  await dropFiles(page, [originalPath, changedPath]);
  await expectFilesReady(page, 2);
  // Two files are all it takes: the drop zone is gone.
  await expect(page.getByTestId('file-input')).toHaveCount(0);
  await page.getByLabel('PDF report').check();

  const result = await runAndDownload(page, 'Compare PDFs');
  expect(result.name).toBe('compare-report.pdf');
  assertValidPdf(result.path);
  const texts = pdfPageTexts(result.path);
  expect(texts[0]).toContain('contract-v1.pdf');
  expect(texts[0]).toMatch(/Words changed: 1/);
  await expectToast(page, 'Success!', 'Your PDFs have been compared.');

  const view = page.getByTestId('compare-view');
  await expect(view.getByTestId('compare-summary')).toContainText('Pages moved: 1');
  const change = view.getByRole('button', { name: 'Changed: thirty → sixty' });
  await change.click();
  await expect(change).toHaveAttribute('aria-current', 'true');
  // The change is highlighted on both sides, over pages pdf.js has drawn.
  const marks = view.locator('[data-mark-kind="changed"]');
  await expect(marks).toHaveCount(2);
  await expect(marks.first()).toBeInViewport();
  await expect(view.locator('[data-compare-page][data-drawn="true"]').first()).toBeVisible();
  await expect(view.locator('[data-mark-kind="region"]')).toHaveCount(2);
  await expect(view.getByRole('link', { name: 'Download again' })).toHaveAttribute('download', 'compare-report.pdf');
  // The view is what is checked here: the success toast (its colours checked in toast-colours.test.ts) is closed first.
  await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Close toast' }).click();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await animationsSettled(page);
  await expectNoAxeViolations(page, 'compare-pdf with its differences shown');
});
