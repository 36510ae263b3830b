import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { assertValidPdf, pdfPageTexts } from '../../packages/engine/src/testing/pdf-assertions.js';
import { PDFA_FIXTURE_TEXT, pdfaFixture } from '../../packages/engine/src/testing/pdfa-fixtures.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, expectToast, fixtureDir, runAndDownload } from '../tool-fixtures.js';

/** PDF to PDF/A in the browser: drop a file, pick a level, convert, and read the conformance report. */

test('pdf-to-pdfa: PDF/A-1b with its conformance report', async ({ page }) => {
  const path = join(fixtureDir, 'to-archive.pdf');
  writeFileSync(path, pdfaFixture({ javascript: true, attachment: true, transparency: true }));
  await page.goto('/pdf-to-pdfa');
  await dropFiles(page, path);
  await expectFilesReady(page, 1);
  await page.getByLabel('PDF/A-1b').check();
  const result = await runAndDownload(page, 'Convert to PDF/A');
  expect(result.name).toBe('pdfa-document.pdf');
  assertValidPdf(result.path);
  await expectToast(page, 'Success!', 'Your PDF has been converted to PDF/A successfully.');
  const metadata = spawnSync('pdfinfo', ['-meta', result.path], { encoding: 'utf8' }).stdout;
  expect(metadata).toMatch(/pdfaid:part=['"]1['"]/);
  // PDF/A-1 flattens the page with transparency into an image: its text is drawn, no longer text.
  expect(pdfPageTexts(result.path).join('')).not.toContain(PDFA_FIXTURE_TEXT);

  const report = page.getByTestId('pdfa-report');
  await expect(page.getByTestId('pdfa-verdict')).toHaveText(
    'This file meets every requirement of PDF/A-1b checked below.',
  );
  await expect(report.getByTestId('pdfa-check-fonts-embedded')).toContainText(
    'Fonts replaced by similar embedded ones: Helvetica.',
  );
  await expect(report.getByTestId('pdfa-check-no-scripts')).toContainText('Scripts and forbidden actions removed: 4.');
  await expect(report.getByTestId('pdfa-check-attachments')).toContainText('Attached files removed: 1.');
  await expect(report.getByTestId('pdfa-check-no-transparency')).toContainText(
    'Pages with transparency flattened into images: 1.',
  );
  await expect(report.locator('[data-ok="false"]')).toHaveCount(0);
});
