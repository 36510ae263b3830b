import { expectNoAxeViolationsInEitherTheme } from '../axe';
import { expect, test } from '../fixtures';

test.describe('site layout', () => {
  test('home renders the header, the tools and the footer with the current year', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'PaperKnife home' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} PaperKnife`);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Source code', exact: true })).toBeVisible();
  });

  test('the Tools menu lists eight tools and the Resources menu three links', async ({ page }) => {
    await page.goto('/');
    // By keyboard: a mouse left resting on a trigger opens its menu again on hover.
    const toolsButton = page.getByRole('button', { name: 'Tools' });
    await toolsButton.focus();
    await page.keyboard.press('Enter');
    const tools = page.locator('nav[aria-label="Main"] ul.grid-cols-2 > li');
    await expect(tools).toHaveCount(8);
    await page.keyboard.press('Escape');
    await expect(toolsButton).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Resources' }).focus();
    await page.keyboard.press('Enter');
    for (const name of ['Guides', 'Blog', 'FAQ']) {
      await expect(
        page.locator('nav[aria-label="Main"]').getByRole('link', { name: new RegExp(`^${name}`) }),
      ).toBeVisible();
    }
  });

  test('the theme toggle switches light and dark, and the choice survives a reload without a flash', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('paperknife-theme'))).toBe('dark');

    // The class must be there before any bundle runs: check the state at the first DOM moment.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { darkAtFirstParse: boolean }).darkAtFirstParse =
          document.documentElement.classList.contains('dark');
      });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { darkAtFirstParse: boolean }).darkAtFirstParse)).toBe(true);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  test('the mobile menu opens with the hamburger and closes when a link is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(menu).toBeHidden();
  });

  test('a tool page shows its breadcrumb under PDF Tools at both of its paths', async ({ page }) => {
    for (const path of ['/merge-pdf', '/tools/merge-pdf']) {
      await page.goto(path);
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      await expect(crumbs.getByRole('link', { name: 'PDF Tools' })).toHaveAttribute('href', '/tools');
      await expect(crumbs.getByText('Merge PDF')).toHaveAttribute('aria-current', 'page');
    }
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
  });

  test('at 375 px a three-crumb trail shows in full (only longer trails collapse)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/tools/split-pdf');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'PDF Tools' })).toBeVisible();
    await expect(crumbs.getByRole('button', { name: 'Show more breadcrumbs' })).toHaveCount(0);
  });

  test('an unknown path gets the 404 page with status 404, and logs the path', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    for (const name of ['Merge PDF', 'Compress PDF', 'Split PDF']) {
      await expect(page.getByRole('main').getByRole('link', { name })).toBeVisible();
    }
    await expect.poll(() => warnings.some((text) => text.includes('/no-such-page'))).toBe(true);
  });

  test('/secure-pdf moves to /protect-pdf', async ({ page }) => {
    await page.goto('/secure-pdf');
    await expect(page).toHaveURL(/\/protect-pdf$/);
  });

  // Every indexed page, home included, is checked by content-axe.spec.ts; the 404 page is not indexed.
  test('the 404 page has no axe violations in either theme', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    await page.goto('/no-such-page');
    await expectNoAxeViolationsInEitherTheme(page, '404');
  });
});
