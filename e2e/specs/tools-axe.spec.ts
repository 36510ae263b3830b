import { expectNoAxeViolations, useStoredTheme } from '../axe.js';
import { test } from '../fixtures.js';
import { dropFiles, docxFixture, expectFilesReady, pdfFixture } from '../tool-fixtures.js';

/** Every tool page, empty and with a file in (options showing), has no axe violations in either theme. */

const toolPaths = [
  '/compress-pdf',
  '/merge-pdf',
  '/split-pdf',
  '/rotate-pdf',
  '/protect-pdf',
  '/unlock-pdf',
  '/watermark-pdf',
  '/page-numbers',
  '/grayscale-pdf',
  '/pdf-to-jpg',
  '/pdf-to-word',
  '/word-to-pdf',
  '/extract-pages',
  '/delete-pages',
  '/extract-text',
  '/extract-images',
];

for (const theme of ['light', 'dark'] as const) {
  test(`tool pages have no axe violations in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(180_000);
    await useStoredTheme(page, theme);
    const pdf = pdfFixture('axe.pdf', { pageCount: 2 });
    const docx = await docxFixture('axe.docx', ['Hello']);
    for (const path of toolPaths) {
      await page.goto(path);
      await expectNoAxeViolations(page, `${path} (${theme}, empty)`);
      const files = path === '/merge-pdf' ? [pdf, pdf] : [path === '/word-to-pdf' ? docx : pdf];
      await dropFiles(page, files);
      await expectFilesReady(page, files.length);
      await expectNoAxeViolations(page, `${path} (${theme}, with a file)`);
    }
  });
}
