import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Runs axe (WCAG 2.2 A and AA rules, and axe's best practices) on the page as it is now and expects no violation.
 *
 * Legacy mode runs `axe.run` in the page itself. The default mode runs axe per frame and then opens a blank page to
 * merge the frames' results, loading axe into it again: twice the time (1.5-3.4 s against 0.7-2.3 s a run on a
 * tool page, loaded machine) for the same results on pages without frames. Legacy mode leaves cross-origin
 * frames unchecked; the pages have no frame, and one that gets any fails here rather than being half checked.
 *
 * Only violations are reported in full (`resultTypes`): axe leaves out the selector and markup of each passing and
 * inapplicable node, which was a sixth to a half of a run's time on the home page, a tool page and a blog article.
 *
 * Of a run of sibling list items, sections, articles or disclosures with the same markup but for their words, axe
 * checks the first (markRepeatedItems): the developers page's forty function references, the features page's
 * forty tool cards and every footer's links render one component each, and colour contrast, the costliest rule, was
 * 11 of a 13 s run on the developers page (2 s with the repeats left out). The words are checked elsewhere (the
 * built-site checks, tool-options.test.tsx), as for the pages axe leaves out (docs/decisions/064).
 */
export async function expectNoAxeViolations(page: Page, label: string, rules: 'all' | 'colour' = 'all'): Promise<void> {
  expect(page.frames(), `frames on ${label}: legacy-mode axe leaves cross-origin ones unchecked`).toHaveLength(1);
  // `options` replaces the builder's options, rule selection included: it comes first, the selection after it.
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (rules === 'colour') builder.withRules(colourRules);
  else builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  await page.evaluate(markRepeatedItems, REPEATED_ITEM);
  const results = await builder.exclude(`[${REPEATED_ITEM}]`).analyze();
  await page.evaluate(
    (attribute) => document.querySelectorAll(`[${attribute}]`).forEach((item) => item.removeAttribute(attribute)),
    REPEATED_ITEM,
  );
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** The attribute that marks, for one run, the repeated items axe leaves out. */
const REPEATED_ITEM = 'data-axe-repeat';

/**
 * Marks each list item, section, article or disclosure whose markup (elements and classes, not words, a run of
 * identical children counted once) is that of an earlier sibling of the same element. Runs in the page.
 */
function markRepeatedItems(attribute: string): void {
  const shape = (element: Element): string => {
    const children: string[] = [];
    for (const child of element.children) {
      const childShape = shape(child);
      if (children.at(-1) !== childShape) children.push(childShape);
    }
    const attributes = ['class', 'role', 'type', 'aria-current', 'aria-hidden', 'hidden', 'disabled']
      .map((name) => `${name}=${element.getAttribute(name) ?? ''}`)
      .join(' ');
    return `<${element.localName} ${attributes}>${children.join('')}</>`;
  };
  for (const parent of document.body.querySelectorAll('*')) {
    const seen = new Set<string>();
    for (const item of parent.children) {
      if (!['li', 'section', 'article', 'details'].includes(item.localName)) continue;
      const itemShape = shape(item);
      if (seen.has(itemShape)) item.setAttribute(attribute, '');
      seen.add(itemShape);
    }
  }
}

/**
 * The WCAG rules whose outcome a theme can change: a theme only swaps colours, so names, roles, labels, landmarks
 * and order are the same in both, and the second theme needs only these.
 */
const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * Axe on the page as it is now, in the theme it shows, and again after the header's toggle switched it to the other
 * theme, as a visitor would: one load (and one file drop, one set of thumbnails) for both themes; the second run
 * checks the colour rules only, the rest being the same in both. The pointer then leaves the toggle, and colour
 * transitions end, before the second run. The toggle stores the choice, so the next
 * page loads in the second theme. That a stored theme is applied before the first paint is layout.spec.ts's test.
 */
export async function expectNoAxeViolationsInEitherTheme(page: Page, label: string): Promise<void> {
  const html = page.locator('html');
  const dark = await html.evaluate((element) => element.classList.contains('dark'));
  const [shown, other] = dark ? ['dark', 'light'] : ['light', 'dark'];
  await expectNoAxeViolations(page, `${label} (${shown})`);
  await page.getByRole('button', { name: `Switch to ${other} theme` }).click();
  if (dark) await expect(html).not.toHaveClass(/\bdark\b/);
  else await expect(html).toHaveClass(/\bdark\b/);
  await page.mouse.move(0, 0);
  await animationsSettled(page);
  await expectNoAxeViolations(page, `${label} (${other})`, 'colour');
}

/**
 * Waits until no animation or transition runs. One that another replaces rejects its `finished` promise: the
 * replacing one is waited for instead.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const running = () => document.getAnimations().filter((animation) => animation.playState === 'running');
    for (let animations = running(); animations.length > 0; animations = running()) {
      await Promise.all(animations.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}
