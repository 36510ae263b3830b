import { type Tool, toolPaths, tools } from '@paperknife/catalog/tools';
import { expectNoAxeViolationsInEitherTheme } from '../axe.js';
import { test } from '../fixtures.js';
import { pptxFixture, xlsxFixture } from '../office-fixtures.js';
import { pagesShowingEveryPiece } from '../tool-page-kinds.js';
import { dropFiles, docxFixture, expectFilesReady, imageFixture, pdfFixture, textFixture } from '../tool-fixtures.js';

/**
 * Tool pages with their files in have no axe violations in either theme (switched in place,
 * expectNoAxeViolationsInEitherTheme). Each page is built from pieces (tool-page-kinds.ts: the file list, the form's
 * layout, each option control as the catalogue's form metadata draws it, a tool's own panel or sections), and a
 * piece renders the same markup on every page that has it but for its words: axe runs on the fewest pages that
 * together show every piece, and a new tool with a new piece adds its page here by itself. That every tool's
 * controls carry their labels (the words) is tool-options.test.tsx's; the empty tool page, the same template for
 * every tool, is content-axe.spec.ts's (docs/decisions/064).
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

for (const { id, pieces } of pagesShowingEveryPiece()) {
  const path = toolPaths(id).canonical;
  test(`${path} with its files in has no axe violations (${pieces.join('; ')})`, async ({ page }) => {
    const file = await sampleFiles[tools[id].input.label]();
    // As many files as the tool needs before its options show.
    const files = Array<string>(tools[id].files.min).fill(file);
    await page.goto(path);
    await dropFiles(page, files);
    await expectFilesReady(page, files.length);
    await expectNoAxeViolationsInEitherTheme(page, `${path} (with a file)`);
  });
}
