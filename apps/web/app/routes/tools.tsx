import { PageHeader, PageSection } from '~/components/content/page-header';
import { TryItSection } from '~/components/content/try-it-section';
import { ToolFilter } from '~/components/tool-index/tool-filter';
import { ToolSections, indexedToolIds } from '~/components/tool-index/tool-sections';
import { toolMessageKey } from '@paperknife/catalog/message-keys';
import { useI18n } from '~/i18n/i18n-context';
import { routeLocale } from '~/i18n/route-locale';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import { SITE_NAME, absoluteUrl, metaTranslator, pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/tools';
import { contentPageHandle } from '~/lib/page-handle';

export function loader({ params }: Route.LoaderArgs) {
  routeLocale(params);
  return null;
}

// No React in the browser: the header, theme, Try it now box and tool filter are islands (decision 073).
export const handle = contentPageHandle;

export const meta: Route.MetaFunction = ({ location }) => {
  const i18n = metaTranslator(location);
  const description = i18n.t('tools.meta.description', { site: SITE_NAME });
  return pageMeta(i18n, {
    title: i18n.t('tools.title'),
    description,
    path: '/tools',
    keywords: i18n.t('tools.meta.keywords'),
    jsonLd: [
      {
        '@type': 'CollectionPage',
        name: i18n.t('tools.title'),
        description,
        url: absoluteUrl(i18n.path('/tools')),
        mainEntity: {
          '@type': 'ItemList',
          itemListElement: indexedToolIds.map((id, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            url: absoluteUrl(i18n.path(toolInfo[id].paths.canonical)),
            name: i18n.t(toolMessageKey(id, 'title')),
          })),
        },
      },
    ],
  });
};

export default function ToolsPage() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t('tools.title')} lead={t('tools.lead', { count: indexedToolIds.length })} />
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <TryItSection />
      </div>
      <PageSection id="tool-list" title={t('tools.choose')}>
        <ToolFilter>
          <ToolSections headingLevel="h3" />
        </ToolFilter>
      </PageSection>
    </>
  );
}
