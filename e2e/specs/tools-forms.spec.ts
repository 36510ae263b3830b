import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formValuesOf, widgetCount } from '../../packages/engine/src/testing/form-values.js';
import { makeFormPdf } from '../../packages/engine/src/testing/make-form-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../../packages/engine/src/testing/pdf-assertions.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, expectToast, fixtureDir, runAndDownload } from '../tool-fixtures.js';

/** Fill PDF forms and Flatten PDF from their pages: drop a form, fill or flatten it, check the download. */

function formFixture(name: string, options: Parameters<typeof makeFormPdf>[0] = {}): string {
  const path = join(fixtureDir, name);
  writeFileSync(path, makeFormPdf(options));
  return path;
}

test.describe('forms', () => {
  test('fill-pdf: the form fields from the PDF, filled and downloaded with the values', async ({ page }) => {
    await page.goto('/fill-pdf');
    await dropFiles(page, formFixture('application.pdf'));
    await expectFilesReady(page, 1);
    await expect(page.getByText('Form fields (8)')).toBeVisible();
    await page.getByLabel('Full name').fill('Ada Lovelace');
    // The focused field's box is outlined on the page preview.
    await expect(page.getByTestId('form-field-box')).toHaveCount(1);
    await expect(page.getByText('Full name, on page 1')).toBeVisible();
    await page.getByLabel('I agree').check();
    await page.getByRole('radio', { name: 'blue' }).check();
    await page.getByLabel('size').selectOption('Large');
    await page.getByLabel('birthday').fill('1815-12-10');
    const result = await runAndDownload(page, 'Fill PDF');
    expect(result.name).toBe('filled-form.pdf');
    assertValidPdf(result.path);
    await expectToast(page, 'Success!', 'Your PDF form has been filled successfully.');
    expect(formValuesOf(result.path)).toMatchObject({
      name: 'Ada Lovelace',
      agree: 'Yes',
      colour: 'blue',
      size: 'Large',
      birthday: '10/12/1815',
      country: '',
    });
  });

  test('flatten-pdf: fields become page content, none left', async ({ page }) => {
    await page.goto('/flatten-pdf');
    await dropFiles(page, formFixture('filled.pdf', { filledName: 'Grace Hopper' }));
    await expectFilesReady(page, 1);
    const result = await runAndDownload(page, 'Flatten PDF');
    expect(result.name).toBe('flattened-document.pdf');
    assertValidPdf(result.path);
    expect(widgetCount(result.path)).toBe(0);
    expect(pdfPageTexts(result.path)[0]).toContain('Grace Hopper');
  });
});
