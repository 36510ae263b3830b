import { existsSync } from 'node:fs';
import { toolIds, toolPaths } from '@paperknife/catalog/tools';
import { type LocaleCode, localeCodes, localeOf, localizedPath } from '@paperknife/i18n/locales';
import { isSentence } from '@paperknife/i18n/sentences';
import { describe, expect, it } from 'vitest';
import { contentFolder, englishIndexedPaths } from '../../apps/web/app/site-routes';
import { htmlLanguage, languageLinks, pageText } from '../page-text';
import { builtNotFoundPage, builtPage } from './built-site';

/**
 * Every page in every language, as the server sends it and a search engine reads it (the built files, which the
 * server sends as they are: built-site.ts): marked with its language and direction, pointing to its copies in every
 * other language (and they back to it), and with none of the English page's sentences left in it. That the server
 * answers each language's paths, and its 404s, is languages-prerender.spec.ts's.
 */

const others = localeCodes.filter((code) => code !== 'en');
const aliases = toolIds.map((id) => toolPaths(id).alias);
const pages = [...englishIndexedPaths(), ...aliases];
const NO_SUCH_PAGE = '/no-such-page';
/** An article shown in English under a language that has no translation of it. */
const untranslated = (path: string, code: string) => {
  const slug = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  return slug !== undefined && code !== 'en' && !existsSync(`${contentFolder}translations/${code}/blog/${slug}.md`);
};
const canonicalOf = (path: string) =>
  toolIds.map((id) => toolPaths(id)).find((p) => p.alias === path)?.canonical ?? path;

/** A page's HTML, the not-found page's for NO_SUCH_PAGE; a missing page fails the test that reads it. */
function html(path: string): string {
  if (path.endsWith(NO_SUCH_PAGE)) return builtNotFoundPage(path);
  const page = builtPage(path);
  expect(page, `${path} is built`).toBeDefined();
  return page!;
}

/** The sentences of each English page, read once for all the languages. */
const englishPages = new Map<string, Set<string>>();
function englishSentences(path: string): Set<string> {
  let sentences = englishPages.get(path);
  if (!sentences) {
    sentences = new Set(
      pageText(html(path))
        .map((piece) => piece.text)
        .filter(isSentence),
    );
    englishPages.set(path, sentences);
  }
  return sentences;
}

const origin = new URL(languageLinks(html('/')).canonical ?? '').origin;

describe.each(others)('%s', (code) => {
  const { tag, dir } = localeOf(code as LocaleCode);

  it(`every page is there, marked ${tag} ${dir}, with its canonical link and every language's copy`, () => {
    for (const path of pages) {
      const local = localizedPath(path, code);
      const page = html(local);
      expect(htmlLanguage(page), local).toEqual({ lang: tag, dir });
      const { canonical, alternates } = languageLinks(page);
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

  it('no sentence of the English page is left on its copy', () => {
    const leftovers: string[] = [];
    for (const path of [...pages.filter((p) => !untranslated(p, code)), NO_SUCH_PAGE]) {
      const local = localizedPath(path, code);
      const sentences = englishSentences(path);
      for (const piece of pageText(html(local))) {
        // Marked English on purpose: an article not translated yet, the API's field tables.
        if (piece.lang === 'en') continue;
        if (sentences.has(piece.text)) leftovers.push(`${local}: "${piece.text}"`);
      }
    }
    expect(leftovers).toEqual([]);
  });
});
