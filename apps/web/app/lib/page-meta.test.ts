import { describe, expect, it } from 'vitest';
import { siteConfig } from '~/site-config';
import { pageMeta } from './page-meta';

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
    const tags = pageMeta({ title: 'How to Merge PDF Files', description: 'd', path: '/guides/how-to-merge' });
    expect(trailOf(tags)).toEqual([
      ['Home', `${siteConfig.siteUrl}/`],
      ['Guides', `${siteConfig.siteUrl}/guides`],
      ['How to Merge PDF Files', `${siteConfig.siteUrl}/guides/how-to-merge`],
    ]);
  });

  it('names a page of the fixed map by the map, whatever its title', () => {
    const tags = pageMeta({ title: 'Merge PDF Files Online', description: 'd', path: '/merge-pdf' });
    expect(trailOf(tags)?.map(([name]) => name)).toEqual(['Home', 'PDF Tools', 'Merge PDF']);
  });

  it('gives home no BreadcrumbList and no title suffix', () => {
    const tags = pageMeta({ title: 'PaperKnife: Free Online PDF Tools', description: 'd', path: '/' });
    expect(trailOf(tags)).toBeUndefined();
    expect(tags).toContainEqual({ title: 'PaperKnife: Free Online PDF Tools' });
  });
});
