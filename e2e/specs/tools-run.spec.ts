import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import {
  assertValidPdf,
  isGray,
  pdfEncryption,
  pdfPageCount,
  pdfPageTexts,
  pdfRotations,
  renderPageRgb,
} from '../../packages/engine/src/testing/pdf-assertions.js';
import { formatBytes } from '../../apps/web/app/lib/format-size.js';
import { expect, test } from '../fixtures.js';
import {
  docxFixture,
  dropFiles,
  encryptedPdfFixture,
  expectFilesReady,
  expectToast,
  fixtureDir,
  pdfFixture,
  photoPdfFixture,
  runAndDownload,
} from '../tool-fixtures.js';

/** Every tool, end to end in the browser: drop a file, set options, press the action, check the download. */

const pages = (n: number, prefix = 'Page') => Array.from({ length: n }, (_, i) => ({ text: [`${prefix} ${i + 1}`] }));

test.describe('every tool works from its page', () => {
  test('compress-pdf: level, download, and the sizes before and after', async ({ page }) => {
    const { path } = await photoPdfFixture('photo.pdf');
    await page.goto('/compress-pdf');
    await dropFiles(page, path);
    await expectFilesReady(page, 1);
    await page.getByLabel('High').check();
    const result = await runAndDownload(page, 'Compress PDF');
    expect(result.name).toBe('compressed-document.pdf');
    assertValidPdf(result.path);
    await expectToast(page, 'Success!', 'Your PDF has been compressed successfully.');
    // The sizes shown are those of the upload and of the file downloaded, which is never the larger.
    const before = statSync(path).size;
    const after = result.bytes.length;
    expect(after).toBeLessThanOrEqual(before);
    await expect(page.getByTestId('size-before')).toHaveText(formatBytes(before));
    await expect(page.getByTestId('size-after')).toHaveText(formatBytes(after));
    await expect(page.getByTestId('size-saved')).toHaveText(`${Math.round((1 - after / before) * 1000) / 10}%`);
    await expect(page.getByRole('img', { name: 'Ready' })).toHaveCount(0);
  });

  test('merge-pdf: several files, reordered, merged in the list order', async ({ page }) => {
    const first = pdfFixture('first.pdf', { pages: pages(1, 'First') });
    const second = pdfFixture('second.pdf', { pages: pages(2, 'Second') });
    await page.goto('/merge-pdf');
    await dropFiles(page, [first, second]);
    await expectFilesReady(page, 2);
    await page.getByRole('button', { name: 'Move second.pdf up' }).click();
    const result = await runAndDownload(page, 'Merge PDF Files');
    expect(result.name).toBe('merged-document.pdf');
    assertValidPdf(result.path);
    expect(pdfPageTexts(result.path)).toEqual(['Second 1', 'Second 2', 'First 1']);
    await expect(page.getByText('Your PDF has been merged successfully!')).toBeVisible();
    await expect(page.getByTestId('merge-item')).toHaveCount(0);
  });

  test('split-pdf: custom ranges give a ZIP of named parts', async ({ page }) => {
    await page.goto('/split-pdf');
    await dropFiles(page, pdfFixture('report.pdf', { pages: pages(5) }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Custom ranges').check();
    await page.getByRole('textbox', { name: 'Ranges' }).fill('1-2, 3-');
    const result = await runAndDownload(page, 'Split PDF');
    expect(result.name).toBe('split-pages.zip');
    const parts = unzipSync(result.bytes);
    expect(Object.keys(parts).sort()).toEqual(['report-pages-1-2.pdf', 'report-pages-3-5.pdf']);
    const partTexts = (name: string) => {
      const path = join(fixtureDir, `part-${name}`);
      writeFileSync(path, parts[name]!);
      return pdfPageTexts(path);
    };
    expect(partTexts('report-pages-1-2.pdf')).toEqual(['Page 1', 'Page 2']);
    expect(partTexts('report-pages-3-5.pdf')).toEqual(['Page 3', 'Page 4', 'Page 5']);
    await expectToast(page, 'Success!', 'Your PDF has been split successfully.');
  });

  test('rotate-pdf: selected pages by 180 degrees', async ({ page }) => {
    await page.goto('/rotate-pdf');
    await dropFiles(page, pdfFixture('scan.pdf', { pages: pages(3) }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Rotation angle').selectOption('180');
    await page.getByLabel('Pages to rotate').selectOption('selected');
    await page.getByLabel('Pages', { exact: true }).fill('2');
    const result = await runAndDownload(page, 'Rotate PDF');
    expect(result.name).toBe('rotated-document.pdf');
    expect(pdfRotations(result.path)).toEqual([0, 180, 0]);
  });

  test('protect-pdf: AES-256 with printing forbidden, inputs cleared after', async ({ page }) => {
    await page.goto('/protect-pdf');
    await dropFiles(page, pdfFixture('secret.pdf'));
    await expectFilesReady(page, 1);
    await page.getByLabel('Password', { exact: true }).fill('s3cret-pass');
    await page.getByLabel('Confirm password').fill('s3cret-pass');
    await page.getByText('Permissions and owner password').click();
    await page.getByLabel('Allow printing').uncheck();
    const result = await runAndDownload(page, 'Protect PDF');
    expect(result.name).toBe('protected-document.pdf');
    const encryption = pdfEncryption(result.path, 's3cret-pass');
    expect(encryption.fileMethod).toBe('AESv3');
    expect(encryption.permissions['print low resolution']).toBe(false);
    await expectToast(page, 'Success!', 'Your PDF has been password protected successfully.');
  });

  test('unlock-pdf: the password removes the encryption', async ({ page }) => {
    await page.goto('/unlock-pdf');
    await dropFiles(page, encryptedPdfFixture('locked.pdf', 'open-sesame'));
    await expectFilesReady(page, 1);
    await page.getByLabel('Password').fill('open-sesame');
    const result = await runAndDownload(page, 'Unlock PDF');
    expect(result.name).toBe('unlocked-document.pdf');
    expect(pdfEncryption(result.path).encrypted).toBe(false);
    expect(pdfPageCount(result.path)).toBe(2);
  });

  test('watermark-pdf: the text is on every page', async ({ page }) => {
    await page.goto('/watermark-pdf');
    await dropFiles(page, pdfFixture('draft.pdf', { pages: pages(2) }));
    await expectFilesReady(page, 1);
    const action = page.getByRole('button', { name: 'Add Watermark', exact: true });
    await expect(action).toBeDisabled();
    await page.getByLabel('Watermark text').fill('  CONFIDENTIAL  ');
    await expect(action).toBeEnabled();
    const result = await runAndDownload(page, 'Add Watermark');
    expect(result.name).toBe('watermarked-document.pdf');
    assertValidPdf(result.path);
    for (const text of pdfPageTexts(result.path)) expect(text).toContain('CONFIDENTIAL');
    await expect(page.getByLabel('Watermark text')).toHaveCount(0);
  });

  test('page-numbers: "Page {n} of {total}" from 1', async ({ page }) => {
    await page.goto('/page-numbers');
    await dropFiles(page, pdfFixture('thesis.pdf', { pages: pages(3, 'Chapter') }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Format').fill('Page {n} of {total}');
    const result = await runAndDownload(page, 'Add Page Numbers');
    expect(result.name).toBe('page-numbered-document.pdf');
    pdfPageTexts(result.path).forEach((text, index) => expect(text).toContain(`Page ${index + 1} of 3`));
  });

  test('grayscale-pdf: no colour left', async ({ page }) => {
    const { path } = await photoPdfFixture('colour.pdf');
    await page.goto('/grayscale-pdf');
    await dropFiles(page, path);
    await expectFilesReady(page, 1);
    const result = await runAndDownload(page, 'Convert to Grayscale');
    expect(result.name).toBe('grayscale-document.pdf');
    expect(isGray(renderPageRgb(result.path, 1).pixels)).toBe(true);
  });

  test('pdf-to-jpg: one JPG at the chosen resolution', async ({ page }) => {
    await page.goto('/pdf-to-jpg');
    await dropFiles(page, pdfFixture('one.pdf', { pages: [{ width: 612, height: 792 }] }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Resolution').selectOption('72');
    const result = await runAndDownload(page, 'Convert to JPG');
    expect(result.name).toBe('page-1.jpg');
    const metadata = await sharp(result.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 612, 792]);
  });

  test('pdf-to-word: a .docx with the text', async ({ page }) => {
    await page.goto('/pdf-to-word');
    await dropFiles(
      page,
      pdfFixture('letter.pdf', { pages: [{ text: ['Dear reader,', 'This letter is converted.'] }] }),
    );
    await expectFilesReady(page, 1);
    const result = await runAndDownload(page, 'Convert to Word');
    expect(result.name).toBe('converted-document.docx');
    const xml = new TextDecoder().decode(unzipSync(result.bytes)['word/document.xml']);
    expect(xml).toContain('Dear reader,');
    expect(xml).toContain('converted');
  });

  test('word-to-pdf: a .docx becomes a PDF with its text', async ({ page }) => {
    await page.goto('/word-to-pdf');
    await dropFiles(page, await docxFixture('notes.docx', ['Meeting notes', 'Decisions were made.']));
    await expectFilesReady(page, 1);
    const result = await runAndDownload(page, 'Convert to PDF');
    expect(result.name).toBe('converted-document.pdf');
    assertValidPdf(result.path);
    expect(pdfPageTexts(result.path).join('\n')).toContain('Decisions were made.');
  });

  test('extract-pages: pages in the order written, input cleared after', async ({ page }) => {
    await page.goto('/extract-pages');
    await dropFiles(page, pdfFixture('book.pdf', { pages: pages(5) }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Pages to extract').fill(' 4, 1-2 ');
    const result = await runAndDownload(page, 'Extract Pages');
    expect(result.name).toBe('extracted-pages.pdf');
    expect(pdfPageTexts(result.path)).toEqual(['Page 4', 'Page 1', 'Page 2']);
    await expectToast(page, 'Success!', 'Pages have been extracted successfully.');
  });

  test('delete-pages: the rest stays in order', async ({ page }) => {
    await page.goto('/delete-pages');
    await dropFiles(page, pdfFixture('book.pdf', { pages: pages(4) }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Pages to delete').fill('2-3');
    const result = await runAndDownload(page, 'Delete Pages');
    expect(result.name).toBe('pages-deleted.pdf');
    expect(pdfPageTexts(result.path)).toEqual(['Page 1', 'Page 4']);
  });

  test('extract-text: UTF-8 text of each page', async ({ page }) => {
    await page.goto('/extract-text');
    await dropFiles(page, pdfFixture('article.pdf', { pages: [{ text: ['Alpha line'] }, { text: ['Beta line'] }] }));
    await expectFilesReady(page, 1);
    const result = await runAndDownload(page, 'Extract Text');
    expect(result.name).toBe('extracted-text.txt');
    const text = result.bytes.toString('utf8');
    expect(text.indexOf('Alpha line')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('Beta line')).toBeGreaterThan(text.indexOf('Alpha line'));
  });

  test('extract-images: the embedded JPEG comes back as stored', async ({ page }) => {
    const { path, jpeg } = await photoPdfFixture('album.pdf');
    await page.goto('/extract-images');
    await dropFiles(page, path);
    await expectFilesReady(page, 1);
    const result = await runAndDownload(page, 'Extract Images');
    expect(result.name).toBe('extracted-images.zip');
    const entries = Object.values(unzipSync(result.bytes));
    expect(entries.some((data) => Buffer.from(data).equals(jpeg))).toBe(true);
  });
});
