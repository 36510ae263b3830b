import { existsSync } from 'node:fs';
import { toolIds, toolPaths } from '@paperknife/catalog/tools';
import { type LocaleCode, localeCodes, localeOf, localizedPath } from '@paperknife/i18n/locales';
import { isSentence } from '@paperknife/i18n/sentences';
// Playwright's own `test`: these tests read the server's answers and open no page.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { contentFolder, englishIndexedPaths, indexedPaths } from '../../apps/web/app/site-routes';
import { htmlLanguage, languageLinks, pageText } from '../page-text';

/**
 * Every page in every language, as the server sends it and a search engine reads it: marked with its language
 * and direction, pointing to its copies in every other language (and they back to it), and with none of the
 * English page's sentences left in it.
 */

const others = localeCodes.filter((code) => code !== 'en');
const aliases = toolIds.map((id) => toolPaths(id).alias);
const pages = [...englishIndexedPaths(), ...aliases];
/** An article shown in English under a language that has no translation of it. */
const untranslated = (path: string, code: string) => {
  const slug = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  return slug !== undefined && code !== 'en' && !existsSync(`${contentFolder}translations/${code}/blog/${slug}.md`);
};
/** The sentences of each English page, read once per worker for all the languages it checks. */
const englishPages = new Map<string, Promise<Set<string>>>();
function englishSentences(request: APIRequestContext, path: string): Promise<Set<string>> {
  let sentences = englishPages.get(path);
  if (!sentences) {
    sentences = request
      .get(path)
      .then((response) => response.text())
      .then(
        (html) =>
          new Set(
            pageText(html)
              .map((piece) => piece.text)
              .filter(isSentence),
          ),
      );
    englishPages.set(path, sentences);
  }
  return sentences;
}
const canonicalOf = (path: string) =>
  toolIds.map((id) => toolPaths(id)).find((p) => p.alias === path)?.canonical ?? path;

let origin = '';
test.beforeAll(async ({ request }) => {
  origin = new URL(languageLinks(await (await request.get('/')).text()).canonical ?? '').origin;
});

for (const code of others) {
  const { tag, dir } = localeOf(code as LocaleCode);

  test(`${code}: every page is there, marked ${tag} ${dir}, with its canonical link and every language's copy`, async ({
    request,
  }) => {
    for (const path of pages) {
      const local = localizedPath(path, code);
      const response = await request.get(local);
      expect(response.status(), local).toBe(200);
      const html = await response.text();
      expect(htmlLanguage(html), local).toEqual({ lang: tag, dir });
      const { canonical, alternates } = languageLinks(html);
      if (untranslated(path, code)) {
        // An article in English under the language: English's canonical page, no copies to point to.
        expect(canonical, local).toBe(`${origin}${path}`);
        expect(alternates.size, local).toBe(0);
        continue;
      }
      expect(canonical, local).toBe(`${origin}${localizedPath(canonicalOf(path), code)}`);
      const expected = new Map([
        ...localeCodes.map(
          (other) => [localeOf(other).tag, `${origin}${localizedPath(canonicalOf(path), other)}`] as const,
        ),
        ['x-default', `${origin}${canonicalOf(path)}`] as const,
      ]);
      // The same list on every copy, English's included: each copy points back to this one.
      expect(alternates, local).toEqual(expected);
    }
  });

  test(`${code}: no sentence of the English page is left on its copy`, async ({ request }) => {
    const leftovers: string[] = [];
    for (const path of [...pages.filter((p) => !untranslated(p, code)), '/no-such-page']) {
      const local = localizedPath(path, code);
      const [sentences, translated] = await Promise.all([englishSentences(request, path), request.get(local)]);
      for (const piece of pageText(await translated.text())) {
        // Marked English on purpose: an article not translated yet, the API's field tables.
        if (piece.lang === 'en') continue;
        if (sentences.has(piece.text)) leftovers.push(`${local}: "${piece.text}"`);
      }
    }
    expect(leftovers).toEqual([]);
  });
}

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
