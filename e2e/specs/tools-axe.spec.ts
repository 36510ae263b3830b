import { toolIds, toolPaths, tools } from '@paperknife/catalog/tools';
import { expectNoAxeViolationsInEitherTheme } from '../axe.js';
import { test } from '../fixtures.js';
import { pptxFixture, xlsxFixture } from '../office-fixtures.js';
import { dropFiles, docxFixture, expectFilesReady, imageFixture, pdfFixture } from '../tool-fixtures.js';

/**
 * Tool pages have no axe violations in either theme (switched in place, expectNoAxeViolationsInEitherTheme): the empty
 * page once (every tool page shares that template), and every tool with its files in, since each shows its own option
 * controls.
 */

test('an empty tool page has no axe violations', async ({ page }) => {
  const path = toolPaths(toolIds[0]!).canonical;
  await page.goto(path);
  await expectNoAxeViolationsInEitherTheme(page, `${path} (empty)`);
});

for (const id of toolIds) {
  const path = toolPaths(id).canonical;
  test(`${path} with its files in has no axe violations`, async ({ page }) => {
    const kind = tools[id].input.label;
    const file =
      kind === 'Word'
        ? await docxFixture('axe.docx', ['Hello'])
        : kind === 'JPG'
          ? await imageFixture('axe.jpg', 120, 80)
          : kind === 'Excel'
            ? xlsxFixture('axe.xlsx', [['Hello', '1']])
            : kind === 'PowerPoint'
              ? pptxFixture('axe.pptx', ['Hello'])
              : pdfFixture('axe.pdf', { pageCount: 2 });
    // As many files as the tool needs before its options show.
    const files = Array<string>(tools[id].files.min).fill(file);
    await page.goto(path);
    await dropFiles(page, files);
    await expectFilesReady(page, files.length);
    await expectNoAxeViolationsInEitherTheme(page, `${path} (with a file)`);
  });
}
