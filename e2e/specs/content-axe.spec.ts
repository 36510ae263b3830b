import { toolIds, toolPaths } from '@paperknife/catalog/tools';
import { englishIndexedPaths } from '../../apps/web/app/site-routes';
import { expectNoAxeViolationsInEitherTheme } from '../axe';
import { test } from '../fixtures';

/**
 * WCAG 2.2 AA on every page template as it loads, in both themes, switched in place (interactive states:
 * content-pages.spec.ts; tool pages with their options: tools-axe.spec.ts). Pages of one template share their markup
 * and differ only in their Markdown, so the first path of each template stands for all of them.
 */

const toolPagePaths = new Set(toolIds.map((id) => toolPaths(id).canonical));

/** `/guides/x` and `/blog/x` share a template per folder; every tool page shares one; other pages are their own. */
function templateOf(path: string): string {
  if (toolPagePaths.has(path)) return 'tool page';
  const [, folder, slug] = path.split('/');
  return slug ? `/${folder}/:slug` : path;
}

// English's pages: the other languages' copies share the templates (axe on them: languages-browser.spec.ts).
const pathPerTemplate = new Map<string, string>();
for (const path of englishIndexedPaths()) {
  const template = templateOf(path);
  if (!pathPerTemplate.has(template)) pathPerTemplate.set(template, path);
}

for (const [template, path] of pathPerTemplate) {
  test(`${template} (${path}) has no axe violations`, async ({ page }) => {
    await page.goto(path);
    await expectNoAxeViolationsInEitherTheme(page, path);
  });
}
