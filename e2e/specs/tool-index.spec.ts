import { groupByCategory, toolCategories } from '@paperknife/catalog/tool-categories';
import { type ToolId, toolIds, toolPaths, tools } from '@paperknife/catalog/tools';
import type { Page } from '@playwright/test';
import { expectNoAxeViolationsInEitherTheme } from '../axe';
import { expect, test } from '../fixtures';

/**
 * The tool index: tools in category sections on home, /tools and /features, the filter box on /tools (an island on
 * the prerendered page, the same script in the running app), and the header's Tools menu with its link to /tools.
 */

const groups = groupByCategory(toolIds, (id) => tools[id].category);
const categoryTitles = groups.map((group) => group.category.title);
/** Every tool's title as the index lists them: by category, in catalogue order within one. */
const indexTitles = groups.flatMap((group) => group.items.map((id) => tools[id].title));
const titlesOf = (...ids: ToolId[]) => ids.map((id) => tools[id].title);
const categoryTitleOf = (id: ToolId) => toolCategories.find((category) => category.id === tools[id].category)!.title;
const menuTitles = toolIds.filter((id) => tools[id].inMenu).map((id) => tools[id].title);

function toolIndex(page: Page) {
  const index = page.locator('[data-island="tool-filter"]');
  return {
    filter: index.getByRole('searchbox', { name: 'Find a tool' }),
    status: index.getByRole('status'),
    shownTools: index.getByRole('listitem'),
    shownToolTitles: index.getByRole('heading', { level: 4 }),
    shownCategories: index.getByRole('heading', { level: 3 }),
    clear: index.getByRole('button', { name: 'Clear the filter' }),
  };
}

test.describe('tool index', () => {
  test('/tools filters by keyboard: the list narrows, the live region counts, Escape brings every tool back', async ({
    page,
  }) => {
    await page.goto('/tools');
    const { filter, status, shownToolTitles, shownCategories } = toolIndex(page);
    await expect(shownToolTitles).toHaveText(indexTitles);
    await expect(shownCategories).toHaveText(categoryTitles);

    await filter.focus();
    // A search keyword, typed in capitals with an accent.
    await page.keyboard.type('PÁSSWORD');
    await expect(shownToolTitles).toHaveText(titlesOf('protect-pdf', 'unlock-pdf'));
    await expect(shownCategories).toHaveText([categoryTitleOf('protect-pdf')]);
    await expect(status).toHaveText('2 tools found');
    // The results are the next stops after the box.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: tools['protect-pdf'].title })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(filter).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(filter).toHaveValue('');
    await expect(shownToolTitles).toHaveText(indexTitles);
    await expect(status).toHaveText(`All ${toolIds.length} tools shown`);

    // Words of the title and the short description, in any order; results in category order.
    await page.keyboard.type('word pdf');
    await expect(shownToolTitles).toHaveText(titlesOf('word-to-pdf', 'pdf-to-word'));
    await expect(status).toHaveText('2 tools found');
  });

  test('/tools with a filter applied has no axe violations', async ({ page }) => {
    await page.goto('/tools');
    const { filter, status } = toolIndex(page);
    await filter.fill('combine');
    await expect(status).toHaveText('1 tool found');
    await expectNoAxeViolationsInEitherTheme(page, '/tools filtered');
  });

  test('/tools says when nothing matches, passes axe, and its Clear button brings every tool back', async ({
    page,
  }) => {
    await page.goto('/tools');
    const { filter, status, shownTools, shownToolTitles, shownCategories, clear } = toolIndex(page);
    await expect(clear).toBeHidden();
    await filter.fill('kaleidoscope');
    await expect(status).toHaveText('No tools match “kaleidoscope”');
    await expect(shownTools).toHaveCount(0);
    await expect(shownCategories).toHaveCount(0);
    await expectNoAxeViolationsInEitherTheme(page, '/tools with no match');

    await clear.click();
    await expect(filter).toBeFocused();
    await expect(filter).toHaveValue('');
    await expect(shownToolTitles).toHaveText(indexTitles);
    await expect(clear).toBeHidden();
  });

  test('without JavaScript /tools lists every tool and shows no filter box', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/tools');
      const { filter, shownToolTitles } = toolIndex(page);
      await expect(shownToolTitles).toHaveText(indexTitles);
      await expect(filter).toBeHidden();
    } finally {
      await context.close();
    }
  });

  test('the header Tools menu keeps its eight tools and links to /tools, where the running app filters too', async ({
    page,
  }) => {
    // A tool page runs the React app: /tools is then rendered by React, not loaded.
    await page.goto(toolPaths('merge-pdf').canonical);
    const toolsButton = page.getByRole('button', { name: 'Tools' });
    await toolsButton.focus();
    await page.keyboard.press('Enter');
    const panel = page.locator(`#${await toolsButton.getAttribute('aria-controls')}`);
    await expect(panel.locator('ul.grid-cols-2 > li')).toHaveCount(8);
    await expect(panel.locator('ul.grid-cols-2 > li > a > span:first-child')).toHaveText(menuTitles);
    const allTools = panel.getByRole('link', { name: /^All Tools/ });
    await expect(allTools).toHaveAttribute('href', '/tools');

    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await allTools.click();
    await expect(page).toHaveURL(/\/tools$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All PDF Tools');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    const { filter, status, shownToolTitles } = toolIndex(page);
    await filter.fill('watermark');
    await expect(shownToolTitles).toHaveText(titlesOf('watermark-pdf'));
    await expect(status).toHaveText('1 tool found');
    await filter.press('Escape');
    await expect(shownToolTitles).toHaveText(indexTitles);
  });

  test('home and /features show the tools in category sections', async ({ page }) => {
    await page.goto('/');
    const homeTools = page.getByRole('region', { name: 'All PDF tools' });
    await expect(homeTools.getByRole('heading', { level: 3 })).toHaveText(categoryTitles);
    await expect(homeTools.getByRole('heading', { level: 4 })).toHaveText(indexTitles);

    await page.goto('/features');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(categoryTitles);
    await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveText(indexTitles);
  });
});
