import { tools } from '@paperknife/catalog/tools';
import { data } from 'react-router';
import { ContentPage } from '~/components/content/content-page';
import type { CrumbHandle } from '~/components/layout/site-breadcrumb';
import { type PageHandle, contentPageHandle } from '~/lib/page-handle';
import { allGuides, guideBySlug, guideSummary, relatedItems } from '~/content/content.server';
import { SITE_NAME, absoluteUrl, pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/guide';

// Runs at build time for every guide (the pages are prerendered): Markdown never reaches the browser.
export function loader({ params }: Route.LoaderArgs) {
  const guide = guideBySlug(params.slug);
  if (!guide) throw data(null, { status: 404, statusText: 'Not Found' });
  return { guide, related: relatedItems(allGuides(), guide, 3).map(guideSummary) };
}

// No React in the browser (decision 073).
export const handle: CrumbHandle & PageHandle = {
  ...contentPageHandle,
  crumbLabel: (loaderData) => (loaderData as Awaited<ReturnType<typeof loader>> | undefined)?.guide.title,
};

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { guide } = loaderData;
  const url = absoluteUrl(guide.href);
  return pageMeta({
    title: guide.title,
    description: guide.description,
    path: guide.href,
    keywords: guide.keywords,
    type: 'article',
    publishedTime: guide.date,
    jsonLd: [
      {
        '@type': 'HowTo',
        name: guide.title,
        description: guide.description,
        url,
        inLanguage: 'en',
        datePublished: guide.date,
        tool: { '@type': 'HowToTool', name: `${SITE_NAME} ${tools[guide.tool].title}` },
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
  return <ContentPage item={loaderData.guide} relatedTitle="More guides" related={loaderData.related} />;
}
