import { type Tool, toolIds, toolPaths, tools } from '@paperknife/catalog/tools';
import { expectNoAxeViolationsInEitherTheme } from '../axe.js';
import { test } from '../fixtures.js';
import { pptxFixture, xlsxFixture } from '../office-fixtures.js';
import { dropFiles, docxFixture, expectFilesReady, imageFixture, pdfFixture, textFixture } from '../tool-fixtures.js';

/**
 * Tool pages have no axe violations in either theme (switched in place, expectNoAxeViolationsInEitherTheme): the empty
 * page once (every tool page shares that template), and every tool with its files in, since each shows its own option
 * controls.
 */

/** A small file of each kind a tool takes: a new kind in the catalogue fails to compile here until it has one. */
const sampleFiles: Record<Tool['input']['label'], () => string | Promise<string>> = {
  PDF: () => pdfFixture('axe.pdf', { pageCount: 2 }),
  Word: () => docxFixture('axe.docx', ['Hello']),
  JPG: () => imageFixture('axe.jpg', 120, 80),
  Excel: () => xlsxFixture('axe.xlsx', [['Hello', '1']]),
  PowerPoint: () => pptxFixture('axe.pptx', ['Hello']),
  HTML: () => textFixture('axe.html', '<!doctype html><html lang="en"><title>Hello</title><p>Hello</p></html>'),
};

test('an empty tool page has no axe violations', async ({ page }) => {
  const path = toolPaths(toolIds[0]!).canonical;
  await page.goto(path);
  await expectNoAxeViolationsInEitherTheme(page, `${path} (empty)`);
});

for (const id of toolIds) {
  const path = toolPaths(id).canonical;
  test(`${path} with its files in has no axe violations`, async ({ page }) => {
    const file = await sampleFiles[tools[id].input.label]();
    // As many files as the tool needs before its options show.
    const files = Array<string>(tools[id].files.min).fill(file);
    await page.goto(path);
    await dropFiles(page, files);
    await expectFilesReady(page, files.length);
    await expectNoAxeViolationsInEitherTheme(page, `${path} (with a file)`);
  });
}
