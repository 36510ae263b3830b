import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfInfo, pdfXmp } from '../../packages/engine/src/testing/document-data-assertions.js';
import { hiddenDataPdf, truncatedXrefPdf } from '../../packages/engine/src/testing/document-data-fixtures.js';
import { assertValidPdf, pdfPageTexts } from '../../packages/engine/src/testing/pdf-assertions.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, expectToast, fixtureDir, runAndDownload } from '../tool-fixtures.js';

/** Repair PDF, Remove hidden data and Edit metadata in the browser: drop, choose, run, download, read the result. */

function fixture(name: string, bytes: Uint8Array): string {
  const path = join(fixtureDir, name);
  writeFileSync(path, bytes);
  return path;
}

test('repair-pdf: a cut-off file comes back whole, with what was wrong', async ({ page }) => {
  await page.goto('/repair-pdf');
  await dropFiles(page, fixture('cut-off.pdf', truncatedXrefPdf()));
  await expectFilesReady(page, 1);
  const result = await runAndDownload(page, 'Repair PDF');
  expect(result.name).toBe('repaired-document.pdf');
  assertValidPdf(result.path);
  expect(pdfPageTexts(result.path)).toEqual(['Page 1', 'Page 2']);
  await expectToast(page, 'Success!', 'Your PDF has been repaired successfully.');
  await expect(page.getByTestId('repair-summary')).toContainText('Pages recovered: 2.');
  await expect(page.getByTestId('repair-problem-xref')).toHaveText('The cross-reference table was damaged or missing.');
});

test('sanitize-pdf: form fields flattened too, links kept, and the report lists each kind', async ({ page }) => {
  await page.goto('/sanitize-pdf');
  await dropFiles(page, fixture('hidden-data.pdf', hiddenDataPdf()));
  await expectFilesReady(page, 1);
  await page.getByLabel('Form fields').check();
  await page.getByLabel('Links').uncheck();
  const result = await runAndDownload(page, 'Remove hidden data');
  expect(result.name).toBe('sanitized-document.pdf');
  assertValidPdf(result.path);
  expect(pdfInfo(result.path)).toMatchObject({ JavaScript: 'no', Form: 'none' });
  const [first] = pdfPageTexts(result.path);
  expect(first).toContain('Ada Lovelace');
  expect(first).not.toContain('Secret layer');
  await expectToast(page, 'Success!', 'Hidden data has been removed from your PDF.');
  const report = page.getByTestId('sanitize-report');
  await expect(report.getByTestId('sanitize-javascript')).toHaveText('JavaScript and actions: 3 found, 3 removed.');
  await expect(report.getByTestId('sanitize-formFields')).toHaveText('Form fields: 1 found, 1 removed.');
  await expect(report.getByTestId('sanitize-links')).toHaveText('Links: 1 found, kept.');
});

test('edit-metadata: the current properties are shown, one changed, one emptied, in Info and XMP', async ({ page }) => {
  await page.goto('/edit-metadata');
  await dropFiles(page, fixture('properties.pdf', hiddenDataPdf()));
  await expectFilesReady(page, 1);
  const title = page.getByLabel('Title');
  await expect(title).toHaveValue('Secret title');
  await expect(page.getByLabel('Author')).toHaveValue('Jane Roe');
  await title.fill('Published title');
  // Emptying a property removes it: the page lists it for removal.
  await page.getByLabel('Author').fill('');
  await expect(page.getByLabel('Properties to remove')).toHaveValue('author');
  const result = await runAndDownload(page, 'Save metadata');
  expect(result.name).toBe('edited-document.pdf');
  assertValidPdf(result.path);
  expect(pdfInfo(result.path)).toMatchObject({ Title: 'Published title', Producer: 'Fixture' });
  expect(pdfInfo(result.path)['Author']).toBeUndefined();
  expect(pdfXmp(result.path)).toContain('<rdf:li xml:lang="x-default">Published title</rdf:li>');
  await expectToast(page, 'Success!', 'The metadata of your PDF has been updated.');
});
