import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePdf } from '../../packages/engine/src/testing/make-pdf.js';
import { assertValidPdf, pdfPageTexts } from '../../packages/engine/src/testing/pdf-assertions.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, fixtureDir, pdfFixture, runAndDownload } from '../tool-fixtures.js';

/**
 * Watermark and page numbers in scripts other than Latin, typed into the site and read back from the download
 * (docs/decisions/140). The engine's tests check the drawn glyphs; these check the way through the browser.
 */

const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** pdftotext's text without the direction marks it adds, white space collapsed. */
const plain = (text: string) => text.replace(BIDI_CONTROLS, '').replace(/\s+/g, ' ').trim();
/** Without any white space: pdftotext places spaces around numbers in right-to-left text by its own rules. */
const squashed = (text: string) => text.replace(BIDI_CONTROLS, '').replace(/\s+/g, '');

test.describe('stamping text in any script', () => {
  test('watermark-pdf: Arabic text, joined and right to left, reads back in logical order', async ({ page }) => {
    const text = 'مسودة لا تنشر';
    await page.goto('/watermark-pdf');
    await dropFiles(page, pdfFixture('arabic.pdf', { pages: [{ text: [] }, { text: [] }] }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Watermark text').fill(text);
    const result = await runAndDownload(page, 'Add Watermark');
    assertValidPdf(result.path);
    expect(pdfPageTexts(result.path).map(plain)).toEqual([text, text]);
  });

  test('page-numbers: a Chinese format and an Arabic one', async ({ page }) => {
    await page.goto('/page-numbers');
    await dropFiles(page, pdfFixture('chinese.pdf', { pages: [{ text: [] }, { text: [] }, { text: [] }] }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Format').fill('第 {n} 页，共 {total} 页');
    const chinese = await runAndDownload(page, 'Add Page Numbers');
    assertValidPdf(chinese.path);
    expect(pdfPageTexts(chinese.path).map(plain)).toEqual(['第 1 页，共 3 页', '第 2 页，共 3 页', '第 3 页，共 3 页']);

    await page.goto('/page-numbers');
    await dropFiles(page, pdfFixture('arabic-numbers.pdf', { pages: [{ text: [] }, { text: [] }] }));
    await expectFilesReady(page, 1);
    await page.getByLabel('Format').fill('صفحة {n} من {total}');
    const arabic = await runAndDownload(page, 'Add Page Numbers');
    assertValidPdf(arabic.path);
    expect(pdfPageTexts(arabic.path).map(squashed)).toEqual(['صفحة1من2', 'صفحة2من2']);
  });
});

test.describe('the public API stamps any script', () => {
  for (const { script, text } of [
    { script: 'Japanese', text: '社外秘 ひみつ' },
    { script: 'Hebrew', text: 'טיוטה סודית' },
    { script: 'Hindi', text: 'गोपनीय दस्तावेज़' },
  ]) {
    test(`watermark-pdf with ${script} text`, async ({ request }) => {
      const response = await request.post('/functions/v1/watermark-pdf', {
        multipart: {
          file: { name: 'doc.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: [{ text: [] }] }) },
          text,
        },
      });
      expect(response.status()).toBe(200);
      const result = join(fixtureDir, `api-${script}.pdf`);
      writeFileSync(result, await response.body());
      assertValidPdf(result);
      expect(pdfPageTexts(result).map(plain)).toEqual([text]);
    });
  }
});
