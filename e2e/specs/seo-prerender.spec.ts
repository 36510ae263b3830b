import { readdirSync } from 'node:fs';
import { toolIds, toolPaths } from '@paperknife/catalog/tools';
import { splitLocalePath } from '@paperknife/i18n/locales';
import { NOT_FOUND_PATH, indexedPaths, prerenderPaths } from '../../apps/web/app/site-routes';
// Playwright's own `test`, not the fixtures' one: these tests read the server's answers with `request` and open no
// page, and the fixtures' console-error check would open a browser page for every one of them (74 here).
import { expect, test } from '@playwright/test';

/**
 * Every public route as a search engine or a browser without JavaScript gets it: the raw HTML from the real
 * server must carry the page's own title, description, canonical link, social tags, JSON-LD of the right type
 * and its visible content.
 */

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_m, name: string) => entities[name]!);

/** The attributes of every `<tag ...>` in the HTML. */
function tags(html: string, tag: 'meta' | 'link'): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map(([, attributes = '']) =>
    Object.fromEntries(
      [...attributes.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [name, decode(value)]),
    ),
  );
}

interface PageHead {
  title: string;
  meta: (key: string) => string | undefined;
  canonical: string | undefined;
  jsonLd: Record<string, unknown>[];
  h1: string;
}

function readHead(html: string): PageHead {
  const metas = tags(html, 'meta');
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    meta: (key) => metas.find((tag) => tag['name'] === key || tag['property'] === key)?.['content'],
    canonical: tags(html, 'link').find((tag) => tag['rel'] === 'canonical')?.['href'],
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      ([, json = '']) => JSON.parse(json) as Record<string, unknown>,
    ),
    h1: decode((/<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '').trim()),
  };
}

/** The schema.org types a page must describe itself with. */
function expectedTypes(path: string): string[] {
  if (path === '/') return ['WebSite', 'Organization'];
  if (/^\/guides\/[^/]+$/.test(path)) return ['HowTo', 'BreadcrumbList'];
  if (/^\/blog\/[^/]+$/.test(path)) return ['BlogPosting', 'BreadcrumbList'];
  if (path === '/faq') return ['FAQPage', 'BreadcrumbList'];
  if (toolIds.some((id) => Object.values(toolPaths(id)).includes(path)))
    return ['SoftwareApplication', 'BreadcrumbList'];
  return ['BreadcrumbList'];
}

/** The path a page's canonical link names: tool pages point both of their paths at `/{tool}`. */
function canonicalPath(path: string): string {
  const tool = toolIds.find((id) => toolPaths(id).alias === path);
  return tool ? toolPaths(tool).canonical : path;
}

/** Every URL in structured data (`url`, `item`, `@id`, `logo`) must be absolute on the site's origin. */
function linkedUrls(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(linkedUrls);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    ['url', 'item', '@id', 'logo'].includes(key) && typeof inner === 'string' ? [inner] : linkedUrls(inner),
  );
}

test.describe('prerendered HTML', () => {
  let origin = '';

  test.beforeAll(async ({ request }) => {
    const home = readHead(await (await request.get('/')).text());
    origin = new URL(home.canonical ?? '').origin;
  });

  // English's pages; languages-prerender.spec.ts checks every other language's copies against them.
  const isEnglish = (path: string) => splitLocalePath(path).code === 'en';
  const paths = prerenderPaths().filter((path) => path !== NOT_FOUND_PATH && isEnglish(path));

  test('covers every page of the seed, every tool at both paths, every guide and 9 articles', () => {
    for (const page of ['/', '/features', '/tools', '/guides', '/blog', '/faq', '/privacy', '/terms', '/contact']) {
      expect(paths).toContain(page);
    }
    expect(paths).toContain('/developers');
    for (const id of toolIds) expect(paths).toEqual(expect.arrayContaining(Object.values(toolPaths(id))));
    const guideFiles = readdirSync(new URL('../../apps/web/content/guides/', import.meta.url));
    expect(guideFiles.length).toBeGreaterThanOrEqual(10);
    expect(paths.filter((path) => path.startsWith('/guides/'))).toHaveLength(guideFiles.length);
    expect(paths.filter((path) => path.startsWith('/blog/'))).toHaveLength(9);
  });

  for (const path of paths) {
    test(`${path} has its own head and content without JavaScript`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      const head = readHead(await response.text());

      expect(head.title).toMatch(/\S/);
      expect(head.title === 'PaperKnife: Free Online PDF Tools' || head.title.endsWith(' | PaperKnife')).toBe(true);
      expect(head.meta('description')?.length ?? 0).toBeGreaterThan(50);
      expect(head.meta('keywords')).toMatch(/\w/);
      expect(head.canonical).toBe(`${origin}${canonicalPath(path)}`);
      expect(head.meta('og:title')).toBe(head.title);
      expect(head.meta('og:description')).toBe(head.meta('description'));
      expect(head.meta('og:url')).toBe(head.canonical);
      expect(head.meta('twitter:card')).toBe('summary');
      expect(head.meta('twitter:title')).toBe(head.title);
      expect(head.h1).toMatch(/\w/);

      const types = head.jsonLd.map((data) => data['@type']);
      expect(types).toEqual(expect.arrayContaining(expectedTypes(path)));
      for (const data of head.jsonLd) {
        expect(data['@context']).toBe('https://schema.org');
        for (const url of linkedUrls(data)) expect(url.startsWith(`${origin}/`), url).toBe(true);
      }
    });
  }

  test('titles and descriptions are unique to each canonical page', async ({ request }) => {
    const seen = new Map<string, string>();
    for (const path of indexedPaths().filter(isEnglish)) {
      const head = readHead(await (await request.get(path)).text());
      for (const key of [head.title, head.meta('description') ?? '']) {
        expect(seen.get(key), `${path} repeats what ${seen.get(key)} says`).toBeUndefined();
        seen.set(key, path);
      }
    }
  });

  test('guides and articles carry their text, read time and call-to-action in the HTML', async ({ request }) => {
    for (const path of indexedPaths().filter((p) => /^\/(guides|blog)\/./.test(p))) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(/\d+ min read/);
      expect(html, path).toMatch(/<time dateTime="\d{4}-\d{2}-\d{2}">/);
      expect(html, path).toContain('data-testid="tool-call-to-action"');
      expect(html.replace(/<[^>]+>/g, ' ').split(/\s+/).length, path).toBeGreaterThan(600);
    }
  });

  test('a guide describes its steps as HowTo and its trail as a BreadcrumbList', async ({ request }) => {
    const head = readHead(await (await request.get('/guides/how-to-merge-pdf-files')).text());
    const howTo = head.jsonLd.find((data) => data['@type'] === 'HowTo') as { step: { name: string }[] };
    expect(howTo.step.length).toBeGreaterThanOrEqual(3);
    const trail = head.jsonLd.find((data) => data['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string; item: string }[];
    };
    expect(trail.itemListElement.map((crumb) => crumb.name)).toEqual(['Home', 'Guides', 'How to Merge PDF Files']);
  });

  test('the FAQ page lists every question and answer as FAQPage', async ({ request }) => {
    const html = await (await request.get('/faq')).text();
    const faq = readHead(html).jsonLd.find((data) => data['@type'] === 'FAQPage') as {
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(faq.mainEntity.length).toBeGreaterThanOrEqual(20);
    for (const question of faq.mainEntity) {
      expect(question.acceptedAnswer.text.length).toBeGreaterThan(40);
      expect(html).toContain(question.name.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;'));
    }
  });

  test('unknown paths get the 404 page with status 404', async ({ request }) => {
    const response = await request.get('/no-such-page');
    expect(response.status()).toBe(404);
    const head = readHead(await response.text());
    expect(head.title).toBe('Page Not Found | PaperKnife');
    expect(head.meta('robots')).toBe('noindex');
  });

  test('sitemap.xml lists every indexed page once, on the canonical origin, and robots.txt points to it', async ({
    request,
  }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc);
    expect(locs).toEqual(indexedPaths().map((path) => `${origin}${path}`));
    expect(locs.some((loc) => loc?.includes('/tools/'))).toBe(false);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
