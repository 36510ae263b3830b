import type { MetaDescriptor } from 'react-router';
import { siteConfig } from '~/site-config';
import { breadcrumbTrail } from './breadcrumb-map';

export const SITE_NAME = 'PaperKnife';
/** How soon support answers; every page that promises it quotes this. */
export const SUPPORT_REPLY_TIME = 'within 24 hours on business days';

export const TAGLINE = 'Professional PDF tools for everyone. Merge, split, compress, and convert your PDFs with ease.';

interface PageMetaInput {
  title: string;
  description: string;
  /** The canonical path, e.g. `/merge-pdf` (tool pages point both of their paths here). */
  path: string;
  keywords?: readonly string[];
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
 * Title, description, keywords, canonical link, Open Graph, Twitter card and JSON-LD for one page. A page with a
 * breadcrumb also gets its BreadcrumbList, built from the same trail the visible breadcrumb shows (guides and
 * articles, which the fixed map does not name, are named by their title there too).
 */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = input.path === '/' ? input.title : `${input.title} | ${SITE_NAME}`;
  const url = absoluteUrl(input.path);
  const jsonLd = [...(input.jsonLd ?? [])];
  const crumbs = breadcrumbTrail(input.path, input.title);
  if (crumbs.length > 1) jsonLd.push(breadcrumbJsonLd(crumbs));
  return [
    { title },
    { name: 'description', content: input.description },
    ...(input.keywords?.length ? [{ name: 'keywords', content: input.keywords.join(', ') }] : []),
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: 'en_US' },
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
export function websiteJsonLd(): Record<string, unknown> {
  return {
    '@type': 'WebSite',
    '@id': absoluteUrl('/#website'),
    name: SITE_NAME,
    url: absoluteUrl('/'),
    description: TAGLINE,
    inLanguage: 'en',
    publisher: { '@id': absoluteUrl('/#organization') },
  };
}
