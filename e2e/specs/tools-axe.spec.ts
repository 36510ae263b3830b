import { toolIds, toolPaths, tools } from '@paperknife/catalog/tools';
import { expectNoAxeViolations, useStoredTheme } from '../axe.js';
import { test } from '../fixtures.js';
import { dropFiles, docxFixture, expectFilesReady, pdfFixture } from '../tool-fixtures.js';

/** Every tool page, empty and with a file in (options showing), has no axe violations in either theme. */

for (const theme of ['light', 'dark'] as const) {
  test(`tool pages have no axe violations in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(180_000);
    await useStoredTheme(page, theme);
    const pdf = pdfFixture('axe.pdf', { pageCount: 2 });
    const docx = await docxFixture('axe.docx', ['Hello']);
    for (const id of toolIds) {
      const path = toolPaths(id).canonical;
      await page.goto(path);
      await expectNoAxeViolations(page, `${path} (${theme}, empty)`);
      // As many files as the tool needs before its options show.
      const files = Array<string>(tools[id].files.min).fill(tools[id].input.label === 'Word' ? docx : pdf);
      await dropFiles(page, files);
      await expectFilesReady(page, files.length);
      await expectNoAxeViolations(page, `${path} (${theme}, with a file)`);
    }
  });
}
