import { fileTranslator } from '@paperknife/i18n/message-files';
import { tools } from '@paperknife/catalog/tools';
import { encryptedOpenDocument } from '../../packages/engine/src/testing/office-fixtures.js';
import { assertValidPdf, pdfPageCount, pdfPageTexts } from '../../packages/engine/src/testing/pdf-assertions.js';
import { expect, test } from '../fixtures.js';
import { officeFixture, pptxFixture, xlsxFixture } from '../office-fixtures.js';
import { dropFiles, expectFilesReady, expectToast, runAndDownload } from '../tool-fixtures.js';

/** Excel to PDF and PowerPoint to PDF in the browser: generated .xlsx and .pptx files through the warm LibreOffice. */

const de = fileTranslator('de');

test('excel-to-pdf: an .xlsx on one page per sheet, with its cells', async ({ page }) => {
  const rows = [['Month', 'Spent'], ...['January', 'February', 'March'].map((month, i) => [month, `${(i + 1) * 120}`])];
  await page.goto('/excel-to-pdf');
  await dropFiles(page, xlsxFixture('spending.xlsx', rows));
  await expectFilesReady(page, 1);
  await page.getByLabel('One page per sheet').check();
  const result = await runAndDownload(page, 'Convert to PDF');
  expect(result.name).toBe('converted-spreadsheet.pdf');
  assertValidPdf(result.path);
  expect(pdfPageCount(result.path)).toBe(1);
  const [text] = pdfPageTexts(result.path);
  for (const cell of rows.flat()) expect(text).toContain(cell);
  await expectToast(page, 'Success!', 'Your spreadsheet has been converted to PDF successfully.');
});

test('powerpoint-to-pdf: a .pptx, one page per slide', async ({ page }) => {
  const slides = ['Quarterly review', 'Sales grew in every region', 'Questions & answers'];
  await page.goto('/powerpoint-to-pdf');
  await dropFiles(page, pptxFixture('review.pptx', slides));
  await expectFilesReady(page, 1);
  const result = await runAndDownload(page, 'Convert to PDF');
  expect(result.name).toBe('converted-presentation.pdf');
  assertValidPdf(result.path);
  expect(pdfPageTexts(result.path)).toEqual(slides.map((slide) => expect.stringContaining(slide)));
  await expectToast(page, 'Success!', 'Your presentation has been converted to PDF successfully.');
});

test('a presentation renamed .xlsx is refused by its content', async ({ page }) => {
  await page.goto('/excel-to-pdf');
  await dropFiles(page, pptxFixture('renamed.xlsx', ['Not a sheet']));
  await expectToast(page, 'Invalid file type', tools['excel-to-pdf'].invalidTypeDescription);
  await expect(page.getByText('renamed.xlsx')).toHaveCount(0);
});

test('a password-protected .odp: the page asks to remove the password, in German too', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 422|ToolRequestError/);
  const locked = officeFixture('locked.odp', encryptedOpenDocument('application/vnd.oasis.opendocument.presentation'));
  await page.goto('/powerpoint-to-pdf');
  await dropFiles(page, locked);
  await expectFilesReady(page, 1);
  await page.getByRole('button', { name: 'Convert to PDF', exact: true }).click();
  await expectToast(page, 'Error', /password-protected: open it in PowerPoint/);

  // Other languages show the code's translated message, which names no program.
  expect(de.t('error.encrypted_document')).not.toMatch(/Word|PowerPoint/);
  await page.goto('/de/powerpoint-to-pdf');
  await dropFiles(page, locked);
  await expect(page.getByRole('img', { name: de.t('fileRow.ready') })).toHaveCount(1);
  await page.getByRole('button', { name: de.t('tool.powerpoint-to-pdf.actionLabel'), exact: true }).click();
  await expectToast(
    page,
    de.t('toast.error'),
    de.t('run.failedBecause', {
      failed: de.t('tool.powerpoint-to-pdf.errorToast'),
      reason: de.t('error.encrypted_document'),
    }),
  );
});
