import {
  type Browser,
  type BrowserContextOptions,
  type Disposable,
  type Page,
  test as base,
  expect,
} from '@playwright/test';
import { baseURL } from './playwright.config';

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

/** What every test's browser context gets; the config's `use` adds nothing else that a context reads. */
const contextOptions: BrowserContextOptions = {
  baseURL,
  acceptDownloads: true,
  viewport: { width: 1280, height: 720 },
};

/** Opens a page whose `goto` and `reload` wait for hydration. */
async function openPage(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, gotoOptions) => {
    const response = await goto(url, gotoOptions);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (reloadOptions) => {
    const response = await reload(reloadOptions);
    await waitForHydration(page);
    return response;
  };
  return page;
}

type Listener = (...args: never[]) => unknown;

/**
 * Hands `page` to one test and then puts it back as a new visitor's: the init scripts, listeners and routes the
 * test added are removed, other pages it opened are closed, the site's cookies and storage (local, IndexedDB, Cache
 * Storage) are cleared, and the viewport is the default again. The browser's HTTP cache stays, as a visitor's would
 * between two visits.
 */
async function lendPage(page: Page, use: (page: Page) => Promise<void>): Promise<void> {
  const context = page.context();
  const initScripts: Disposable[] = [];
  const listeners: [string, Listener][] = [];
  const addInitScript = page.addInitScript.bind(page);
  const on = page.on.bind(page);
  const once = page.once.bind(page);
  page.addInitScript = async (...args: Parameters<Page['addInitScript']>) => {
    const script = await addInitScript(...args);
    initScripts.push(script);
    return script;
  };
  const recording = (add: typeof on) =>
    ((event: string, listener: Listener) => {
      listeners.push([event, listener]);
      return add(event as 'load', listener as () => void);
    }) as typeof on;
  page.on = recording(on);
  page.once = recording(once);
  try {
    await use(page);
  } finally {
    page.addInitScript = addInitScript;
    page.on = on;
    page.once = once;
    for (const [event, listener] of listeners) page.off(event as 'load', listener as () => void);
    await Promise.all(initScripts.map((script) => script.dispose()));
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    for (const other of context.pages()) if (other !== page) await other.close();
    await page.goto('about:blank');
    await context.clearCookies();
    await context.clearPermissions();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL).origin, storageTypes: 'all' });
    await cdp.detach();
    await page.setViewportSize(contextOptions.viewport!);
  }
}

/**
 * The browser test fixture: `page.goto` and `page.reload` wait for hydration; an unexpected console error or page
 * error fails the test. A test that expects one names it with `allowConsoleErrors(/pattern/)`.
 *
 * Each worker keeps one page and lends it to its tests in turn (`lendPage` resets it between them): a new context
 * and page per test cost Chromium about 0.7 s of CPU each (a new renderer process, cold caches), most of what a
 * test that loads one page costs. A test that asks for other context options (`hasTouch`) gets a page of its own.
 * After a failed test Playwright starts a new worker, so a page left in a bad state is not lent again.
 */
export const test = base.extend<{ allowConsoleErrors: (pattern: RegExp) => void }, { sharedPage: Page }>({
  sharedPage: [
    async ({ browser }, use) => {
      const page = await openPage(browser, contextOptions);
      await use(page);
      await page.context().close();
    },
    { scope: 'worker' },
  ],
  page: async ({ sharedPage, browser, hasTouch }, use) => {
    if (!hasTouch) return lendPage(sharedPage, use);
    const page = await openPage(browser, { ...contextOptions, hasTouch });
    await use(page);
    await page.context().close();
  },
  allowConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // Removed with the test's other listeners when the page goes back (lendPage).
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
