import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertValidPdf, pdfPageTexts, renderPageRgb } from '../../packages/engine/src/testing/pdf-assertions.js';
import { extractedText } from '../../packages/engine/src/testing/redaction-checks.js';
import { makeRedactionPdf, redactionFixture as fixture } from '../../packages/engine/src/testing/redaction-fixtures.js';
import { expect, test } from '../fixtures.js';
import { dropFiles, expectFilesReady, fixtureDir, runAndDownload } from '../tool-fixtures.js';

/** Redact PDF in the browser: search, review the list, draw a box, apply, and check what the download holds. */

test('redact-pdf: a reviewed search and a drawn box are blacked out, a dropped match stays', async ({ page }) => {
  const path = join(fixtureDir, 'secret.pdf');
  writeFileSync(path, await makeRedactionPdf());
  await page.goto('/redact-pdf');
  await dropFiles(page, path);
  await expectFilesReady(page, 1);

  await page.getByRole('textbox', { name: 'Find text' }).fill(fixture.secret);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  const review = page.getByRole('region', { name: 'Matches to review' });
  const hits = review.getByRole('checkbox');
  await expect(hits).toHaveCount(4);
  // The match on page 2 is dropped: it must stay in the document.
  await review.getByRole('group', { name: 'Page 2' }).getByRole('checkbox').uncheck();
  await expect(page.getByTestId('redaction-count')).toHaveText('Areas to black out: 3');

  // A box dragged over the blue drawing on page 1.
  const preview = page.locator('[data-redaction-page="1"]');
  await expect(preview).toHaveAttribute('data-drawn', 'true');
  const scale = (await preview.boundingBox())!.width / fixture.pageSize.width;
  const [x0, y0, x1, y1] = fixture.bluePath;
  // Hovering the start scrolls the page into view; the drag is measured from where it then is.
  await preview.hover({ position: { x: (x0 - 6) * scale, y: (y0 - 6) * scale } });
  await page.mouse.down();
  const bounds = (await preview.boundingBox())!;
  await page.mouse.move(bounds.x + (x1 + 6) * scale, bounds.y + (y1 + 6) * scale, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByText('Box on page 1')).toBeVisible();
  await expect(page.getByTestId('redaction-count')).toHaveText('Areas to black out: 4');
  await page.getByRole('textbox', { name: 'Box colour' }).fill('#ff0000');

  const result = await runAndDownload(page, 'Redact PDF');
  expect(result.name).toBe('redacted-document.pdf');
  assertValidPdf(result.path);
  const [first, second] = pdfPageTexts(result.path);
  expect(first).not.toContain(fixture.secret);
  expect(first).toContain('Alpha');
  expect(first).toContain('Omega');
  expect(second).toContain(fixture.secret);
  expect(extractedText(result.path).qpdf).not.toContain(fixture.bluePathColour);
  // The drawn box is filled in the chosen colour.
  const { width, pixels } = renderPageRgb(result.path, 1, 72);
  const at = (Math.round((y0 + y1) / 2) * width + Math.round((x0 + x1) / 2)) * 3;
  expect([pixels[at], pixels[at + 1], pixels[at + 2]]).toEqual([255, 0, 0]);

  const report = page.getByTestId('redaction-report');
  await expect(report).toContainText('Areas blacked out: 4');
  await expect(report).toContainText('Page 1: 4');
});
