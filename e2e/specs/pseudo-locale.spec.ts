import type { Page } from '@playwright/test';
import type { ToolEntry } from '@paperknife/catalog/tool-entry';
import { toolIds, tools } from '@paperknife/catalog/tools';
import { locales, pseudoLocale } from '@paperknife/i18n/locales';
import { fileTranslator } from '@paperknife/i18n/message-files';
import { expect, test } from '../fixtures.js';
import { dropFiles, encryptedPdfFixture, pdfFixture, runAndDownload } from '../tool-fixtures.js';

/**
 * The pseudo-language (`/xa/`, the test build's; decision 160) shows every message with its letters accented, so
 * any plain English a page or a state shows did not come from the messages: a hard-coded text. Each page kind and
 * the states a visitor reaches (files, options, toasts, progress, results, errors, Organize's editor, filters,
 * forms, 404) are walked here, and their visible words, names and titles checked.
 */

/**
 * Words that come from values, not messages: the brand, file kinds and formats, units, the sample files' names
 * and the download names (file names are isolated with `dir="auto"` and skipped anyway).
 */
const VALUES = new Set([
  'PaperKnife',
  'PDF',
  'PDFs',
  'Word',
  'JPG',
  'JPEG',
  'PNG',
  'ZIP',
  'DOCX',
  // File extensions the pages quote: ".pdf", ".doc, .docx".
  'pdf',
  'doc',
  'docx',
  'AES',
  'MB',
  'KB',
  // The toasts' keyboard shortcut, as sonner names it (alt+T), the API's HTTP method and its function names.
  'alt',
  'POST',
  ...toolIds.flatMap((id) => tools[id].functionName.match(/[A-Za-z]{3,}/g) ?? []),
  // The file kinds the tools take and their extensions, and the download names: names of things, not sentences.
  ...toolIds.flatMap((id) => [
    tools[id].input.label,
    ...tools[id].input.extensions.map((extension) => extension.slice(1)),
  ]),
  ...toolIds.flatMap((id) => {
    const entry: ToolEntry = tools[id];
    return [entry.download, ...(entry.extraDownloads ?? [])].flatMap(
      (download) => download.name.match(/[A-Za-z]{3,}/g) ?? [],
    );
  }),
  // Each language's name in itself (the switcher, the suggestion), and what Intl writes for the pseudo-language
  // (English's: month names, "512 byte", Intl.ListFormat's "and").
  'byte',
  'and',
  ...locales.flatMap((locale) => locale.name.match(/[A-Za-z]{3,}/g) ?? []),
  ...Array.from({ length: 12 }, (_, month) => new Date(2026, month, 1).toLocaleString('en', { month: 'long' })),
]);

/** The plain-English words the page shows now: text, accessible names, titles and placeholders, outside English. */
async function plainEnglish(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const isEnglishPart = (element: Element | null) =>
      Boolean(element?.closest('[lang]:not([lang="en-XA"]), code, pre, script, style, [dir="auto"], svg'));
    // A file's name or an email address (values) may be part of a sentence: "Remove report.pdf".
    const words = (text: string) =>
      text
        .replace(/\S+\.(pdf|docx?|zip|jpe?g|txt)\b/gi, ' ')
        .replace(/\S+@\S+/g, ' ')
        .match(/[A-Za-z]{3,}/g) ?? [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || isEnglishPart(parent) || !parent.checkVisibility()) continue;
      for (const word of words(node.textContent ?? '')) found.push(word);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (isEnglishPart(element) || !element.checkVisibility()) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        for (const word of words(element.getAttribute(name) ?? '')) found.push(word);
      }
    }
    // The title names the page's document, which may be one not translated yet (marked on its heading).
    if (!isEnglishPart(document.querySelector('h1'))) for (const word of words(document.title)) found.push(word);
    return found;
  });
}

async function expectNoPlainEnglish(page: Page, state: string) {
  const left = [...new Set((await plainEnglish(page)).filter((word) => !VALUES.has(word)))];
  expect(left, `plain English on ${state}`).toEqual([]);
}

/** The pseudo-language's words, to find controls by the names the page gives them. */
const { t } = fileTranslator(pseudoLocale.code);

const xa = (path: string) => `/${pseudoLocale.code}${path === '/' ? '' : path}`;
const pages = (n: number) => Array.from({ length: n }, (_, i) => ({ text: [`Page ${i + 1}`] }));

test.describe('the pseudo-language shows no text that did not come from the messages', () => {
  test('content pages, the tool index and its filter, the blog filter, the FAQ and the 404 page', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 404/);
    for (const path of ['/', '/features', '/guides', '/guides/how-to-merge-pdf-files', '/privacy', '/developers']) {
      await page.goto(xa(path));
      await expect(page.locator('html')).toHaveAttribute('lang', pseudoLocale.tag);
      await expectNoPlainEnglish(page, xa(path));
    }
    await page.goto(xa('/tools'));
    await page.getByRole('searchbox', { name: t('toolFilter.label') }).fill('qq');
    await expect(page.locator('[data-tool-filter-clear]')).toBeVisible();
    await expect(page.getByRole('status').first()).not.toBeEmpty();
    await expectNoPlainEnglish(page, 'the tool filter with no match');

    await page.goto(xa('/blog'));
    await page.getByRole('button', { name: t('content.category.Security') }).click();
    await expectNoPlainEnglish(page, 'the blog filtered by a category');
    await page.goto(xa('/faq'));
    await page.getByRole('button', { expanded: false }).first().click();
    await expectNoPlainEnglish(page, 'the FAQ with an answer open');
    await page.goto(xa('/contact'));
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeFocused();
    await expectNoPlainEnglish(page, 'the contact form with its errors');
    await page.goto(xa('/no-such-page'));
    await expectNoPlainEnglish(page, 'the not-found page');
  });

  test('a tool run: files, the list, pages, progress, the success toast and the result', async ({ page }) => {
    await page.goto(xa('/merge-pdf'));
    await expectNoPlainEnglish(page, 'merge before a file');
    await dropFiles(page, [
      pdfFixture('pseudo-a.pdf', { pages: pages(2) }),
      pdfFixture('pseudo-b.pdf', { pages: pages(1) }),
    ]);
    await expect(page.getByRole('img', { name: t('fileRow.ready') })).toHaveCount(2);
    await page.locator('[data-testid="merge-item"] button[aria-expanded]').first().click();
    await expect(page.getByTestId('file-pages')).toBeVisible();
    await page.locator('[data-move^="down-"]').first().click();
    await expectNoPlainEnglish(page, 'merge with two files, one unfolded and moved');
    const result = await runAndDownload(page, t('tool.merge-pdf.actionLabel'));
    expect(result.name).toBe('merged-document.pdf');
    await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
    await expectNoPlainEnglish(page, 'merge after a run: toast and next steps');

    await page.goto(xa('/compress-pdf'));
    await dropFiles(page, pdfFixture('pseudo-c.pdf', { pages: pages(1) }));
    await expect(page.getByRole('img', { name: t('fileRow.ready') })).toBeVisible();
    await runAndDownload(page, t('tool.compress-pdf.actionLabel'));
    await expect(page.getByTestId('size-saved')).toBeVisible();
    await expectNoPlainEnglish(page, 'compress with its sizes');
  });

  test('validation toasts, an API refusal, page previews and Organize', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 422|ToolRequestError/);
    await page.goto(xa('/protect-pdf'));
    await dropFiles(page, pdfFixture('pseudo-p.pdf', { pages: pages(1) }));
    await page.getByLabel(t('tool.protect-pdf.option.userPassword.label'), { exact: true }).fill('abc');
    await page.getByLabel(t('tool.protect-pdf.option.confirmPassword.label'), { exact: true }).fill('abd');
    await page.getByRole('button', { name: t('tool.protect-pdf.actionLabel'), exact: true }).click();
    await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
    await page.locator('details summary').first().click();
    await expectNoPlainEnglish(page, 'protect with a validation toast and its permissions open');

    await page.goto(xa('/rotate-pdf'));
    await dropFiles(page, encryptedPdfFixture('pseudo-locked.pdf', 'secret-pass'));
    await expect(page.getByTestId('page-view-locked')).toBeVisible();
    await page.getByRole('button', { name: t('tool.rotate-pdf.actionLabel'), exact: true }).click();
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible();
    await expectNoPlainEnglish(page, 'rotate with a locked file: the password prompt and the error toast');

    await page.goto(xa('/extract-pages'));
    await dropFiles(page, pdfFixture('pseudo-e.pdf', { pages: pages(4) }));
    await expect(page.locator('[data-page-thumbnail="1"][data-drawn="true"]')).toBeVisible();
    await page.locator('[role="option"]').first().click();
    await expectNoPlainEnglish(page, 'extract with its page picker');

    await page.goto(xa('/organize-pdf'));
    await dropFiles(page, pdfFixture('pseudo-o.pdf', { pages: pages(3) }));
    const editor = page.getByRole('listbox');
    await expect(editor).toBeVisible();
    await editor.focus();
    await page.keyboard.press('r');
    await page.keyboard.press('b');
    await expectNoPlainEnglish(page, 'organize with a turned page and a blank page');
  });
});
