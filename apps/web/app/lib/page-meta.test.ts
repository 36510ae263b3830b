import { localeCodes, localeOf } from '@paperknife/i18n/locales';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTranslator, loadedTranslator } from '~/i18n/translators';
import { siteConfig } from '~/site-config';
import { pageMeta } from './page-meta';

const english = () => loadedTranslator('en');

function jsonLd(tags: ReturnType<typeof pageMeta>) {
  return tags.flatMap((tag) => ('script:ld+json' in tag ? [tag['script:ld+json'] as Record<string, unknown>] : []));
}

const trailOf = (tags: ReturnType<typeof pageMeta>) =>
  (
    jsonLd(tags).find((data) => data['@type'] === 'BreadcrumbList') as
      { itemListElement: { name: string; item: string }[] } | undefined
  )?.itemListElement.map((crumb) => [crumb.name, crumb.item]);

describe('pageMeta', () => {
  it('describes the trail of a guide as a BreadcrumbList that ends with the guide’s title', () => {
    const tags = pageMeta(english(), {
      title: 'How to Merge PDF Files',
      description: 'd',
      path: '/guides/how-to-merge',
    });
    expect(trailOf(tags)).toEqual([
      ['Home', `${siteConfig.siteUrl}/`],
      ['Guides', `${siteConfig.siteUrl}/guides`],
      ['How to Merge PDF Files', `${siteConfig.siteUrl}/guides/how-to-merge`],
    ]);
  });

  it('names a page of the fixed map by the map, whatever its title', () => {
    const tags = pageMeta(english(), { title: 'Merge PDF Files Online', description: 'd', path: '/merge-pdf' });
    expect(trailOf(tags)?.map(([name]) => name)).toEqual(['Home', 'PDF Tools', 'Merge PDF']);
  });

  it('gives home no BreadcrumbList and no title suffix', () => {
    const tags = pageMeta(english(), { title: 'PaperKnife: Free Online PDF Tools', description: 'd', path: '/' });
    expect(trailOf(tags)).toBeUndefined();
    expect(tags).toContainEqual({ title: 'PaperKnife: Free Online PDF Tools' });
  });

  describe('in another language', () => {
    beforeAll(async () => {
      await loadTranslator('ar');
    });

    const links = (tags: ReturnType<typeof pageMeta>) =>
      tags.flatMap((tag) => ('tagName' in tag ? [tag as { rel: string; href: string; hrefLang?: string }] : []));

    it("points the canonical link at the language's copy and lists every copy, x-default English", () => {
      const tags = pageMeta(loadedTranslator('ar'), { title: 't', description: 'd', path: '/merge-pdf' });
      expect(links(tags).find((link) => link.rel === 'canonical')?.href).toBe(`${siteConfig.siteUrl}/ar/merge-pdf`);
      const alternates = links(tags).filter((link) => link.rel === 'alternate');
      expect(alternates.map((link) => link.hrefLang)).toEqual([
        ...localeCodes.map((code) => localeOf(code).tag),
        'x-default',
      ]);
      expect(alternates.at(-1)?.href).toBe(`${siteConfig.siteUrl}/merge-pdf`);
      expect(tags).toContainEqual({ property: 'og:locale', content: 'ar_AR' });
    });

    it('lists the same alternates on every copy, so they are reciprocal', () => {
      const alternatesOf = (tags: ReturnType<typeof pageMeta>) =>
        links(tags)
          .filter((link) => link.rel === 'alternate')
          .map((link) => `${link.hrefLang} ${link.href}`);
      const input = { title: 't', description: 'd', path: '/guides' };
      expect(alternatesOf(pageMeta(loadedTranslator('ar'), input))).toEqual(alternatesOf(pageMeta(english(), input)));
    });

    it('gives a page shown in a language it is not written in no alternates and the English canonical', () => {
      const tags = pageMeta(loadedTranslator('ar'), {
        title: 't',
        description: 'd',
        path: '/blog/pdf-vs-word-guide',
        languages: ['en'],
      });
      expect(links(tags).filter((link) => link.rel === 'alternate')).toEqual([]);
      expect(links(tags).find((link) => link.rel === 'canonical')?.href).toBe(
        `${siteConfig.siteUrl}/blog/pdf-vs-word-guide`,
      );
    });
  });
});
