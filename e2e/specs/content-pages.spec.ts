import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toolPaths, tools } from '@paperknife/catalog/tools';
import { contentSlugs } from '../../apps/web/app/site-routes';
import { makePdf } from '../../packages/engine/src/testing/make-pdf.js';
import { pdfRotations } from '../../packages/engine/src/testing/pdf-assertions.js';
import { animationsSettled, expectNoAxeViolationsInEitherTheme } from '../axe';
import { expect, test } from '../fixtures';
import { fixtureDir } from '../tool-fixtures.js';

test.describe('home', () => {
  test('has the hero, its three selling points, the Try it now uploader and every section of the seed', async ({
    page,
  }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Free Online PDF Tools');
    await expect(main.getByText('Professional PDF tools for everyone.').first()).toBeVisible();
    for (const href of ['/blog/pdf-security-best-practices', '/guides', '/blog/essential-pdf-tools-professionals']) {
      await expect(main.locator(`section`).first().locator(`a[href="${href}"]`)).toBeVisible();
    }
    await expect(main.getByRole('link', { name: 'View All Tools' })).toHaveAttribute('href', '/tools');
    await main.getByRole('link', { name: 'Start Processing PDFs' }).click();
    await expect(page).toHaveURL(/#try-it$/);
    await expect(main.getByRole('heading', { name: 'Try it now' })).toBeInViewport();
    await expect(main.getByRole('region', { name: 'Try it now' }).getByText('Drag & drop your files')).toBeVisible();

    const featured = main.getByRole('region', { name: 'Featured resources' });
    await expect(featured.getByRole('article')).toHaveCount(5);
    await expect(main.getByRole('region', { name: 'PaperKnife in numbers' })).toContainText('AES-256');
    const grid = main.getByRole('region', { name: 'All PDF tools' });
    await expect(grid.getByRole('article')).toHaveCount(Object.keys(tools).length);
    await expect(grid.getByText('Popular', { exact: true })).toHaveCount(3);
    await expect(main.getByRole('region', { name: 'Popular step-by-step guides' }).getByRole('article')).toHaveCount(6);
    await expect(main.getByRole('region', { name: 'Why choose PaperKnife?' }).getByRole('listitem')).not.toHaveCount(0);
    await expect(main.getByRole('region', { name: 'Getting started' }).getByRole('article')).toHaveCount(4);
  });
});

test.describe('tools and features', () => {
  test('/tools shows the Try it now uploader and the grid with the three Popular badges on merge, split and compress', async ({
    page,
  }) => {
    await page.goto('/tools');
    await expect(page.getByRole('region', { name: 'Try it now' }).getByText('Drag & drop your files')).toBeVisible();
    for (const id of ['merge-pdf', 'split-pdf', 'compress-pdf'] as const) {
      const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: tools[id].title }) });
      await expect(card.getByText('Popular', { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('main').getByText('Popular', { exact: true })).toHaveCount(3);
  });

  test('/features describes every tool with a Use Tool link to /tools/{tool}', async ({ page }) => {
    await page.goto('/features');
    for (const [id, tool] of Object.entries(tools)) {
      const section = page.getByRole('region', { name: tool.title, exact: true });
      await expect(section).toContainText(tool.description);
      await expect(section.getByRole('link', { name: `Use Tool for ${tool.title}` })).toHaveAttribute(
        'href',
        `/tools/${id}`,
      );
    }
    await page.getByRole('link', { name: 'Use Tool for Rotate PDF' }).click();
    await expect(page).toHaveURL(/\/tools\/rotate-pdf$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rotate PDF');
  });
});

test.describe('guides', () => {
  test('lists every guide (the ten of the seed and any added since), three featured, each with read time and level', async ({
    page,
  }) => {
    await page.goto('/guides');
    const featured = page.getByRole('region', { name: 'Featured guides' }).getByRole('article');
    await expect(featured).toHaveCount(3);
    await expect(featured.getByRole('link')).toHaveText([
      'How to Compress PDF Files',
      'How to Merge PDF Files',
      'How to Split PDF Files',
    ]);
    const cards = page.getByRole('main').getByRole('article');
    expect(contentSlugs('guides').length).toBeGreaterThanOrEqual(10);
    await expect(cards).toHaveCount(contentSlugs('guides').length);
    for (const card of await cards.all()) {
      await expect(card).toContainText(/\d+ min read/);
      await expect(card).toContainText(/Beginner|Intermediate/);
    }
  });

  // One guide: the call-to-action is the same element on every guide, and where each points (a tool page that is
  // there, with its heading and breadcrumb) is read from every guide's HTML by ../site/guides.test.ts.
  test('the call-to-action of a guide lands on a working tool page', async ({ page }) => {
    const slug = contentSlugs('guides')[0]!;
    await page.goto(`/guides/${slug}`);
    await expect(page.getByRole('main')).toContainText(/\d+ min read/);
    const cta = page.getByTestId('tool-call-to-action');
    const href = await cta.getAttribute('href');
    const id = Object.keys(tools).find((tool) => toolPaths(tool as keyof typeof tools).canonical === href);
    expect(id, `${slug} points to ${href}`).toBeDefined();
    await cta.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tools[id as keyof typeof tools].title);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByText(tools[id as keyof typeof tools].title)).toHaveAttribute('aria-current', 'page');
    // The same page loads on its own, from the server, at that address.
    const response = await page.reload();
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tools[id as keyof typeof tools].title);
  });

  test('a guide names itself in the breadcrumb, and its links open the tool page', async ({ page }) => {
    await page.goto('/guides/how-to-merge-pdf-files');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Guides' })).toHaveAttribute('href', '/guides');
    await expect(crumbs.getByText('How to Merge PDF Files')).toHaveAttribute('aria-current', 'page');
    // A guide has no React app (decision 073): its links load the tool page, which runs the app.
    await page.getByRole('article').getByRole('link', { name: 'Rotate PDF' }).first().click();
    await expect(page).toHaveURL(/\/rotate-pdf$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tools['rotate-pdf'].title);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  });
});

test.describe('blog', () => {
  test('lists eight articles, two featured, each with category, read time and date', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('region', { name: 'Featured articles' }).getByRole('article')).toHaveCount(2);
    const list = page.getByTestId('article-list').getByRole('article');
    await expect(list).toHaveCount(8);
    for (const card of await list.all()) {
      await expect(card).toContainText(/\d+ min read/);
      await expect(card.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    }
    await expect(list.getByRole('link', { name: 'How PDF Compression Works: An Advanced Guide' })).toHaveCount(0);
  });

  test('the category chips filter the list', async ({ page }) => {
    await page.goto('/blog');
    const chips = page.getByRole('group', { name: 'Filter articles by category' });
    await expect(chips.getByRole('button')).toHaveText([
      'All',
      'Tutorial',
      'Reviews',
      'Professional',
      'Security',
      'Guide',
      'Accessibility',
      'Advanced',
    ]);
    const list = page.getByTestId('article-list').getByRole('article');
    const status = page.getByRole('status').filter({ hasText: /article/ });

    await chips.getByRole('button', { name: 'Tutorial' }).click();
    await expect(chips.getByRole('button', { name: 'Tutorial' })).toHaveAttribute('aria-pressed', 'true');
    await expect(chips.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    await expect(list).toHaveCount(3);
    for (const card of await list.all()) await expect(card).toContainText('Tutorial');
    await expect(status).toHaveText('Showing 3 articles in Tutorial.');

    await chips.getByRole('button', { name: 'Security' }).click();
    await expect(list).toHaveCount(1);
    await expect(list.first().getByRole('link')).toHaveText('PDF Security Best Practices');

    await chips.getByRole('button', { name: 'Advanced' }).click();
    await expect(list).toHaveCount(0);
    await expect(status).toHaveText('No articles in Advanced yet.');

    await chips.getByRole('button', { name: 'All' }).click();
    await expect(list).toHaveCount(8);
  });

  test('an article shows its category, read time, date and a call-to-action to its tool', async ({ page }) => {
    await page.goto('/blog/pdf-security-best-practices');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('PDF Security Best Practices');
    await expect(main.locator('article header')).toContainText('Security');
    await expect(main.locator('article header')).toContainText(/\d+ min read/);
    await expect(main.locator('article header time')).toHaveText('May 12, 2026');
    await page.getByTestId('tool-call-to-action').click();
    await expect(page).toHaveURL(/\/protect-pdf$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Protect PDF');
  });
});

test.describe('FAQ', () => {
  test('has five groups and keeps one answer open at a time; an open answer collapses', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'General',
      'Security & Privacy',
      'Usage Limits',
      'Technical Support',
      'Quality & Performance',
    ]);
    const first = page.getByRole('button', { name: 'What is PaperKnife?' });
    const second = page.getByRole('button', { name: 'How large can my files be?' });
    await expect(first).toHaveAttribute('aria-expanded', 'false');

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'What is PaperKnife?' })).toContainText('free online PDF toolbox');

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'How large can my files be?' })).toContainText(/\d+ MB/);
    await expect(page.getByRole('region', { name: 'What is PaperKnife?' })).toHaveCount(0);

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('[data-slot="accordion-item"][data-state="open"]')).toHaveCount(0);
  });

  test('links in an answer move inside the app', async ({ page }) => {
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Is there a page limit?' }).click();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('region', { name: 'Is there a page limit?' }).getByRole('link', { name: 'Split PDF' }).click();
    await expect(page).toHaveURL(/\/split-pdf$/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  test('works with the keyboard', async ({ page }) => {
    await page.goto('/faq');
    const first = page.getByRole('button', { name: 'What is PaperKnife?' });
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: 'Is PaperKnife really free?' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Is PaperKnife really free?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});

test.describe('contact', () => {
  const valid = {
    'First name': 'Ada',
    'Last name': 'Lovelace',
    Email: 'ada@example.com',
    Subject: 'Merge question',
    Message: 'Can I merge more than fifty files in one go?',
  };

  test('shows the email support line', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('complementary', { name: 'Other ways to get help' })).toContainText(
      'response within 24 hours on business days',
    );
  });

  test('sends a valid message, which the server stores (201), then confirms and clears the form', async ({ page }) => {
    await page.goto('/contact');
    for (const [label, value] of Object.entries(valid)) await page.getByLabel(label, { exact: true }).fill(value);
    const stored = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    const response = await stored;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      subject: 'Merge question',
      message: 'Can I merge more than fifty files in one go?',
    });
    await expect(page.getByText('Message sent!')).toBeVisible();
    await expect(page.getByLabel('First name', { exact: true })).toHaveValue('');
  });

  test('shows each problem by its field, without sending, and moves focus to the first one', async ({ page }) => {
    await page.goto('/contact');
    let sent = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) sent = true;
    });
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();

    const expected = {
      'First name': 'Please enter your first name.',
      'Last name': 'Please enter your last name.',
      Email: 'Please enter a valid email address.',
      Subject: 'Please enter your subject.',
      Message: 'Please enter your message.',
    };
    for (const [label, message] of Object.entries(expected)) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(message);
    }
    await expect(page.getByLabel('First name', { exact: true })).toBeFocused();
    expect(sent).toBe(false);

    await page.getByLabel('First name', { exact: true }).fill('Ada');
    await expect(page.getByLabel('First name', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Please enter your first name.')).toHaveCount(0);
  });

  test('refuses before sending what the server would refuse (one schema for both)', async ({ page }) => {
    await page.goto('/contact');
    for (const [label, value] of Object.entries(valid)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel('Email', { exact: true }).fill('ada@example.c');
    let sent = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) sent = true;
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
      'Please enter a valid email address.',
    );
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    expect(sent).toBe(false);
  });

  test('shows the field errors the server answers by their field', async ({ page, request, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 400/);
    // The server's own answer to a bad message, replayed for a message the page let through.
    const refused = await request.post('/api/contact', {
      data: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.c', subject: 'Hi', message: 'Hello' },
    });
    expect(refused.status()).toBe(400);
    const body = await refused.text();
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body }),
    );
    await page.goto('/contact');
    for (const [label, value] of Object.entries(valid)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
      'Please enter a valid email address.',
    );
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  });
});

test.describe('developers', () => {
  test('documents every function with its fields and a curl example, and links the OpenAPI document', async ({
    page,
    request,
  }) => {
    await page.goto('/developers');
    for (const tool of Object.values(tools)) {
      const section = page.getByRole('region', { name: tool.title, exact: true });
      await expect(section).toContainText(`POST /functions/v1/${tool.functionName}`);
      await expect(section.getByRole('region', { name: `curl example for ${tool.functionName}` })).toContainText(
        tool.download.name,
      );
    }
    await expect(page.getByRole('region', { name: 'Error codes table' })).toContainText('page_out_of_range');
    const href = await page.getByRole('link', { name: 'OpenAPI document' }).getAttribute('href');
    const openapi = await request.get(href ?? '');
    expect(openapi.status()).toBe(200);
    expect(((await openapi.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });

  test('the quick-start call works against the real API as documented', async ({ page, request }) => {
    const rotate = tools['rotate-pdf'];
    await page.goto('/developers');
    const example = await page.getByRole('region', { name: 'Quick start example' }).innerText();
    for (const part of [
      '/functions/v1/rotate-pdf',
      '-F file=@document.pdf',
      '-F angle=90',
      `-o ${rotate.download.name}`,
    ]) {
      expect(example).toContain(part);
    }
    const response = await request.post('/functions/v1/rotate-pdf', {
      multipart: { file: { name: 'document.pdf', mimeType: 'application/pdf', buffer: makePdf() }, angle: '90' },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-disposition']).toContain(rotate.download.name);
    const result = join(fixtureDir, 'quick-start-result.pdf');
    writeFileSync(result, await response.body());
    expect(pdfRotations(result)).toEqual([90]);
  });
});

/**
 * Waits for running CSS transitions (a chip changing colour), so axe checks the colours people end up seeing. A
 * transition that another replaces is cancelled (its `finished` rejects): the one that replaced it is waited for next.
 */
/** Each page checked in both themes; the theme the toggle leaves is the one the next page loads in. */
test('an open FAQ answer, a filtered blog list and contact errors have no axe violations', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('button', { name: 'What happens to my files after I upload them?' }).click();
  await expect(page.getByRole('region', { name: 'What happens to my files after I upload them?' })).toBeVisible();
  await animationsSettled(page);
  await expectNoAxeViolationsInEitherTheme(page, '/faq with an answer open');

  await page.goto('/blog');
  await page.getByRole('button', { name: 'Advanced' }).click();
  await expect(page.getByText('No articles in Advanced yet.')).toBeVisible();
  await animationsSettled(page);
  await expectNoAxeViolationsInEitherTheme(page, '/blog filtered to an empty category');

  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please enter your first name.')).toBeVisible();
  await animationsSettled(page);
  await expectNoAxeViolationsInEitherTheme(page, '/contact with field errors');
});
