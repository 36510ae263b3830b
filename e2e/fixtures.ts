import { type Page, test as base, expect } from '@playwright/test';

/**
 * Waits until React has committed the page's hydration, so clicks and keys reach their handlers: a prerendered page
 * shows its content (and its links and buttons) before its scripts have run, and React sets its internal keys on
 * elements while it is still hydrating. The root layout marks `<html data-hydrated>` from an effect, which runs
 * only after the commit. Documents without the app's scripts return at once.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('script[type="module"]') || document.documentElement.dataset.hydrated === 'true',
  );
}

/**
 * The browser test fixture: `page.goto` and `page.reload` wait for hydration; an unexpected console error or page
 * error fails the test. A test that expects one names it with `allowConsoleErrors(/pattern/)`.
 */
export const test = base.extend<{ allowConsoleErrors: (pattern: RegExp) => void }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await waitForHydration(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await waitForHydration(page);
      return response;
    };
    await use(page);
  },
  allowConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const allowed: RegExp[] = [];
      await use((pattern) => allowed.push(pattern));
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
