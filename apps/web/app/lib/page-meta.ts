import {
  type LocaleCode,
  localeCodes,
  localeOf,
  localizedPath,
  pseudoLocale,
  splitLocalePath,
} from '@paperknife/i18n/locales';
import type { Translator } from '@paperknife/i18n/translator';
import type { MetaDescriptor } from 'react-router';
import { loadedTranslator } from '~/i18n/translators';
import { siteConfig } from '~/site-config';
import { breadcrumbTrail } from './breadcrumb-map';

export const SITE_NAME = 'PaperKnife';

/** The translator of the page a route's `meta` describes (its messages are loaded before the page renders). */
export function metaTranslator(location: { pathname: string }): Translator {
  return loadedTranslator(splitLocalePath(location.pathname).code);
}

interface PageMetaInput {
  title: string;
  description: string;
  /** The canonical English path, e.g. `/merge-pdf` (tool pages point both of their paths here). */
  path: string;
  /** Comma-separated phrases people search for. */
  keywords?: string;
  /** The languages the page is written in, for `hreflang` (default: every language; an English-only article: en). */
  languages?: readonly LocaleCode[];
  /** Open Graph type: `website` for pages, `article` for guides and blog posts. */
  type?: 'website' | 'article';
  /** Structured data objects (schema.org), each written as its own JSON-LD script. */
  jsonLd?: readonly Record<string, unknown>[];
  /** `YYYY-MM-DD` publish date of an article. */
  publishedTime?: string;
}

export function absoluteUrl(path: string): string {
  return `${siteConfig.siteUrl}${path === '/' ? '/' : path}`;
}

/**
 * `hreflang` alternates: the page in every language it exists in, and `x-default` for English (the seed's paths).
 * Each language's copy lists the same set, so they are reciprocal.
 */
function alternateLinks(path: string, languages: readonly LocaleCode[]): MetaDescriptor[] {
  if (languages.length < 2) return [];
  return [
    ...languages.map((code) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: localeOf(code).tag,
      href: absoluteUrl(localizedPath(path, code)),
    })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(path) },
  ];
}

/**
 * Title, description, keywords, canonical link, `hreflang` alternates, Open Graph, Twitter card and JSON-LD for
 * one page in one language. A page with a breadcrumb also gets its BreadcrumbList, built from the same trail the
 * visible breadcrumb shows (guides and articles, which the fixed map does not name, are named by their title).
 */
export function pageMeta(i18n: Translator, input: PageMetaInput): MetaDescriptor[] {
  const title = input.path === '/' ? input.title : `${input.title} | ${SITE_NAME}`;
  const languages = input.languages ?? localeCodes;
  // A page shown in a language its words are not written in (an English article under /de/blog/) points search
  // engines to the English page.
  const url = absoluteUrl(languages.includes(i18n.locale) ? i18n.path(input.path) : input.path);
  const jsonLd = [...(input.jsonLd ?? [])];
  const crumbs = breadcrumbTrail(i18n.path(input.path), i18n, input.title);
  if (crumbs.length > 1) jsonLd.push(breadcrumbJsonLd(crumbs));
  return [
    { title },
    { name: 'description', content: input.description },
    ...(input.keywords ? [{ name: 'keywords', content: input.keywords }] : []),
    { tagName: 'link', rel: 'canonical', href: url },
    ...(languages.includes(i18n.locale) ? alternateLinks(input.path, languages) : []),
    // The pseudo-language's pages are for tests: never indexed.
    ...(i18n.locale === pseudoLocale.code ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: localeOf(i18n.locale).ogLocale },
    ...languages
      .filter((code) => code !== i18n.locale)
      .map((code) => ({ property: 'og:locale:alternate', content: localeOf(code).ogLocale })),
    ...(input.publishedTime ? [{ property: 'article:published_time', content: input.publishedTime }] : []),
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: input.description },
    ...jsonLd.map((data) => ({ 'script:ld+json': { '@context': 'https://schema.org', ...data } })),
  ];
}

/** schema.org BreadcrumbList for a trail of crumbs. */
function breadcrumbJsonLd(crumbs: readonly { label: string; path: string }[]): Record<string, unknown> {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(crumb.path),
    })),
  };
}

/** schema.org Organization: who runs the site (home page, and the author and publisher of articles). */
export function organizationJsonLd(): Record<string, unknown> {
  return {
    '@type': 'Organization',
    '@id': absoluteUrl('/#organization'),
    name: SITE_NAME,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/favicon.svg'),
    email: siteConfig.supportEmail,
    sameAs: [siteConfig.sourceUrl],
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email: siteConfig.supportEmail,
      url: absoluteUrl('/contact'),
    },
  };
}

/** schema.org WebSite for the home page. */
export function websiteJsonLd(i18n: Translator): Record<string, unknown> {
  return {
    '@type': 'WebSite',
    '@id': absoluteUrl('/#website'),
    name: SITE_NAME,
    url: absoluteUrl(i18n.path('/')),
    description: i18n.t('site.tagline'),
    inLanguage: i18n.tag,
    publisher: { '@id': absoluteUrl('/#organization') },
  };
}
