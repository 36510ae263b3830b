import { indexedPaths } from '../../apps/web/app/site-routes';
import { expectNoAxeViolations, useStoredTheme } from '../axe';
import { test } from '../fixtures';

/** WCAG 2.2 AA on every indexed route as it loads, in both themes (interactive states: content-pages.spec.ts). */

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useStoredTheme(page, theme);
    });

    for (const path of indexedPaths()) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await expectNoAxeViolations(page, `${path} (${theme})`);
      });
    }
  });
}
