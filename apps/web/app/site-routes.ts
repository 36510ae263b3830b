import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toolIds, toolPaths } from '@paperknife/catalog/tools';

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

/** Paths search engines should index: pages, canonical tool pages, guides and articles. */
export function indexedPaths(): string[] {
  return [
    ...pagePaths,
    ...toolIds.map((id) => toolPaths(id).canonical),
    ...contentSlugs('guides').map((slug) => `/guides/${slug}`),
    ...contentSlugs('blog').map((slug) => `/blog/${slug}`),
  ];
}

/** The path whose HTML becomes build/client/404.html (the splat route renders the not-found page there). */
export const NOT_FOUND_PATH = '/404';

export function prerenderPaths(): string[] {
  return [...indexedPaths(), ...toolIds.map((id) => toolPaths(id).alias), NOT_FOUND_PATH];
}
