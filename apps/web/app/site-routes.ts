import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toolIds, toolPaths } from '@paperknife/catalog/tools';
import { type LocaleCode, localeCodes, localizedPath, pseudoLocale } from '@paperknife/i18n/locales';

/**
 * Every public path of the site, for the prerender list and the sitemap. Tool pages come from the catalogue,
 * guides and articles from the Markdown files in content/, so adding either adds its page everywhere.
 * Node-only (read by react-router.config.ts and the sitemap build), never bundled for the browser.
 */

export const contentFolder = fileURLToPath(new URL('../content/', import.meta.url));

export function contentSlugs(kind: 'guides' | 'blog'): string[] {
  return readdirSync(`${contentFolder}${kind}`)
    .filter((name) => name.endsWith('.md'))
    .map((name) => name.slice(0, -'.md'.length))
    .sort();
}

const pagePaths = [
  '/',
  '/features',
  '/tools',
  '/guides',
  '/blog',
  '/faq',
  '/privacy',
  '/terms',
  '/contact',
  '/developers',
] as const;

/** The English paths search engines should index: pages, canonical tool pages, guides and articles. */
export function englishIndexedPaths(): string[] {
  return [
    ...pagePaths,
    ...toolIds.map((id) => toolPaths(id).canonical),
    ...contentSlugs('guides').map((slug) => `/guides/${slug}`),
    ...contentSlugs('blog').map((slug) => `/blog/${slug}`),
  ];
}

/**
 * The languages the build prerenders: every one, and the pseudo-language when `PAPERKNIFE_PSEUDO_LOCALE=1` (the
 * test command's build; decision 160).
 */
export function builtLocaleCodes(): LocaleCode[] {
  return process.env['PAPERKNIFE_PSEUDO_LOCALE'] === '1' ? [...localeCodes, pseudoLocale.code] : [...localeCodes];
}

/** Every built language's copy of every English path. */
const inEveryLanguage = (paths: readonly string[]) =>
  builtLocaleCodes().flatMap((code) => paths.map((path) => localizedPath(path, code)));

/**
 * Paths search engines should index, in every language. An article not translated into a language is still
 * shown under its prefix (in English, for that language's blog list) but not indexed there: its canonical page is
 * the English one.
 */
export function indexedPaths(): string[] {
  const untranslated = (path: string, code: string) => {
    const article = /^\/blog\/([^/]+)$/.exec(path)?.[1];
    return (
      code !== 'en' && article !== undefined && !existsSync(`${contentFolder}translations/${code}/blog/${article}.md`)
    );
  };
  return localeCodes.flatMap((code) =>
    englishIndexedPaths()
      .filter((path) => !untranslated(path, code))
      .map((path) => localizedPath(path, code)),
  );
}

/**
 * The path whose HTML becomes the not-found page: build/client/404.html, and `{language}/404.html` for paths
 * under a language's prefix (the splat route renders it there). Two segments, so no `:lang?` route takes it.
 */
export const NOT_FOUND_PATH = '/not-found/page';

export function prerenderPaths(): string[] {
  return inEveryLanguage([...englishIndexedPaths(), ...toolIds.map((id) => toolPaths(id).alias), NOT_FOUND_PATH]);
}
