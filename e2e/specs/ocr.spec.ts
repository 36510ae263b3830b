import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mixedPdf, scanWords, scannedPdf } from '../../packages/engine/src/testing/ocr-fixtures.js';
import { assertValidPdf } from '../../packages/engine/src/testing/pdf-assertions.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, fixtureDir, runAndDownload } from '../tool-fixtures.js';

/** Scanned pages made searchable from the site: OCR PDF, and Extract Text reading a scan. */

function scanFixture(name: string, bytes: Buffer): string {
  const path = join(fixtureDir, name);
  writeFileSync(path, bytes);
  return path;
}

/** Share of a page's expected words found in `text`, lower-cased. */
function recall(page: number, text: string): number {
  const found = new Set(text.toLowerCase().split(/[^\p{L}]+/u));
  const expected = scanWords(page);
  return expected.filter((word) => found.has(word)).length / expected.length;
}

test.describe('scanned PDFs', () => {
  test('ocr-pdf: the downloaded PDF has the words of the scan as text', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/ocr-pdf');
    await dropFiles(page, scanFixture('scan.pdf', scannedPdf()));
    await expectFilesReady(page, 1);
    // English is ticked to start with; a second language is one more tick.
    const languages = page.getByRole('group', { name: 'Document languages' });
    await expect(languages.getByRole('checkbox', { name: 'English' })).toBeChecked();
    await languages.getByRole('checkbox', { name: 'German' }).check();
    const result = await runAndDownload(page, 'OCR PDF');
    expect(result.name).toBe('ocr-document.pdf');
    assertValidPdf(result.path);
    const pages = execFileSync('pdftotext', [result.path, '-'], { encoding: 'utf8' }).split('\f');
    expect(recall(0, pages[0]!)).toBeGreaterThanOrEqual(0.9);
    expect(recall(1, pages[1]!)).toBeGreaterThanOrEqual(0.9);
  });

  test('extract-text: a scanned page gives its words', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/extract-text');
    await dropFiles(page, scanFixture('mixed.pdf', mixedPdf()));
    await expectFilesReady(page, 1);
    const result = await runAndDownload(page, 'Extract Text');
    expect(result.name).toBe('extracted-text.txt');
    const text = result.bytes.toString('utf8');
    expect(text).toContain('Quarterly invoice for garden supplies');
    expect(recall(1, text.split('--- Page 2 ---')[1] ?? '')).toBeGreaterThanOrEqual(0.9);
  });
});
