import { toolMessageKey } from '@paperknife/catalog/message-keys';
import { localeOf } from '@paperknife/i18n/locales';
import { data } from 'react-router';
import { ContentPage } from '~/components/content/content-page';
import type { CrumbHandle } from '~/components/layout/site-breadcrumb';
import { type PageHandle, contentPageHandle } from '~/lib/page-handle';
import { allGuides, guideBySlug, guideSummary, relatedItems } from '~/content/content.server';
import { useI18n } from '~/i18n/i18n-context';
import { routeLocale } from '~/i18n/route-locale';
import { SITE_NAME, absoluteUrl, metaTranslator, pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/guide';

// Runs at build time for every guide (the pages are prerendered): Markdown never reaches the browser.
export function loader({ params }: Route.LoaderArgs) {
  const locale = routeLocale(params);
  const guide = guideBySlug(locale, params.slug);
  if (!guide) throw data(null, { status: 404, statusText: 'Not Found' });
  return { guide, related: relatedItems(allGuides(locale), guide, 3).map(guideSummary) };
}

// No React in the browser (decision 073).
export const handle: CrumbHandle & PageHandle = {
  ...contentPageHandle,
  crumbLabel: (loaderData) => {
    const guide = (loaderData as Awaited<ReturnType<typeof loader>> | undefined)?.guide;
    return guide && { text: guide.title, lang: guide.lang };
  },
};

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData) return [];
  const i18n = metaTranslator(location);
  const { guide } = loaderData;
  const url = absoluteUrl(i18n.path(guide.href));
  return pageMeta(i18n, {
    title: guide.title,
    description: guide.description,
    path: guide.href,
    keywords: guide.keywords.join(', '),
    type: 'article',
    publishedTime: guide.date,
    jsonLd: [
      {
        '@type': 'HowTo',
        name: guide.title,
        description: guide.description,
        url,
        inLanguage: localeOf(guide.lang).tag,
        datePublished: guide.date,
        tool: { '@type': 'HowToTool', name: `${SITE_NAME} ${i18n.t(toolMessageKey(guide.tool, 'title'))}` },
        step: guide.steps.map((step, index) => ({
          '@type': 'HowToStep',
          position: index + 1,
          name: step.name,
          text: step.text,
        })),
      },
    ],
  });
};

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return <ContentPage item={loaderData.guide} relatedTitle={t('guides.more')} related={loaderData.related} />;
}
