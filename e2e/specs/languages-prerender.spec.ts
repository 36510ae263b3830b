import { existsSync } from 'node:fs';
import { toolIds, toolPaths } from '@paperknife/catalog/tools';
import { localeCodes, localeOf, localizedPath } from '@paperknife/i18n/locales';
// Playwright's own `test`: these tests read the server's answers and open no page.
import { expect, test } from '@playwright/test';
import { contentFolder, englishIndexedPaths, indexedPaths } from '../../apps/web/app/site-routes';
import { htmlLanguage, languageLinks } from '../page-text';

/**
 * What the server adds to the prerendered pages of every language: its answers (status, language) and the sitemap.
 * What each page says, every page in every language (marked with its language, its canonical link and copies, no
 * English sentence left), is read from the built files by ../site/languages.test.ts, which `npm test` runs beside
 * this suite.
 */

const others = localeCodes.filter((code) => code !== 'en');
/** An article shown in English under a language that has no translation of it. */
const untranslated = (path: string, code: string) => {
  const slug = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  return slug !== undefined && code !== 'en' && !existsSync(`${contentFolder}translations/${code}/blog/${slug}.md`);
};

let origin = '';
test.beforeAll(async ({ request }) => {
  origin = new URL(languageLinks(await (await request.get('/')).text()).canonical ?? '').origin;
});

test('each language’s copy of a page of each kind answers 200, marked with the language', async ({ request }) => {
  const [tool] = toolIds;
  const kinds = [
    '/',
    toolPaths(tool!).canonical,
    toolPaths(tool!).alias,
    englishIndexedPaths().find((p) => p.startsWith('/guides/'))!,
  ];
  for (const code of others) {
    for (const path of kinds) {
      const local = localizedPath(path, code);
      const response = await request.get(local);
      expect(response.status(), local).toBe(200);
      expect(htmlLanguage(await response.text()), local).toEqual({ lang: localeOf(code).tag, dir: localeOf(code).dir });
    }
  }
});

test('the sitemap lists every language’s pages, and only translated articles under a language', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const locs = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc));
  expect(locs.size).toBe(indexedPaths().length);
  for (const code of localeCodes) {
    for (const path of englishIndexedPaths()) {
      const url = `${origin}${localizedPath(path, code)}`;
      expect(locs.has(url), url).toBe(!untranslated(path, code));
    }
  }
});

test('a page missing under a language answers 404 with that language’s not-found page', async ({ request }) => {
  for (const code of others) {
    const response = await request.get(`/${code}/no-such-page`);
    expect(response.status()).toBe(404);
    expect(htmlLanguage(await response.text()).lang).toBe(localeOf(code).tag);
  }
});
