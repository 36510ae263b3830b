import { ContentCardList } from '~/components/content/content-card';
import { PageHeader, PageSection } from '~/components/content/page-header';
import { allGuides, guideSummary } from '~/content/content.server';
import { useI18n } from '~/i18n/i18n-context';
import { routeLocale } from '~/i18n/route-locale';
import { SITE_NAME, absoluteUrl, metaTranslator, pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/guides';
import { contentPageHandle } from '~/lib/page-handle';

export function loader({ params }: Route.LoaderArgs) {
  return { guides: allGuides(routeLocale(params)).map(guideSummary) };
}

// No React in the browser: the header, theme and Try it now box are islands (decision 073).
export const handle = contentPageHandle;

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const i18n = metaTranslator(location);
  const title = i18n.t('guides.title');
  const description = i18n.t('guides.meta.description', { site: SITE_NAME });
  return pageMeta(i18n, {
    title,
    description,
    path: '/guides',
    keywords: i18n.t('guides.meta.keywords'),
    jsonLd: [
      {
        '@type': 'CollectionPage',
        name: title,
        description,
        url: absoluteUrl(i18n.path('/guides')),
        mainEntity: {
          '@type': 'ItemList',
          itemListElement: (loaderData?.guides ?? []).map((guide, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            url: absoluteUrl(i18n.path(guide.href)),
            name: guide.title,
          })),
        },
      },
    ],
  });
};

export default function GuidesPage({ loaderData }: Route.ComponentProps) {
  const featured = loaderData.guides.filter((guide) => guide.featured);
  const others = loaderData.guides.filter((guide) => !guide.featured);
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t('guides.title')} lead={t('guides.lead')} />
      <PageSection id="featured-guides" title={t('guides.featured')} className="pt-4">
        <ContentCardList items={featured} showFeatured className="md:grid-cols-3" />
      </PageSection>
      <PageSection id="all-guides" title={t('guides.more')}>
        <ContentCardList items={others} className="sm:grid-cols-2 lg:grid-cols-3" />
      </PageSection>
    </>
  );
}
