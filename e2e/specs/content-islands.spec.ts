import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toolPaths, tools } from '@paperknife/catalog/tools';
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { dropFiles, expectFilesReady, expectToast, fixtureDir, pdfFixture } from '../tool-fixtures.js';

/**
 * Content pages ship without the React app (decision 073): their header, theme controls and "Try it now" box are
 * islands. These check what the islands do that the React app did before, on the pages themselves.
 */

test.describe('content pages without the React app', () => {
  test('the home page loads the islands script only, no React', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    expect(scripts.some((path) => /islands-/.test(path))).toBe(true);
    expect(scripts.filter((path) => /entry\.client|jsx-runtime|react/.test(path))).toEqual([]);
    expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
  });

  test('Try it now on the home page hands a dropped PDF to the chosen tool across a page load', async ({ page }) => {
    const pdf = pdfFixture('islands-handed.pdf', { pageCount: 2 });
    await page.goto('/');
    const box = page.getByRole('region', { name: 'Try it now' });
    await dropFiles(page, pdf);
    await expectFilesReady(page, 1);
    await expect(box.getByText('islands-handed.pdf')).toBeVisible();
    await box.getByRole('button', { name: 'Process Files' }).click();
    await expect(box.getByRole('heading', { name: 'Choose a tool for your files' })).toBeVisible();
    await expectNoAxeViolations(page, '/ with the Try it now tools shown');
    await box.getByRole('button', { name: new RegExp(`^${tools['compress-pdf'].title}`) }).click();

    await expect(page).toHaveURL(new RegExp(`${toolPaths('compress-pdf').canonical}$`));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expectFilesReady(page, 1);
    await expect(page.getByRole('main').getByText('islands-handed.pdf')).toBeVisible();
    // Taken once: the next visit of the tool page starts empty.
    await page.reload();
    await expect(page.getByRole('main').getByText('islands-handed.pdf')).toHaveCount(0);
  });

  test('Try it now highlights while files are dragged over, takes them when dropped, and opens the picker from the keyboard', async ({
    page,
  }) => {
    const pdfBytes = [...readFileSync(pdfFixture('islands-dragged.pdf'))];
    await page.goto('/');
    const box = page.getByRole('region', { name: 'Try it now' });
    const zone = box.getByRole('button', { name: /^Drag & drop your files, or browse files/ });

    // Enter and Space on the drop zone open the file picker (its input's click; the chooser itself is not waited
    // for: headless Chromium's filechooser event is unreliable here).
    await page.evaluate(() => {
      HTMLInputElement.prototype.click = function recordPickerOpened(this: HTMLInputElement) {
        const opened = (window as unknown as { pickerOpened?: number }).pickerOpened ?? 0;
        (window as unknown as { pickerOpened: number }).pickerOpened = opened + 1;
      };
    });
    await zone.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    expect(await page.evaluate(() => (window as unknown as { pickerOpened?: number }).pickerOpened)).toBe(2);

    const files = await page.evaluateHandle((bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'islands-dragged.pdf', { type: 'application/pdf' }));
      return transfer;
    }, pdfBytes);
    await zone.dispatchEvent('dragover', { dataTransfer: files });
    await expect(zone).toHaveAttribute('data-dragging', 'true');
    await expect(zone.getByText('Drop your files here')).toBeVisible();
    await zone.dispatchEvent('drop', { dataTransfer: files });
    await expectFilesReady(page, 1);
    await expect(box.getByText('islands-dragged.pdf')).toBeVisible();
    await expect(box.getByText('Drag & drop your files')).toBeVisible();
    // The focus stays on the drop zone that replaced the prerendered one.
    await expect(zone).toBeFocused();
  });

  test('files stored for one tool wait for that tool page only, and an abandoned hand-over is dropped', async ({
    page,
  }) => {
    const pdfBytes = [...readFileSync(pdfFixture('islands-stored.pdf'))];
    /** Writes a hand-over as the island's box does (pending-files.ts), made `ageMs` ago. */
    const store = (toolPath: string, ageMs: number) =>
      page.evaluate(
        ({ bytes, toolPath, ageMs }) =>
          new Promise<void>((resolve, reject) => {
            const request = indexedDB.open('paperknife-hand-over', 1);
            request.onupgradeneeded = () => request.result.createObjectStore('hand-over');
            request.onerror = () => reject(request.error);
            request.onsuccess = () => {
              const transaction = request.result.transaction('hand-over', 'readwrite');
              const file = new File([new Uint8Array(bytes)], 'islands-stored.pdf', { type: 'application/pdf' });
              transaction
                .objectStore('hand-over')
                .put({ toolPath, files: [file], storedAt: Date.now() - ageMs }, 'files');
              transaction.oncomplete = () => resolve();
              transaction.onerror = () => reject(transaction.error);
            };
          }),
        { bytes: pdfBytes, toolPath, ageMs },
      );
    const main = page.getByRole('main');

    await page.goto('/');
    await store(toolPaths('split-pdf').canonical, 0);
    await page.goto(toolPaths('compress-pdf').canonical);
    await expect(main.getByText('Drag & drop a PDF file')).toBeVisible();
    await expect(main.getByText('islands-stored.pdf')).toHaveCount(0);
    await page.goto(toolPaths('split-pdf').canonical);
    await expect(main.getByText('islands-stored.pdf')).toBeVisible();

    await store(toolPaths('compress-pdf').canonical, 11 * 60 * 1000);
    await page.goto(toolPaths('compress-pdf').canonical);
    // The page has looked (the hand-over is gone) and shows nothing of it.
    const stored = () =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve, reject) => {
            const request = indexedDB.open('paperknife-hand-over', 1);
            request.onerror = () => reject(request.error);
            request.onsuccess = () => {
              const read = request.result.transaction('hand-over').objectStore('hand-over').get('files');
              read.onsuccess = () => resolve(read.result !== undefined);
              read.onerror = () => reject(read.error);
            };
          }),
      );
    await expect.poll(stored).toBe(false);
    // A frame later React has rendered whatever the page took.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    await expect(main.getByText('Drag & drop a PDF file')).toBeVisible();
    await expect(main.getByText('islands-stored.pdf')).toHaveCount(0);
  });

  test('Try it now names a file of another type in a toast', async ({ page }) => {
    const notes = join(fixtureDir, 'islands-notes.txt');
    writeFileSync(notes, 'not a document');
    await page.goto('/');
    await dropFiles(page, notes);
    // The list follows the catalogue's order of tools: PDF and Word come first.
    await expectToast(page, 'Invalid file type', 'Only these files are supported here: PDF, Word, ');
  });

  test('the footer theme select and the header toggle keep in step on an article', async ({ page }) => {
    await page.goto('/blog/pdf-security-best-practices');
    const select = page.getByRole('contentinfo').getByLabel('Theme');
    await expect(select).toHaveValue('light');
    await select.selectOption('dark');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expect(select).toHaveValue('light');
    await select.selectOption('system');
    await page.reload();
    await expect(page.getByRole('contentinfo').getByLabel('Theme')).toHaveValue('system');
  });

  test('a header menu opens for a resting mouse, closes on a click elsewhere, and one is open at a time', async ({
    page,
  }) => {
    await page.goto('/guides');
    const tools = page.getByRole('button', { name: 'Tools' });
    const resources = page.getByRole('button', { name: 'Resources' });
    await tools.hover();
    await expect(tools).toHaveAttribute('aria-expanded', 'true');
    await resources.click();
    await expect(resources).toHaveAttribute('aria-expanded', 'true');
    await expect(tools).toHaveAttribute('aria-expanded', 'false');
    // A click on the page's margin, away from the open panel.
    await page.mouse.click(4, 700);
    await expect(resources).toHaveAttribute('aria-expanded', 'false');
    // By keyboard, focus leaving the menu closes it.
    await tools.focus();
    await page.keyboard.press('Enter');
    await expect(tools).toHaveAttribute('aria-expanded', 'true');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Merge PDF/ })
      .focus();
    await page.getByRole('link', { name: 'Features' }).first().focus();
    await expect(tools).toHaveAttribute('aria-expanded', 'false');
  });
});
