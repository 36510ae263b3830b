import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { siteZip } from '../../packages/engine/src/testing/html-fixtures.js';
import { assertValidPdf, pdfPageTexts } from '../../packages/engine/src/testing/pdf-assertions.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, expectToast, fixtureDir, runAndDownload } from '../tool-fixtures.js';

/** HTML to PDF in the browser: drop a zipped site, pick the paper, convert, and read the PDF back. */

test('html-to-pdf: a zipped site on Letter landscape, with its text', async ({ page }) => {
  const path = join(fixtureDir, 'site.zip');
  writeFileSync(path, await siteZip());
  await page.goto('/html-to-pdf');
  await dropFiles(page, path);
  await expectFilesReady(page, 1);
  await page.getByLabel('Page size').selectOption('letter');
  await page.getByLabel('Orientation').selectOption('landscape');
  const result = await runAndDownload(page, 'Convert to PDF');
  expect(result.name).toBe('converted-page.pdf');
  assertValidPdf(result.path);
  await expectToast(page, 'Success!', 'Your web page has been converted to PDF successfully.');
  expect(pdfPageTexts(result.path)[0]).toContain('Quarterly report');
  const size = execFileSync('pdfinfo', [result.path], { encoding: 'utf8' }).match(/Page size:\s+([\d.]+) x ([\d.]+)/);
  expect([Math.round(Number(size?.[1])), Math.round(Number(size?.[2]))]).toEqual([792, 612]);
});
