import { unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { pdfPageCount, pdfPageTexts } from '../../packages/engine/src/testing/pdf-assertions.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, expectToast, pdfFixture, runAndDownload } from '../tool-fixtures.js';

/** PDF to PowerPoint and Remove Blank Pages in the browser: a presentation out, blank pages reviewed and removed. */

const grid = (page: Page) => page.getByRole('listbox', { name: /^Page previews/ });
const option = (page: Page, n: number) => grid(page).getByRole('option', { name: new RegExp(`^Page ${n}(,|$)`) });

test('pdf-to-powerpoint: a .pptx with a slide per page and its text', async ({ page }) => {
  await page.goto('/pdf-to-powerpoint');
  const slides = [
    { width: 720, height: 540, text: ['Launch plan', 'Ship in spring'] },
    { width: 720, height: 540, text: ['Questions?'] },
  ];
  await dropFiles(page, pdfFixture('plan.pdf', { pages: slides }));
  await expectFilesReady(page, 1);
  await page.getByText('Scanned pages', { exact: true }).click();
  await page.getByLabel('Text in scanned pages').selectOption('never');
  const result = await runAndDownload(page, 'Convert to PowerPoint');
  expect(result.name).toBe('converted-presentation.pptx');
  const files = unzipSync(result.bytes);
  const slideText = (n: number) =>
    [...new TextDecoder().decode(files[`ppt/slides/slide${n}.xml`]).matchAll(/<a:t>([^<]*)<\/a:t>/g)].map(
      (match) => match[1],
    );
  expect(Object.keys(files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))).toHaveLength(2);
  expect(slideText(1)).toEqual(['Launch plan', 'Ship in spring']);
  expect(slideText(2)).toEqual(['Questions?']);
  await expectToast(page, 'Success!', 'Your PDF has been converted to PowerPoint successfully.');
});

test('remove-blank-pages: the blank pages are listed ticked, one is kept on review, the rest removed', async ({
  page,
}) => {
  await page.goto('/remove-blank-pages');
  const pages = [{ text: ['Cover'] }, { text: [] }, { text: ['Chapter'] }, { text: [] }, { text: [] }];
  await dropFiles(page, pdfFixture('scan.pdf', { pages }));
  await expectFilesReady(page, 1);
  await expect(page.getByTestId('blank-pages-status')).toHaveText(/^3 blank pages found/);
  await expect(page.getByLabel('Pages to remove')).toHaveValue('2,4-5');
  await expect(option(page, 2)).toHaveAttribute('aria-selected', 'true');
  await expect(option(page, 1)).toHaveAttribute('aria-selected', 'false');
  // Page 4 is kept after all.
  await option(page, 4).click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByLabel('Pages to remove')).toHaveValue('2,5');
  const result = await runAndDownload(page, 'Remove Blank Pages');
  expect(result.name).toBe('blank-pages-removed.pdf');
  expect(pdfPageCount(result.path)).toBe(3);
  expect(pdfPageTexts(result.path)).toEqual(['Cover', 'Chapter', '']);
});
