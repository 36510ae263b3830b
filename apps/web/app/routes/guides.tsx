import { ContentCardList } from '~/components/content/content-card';
import { PageHeader, PageSection } from '~/components/content/page-header';
import { allGuides, guideSummary } from '~/content/content.server';
import { absoluteUrl, pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/guides';
import { contentPageHandle } from '~/lib/page-handle';

export function loader() {
  return { guides: allGuides().map(guideSummary) };
}

const title = 'PDF Guides';
const description =
  'Step-by-step tutorials for every PaperKnife tool: compress, merge, split, watermark, protect, convert and extract, with tips and fixes for common problems.';

// No React in the browser: the header, theme and Try it now box are islands (decision 073).
export const handle = contentPageHandle;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title,
    description,
    path: '/guides',
    keywords: ['pdf guides', 'pdf tutorials', 'how to compress pdf', 'how to merge pdf', 'how to split pdf'],
    jsonLd: [
      {
        '@type': 'CollectionPage',
        name: title,
        description,
        url: absoluteUrl('/guides'),
        mainEntity: {
          '@type': 'ItemList',
          itemListElement: (loaderData?.guides ?? []).map((guide, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            url: absoluteUrl(guide.href),
            name: guide.title,
          })),
        },
      },
    ],
  });

export default function GuidesPage({ loaderData }: Route.ComponentProps) {
  const featured = loaderData.guides.filter((guide) => guide.featured);
  const others = loaderData.guides.filter((guide) => !guide.featured);
  return (
    <>
      <PageHeader
        title={title}
        lead="Clear, step-by-step help for every tool, written for the way the tools really work. Each guide shows how long it takes to read and whether it is for beginners."
      />
      <PageSection id="featured-guides" title="Featured guides" className="pt-4">
        <ContentCardList items={featured} showFeatured className="md:grid-cols-3" />
      </PageSection>
      <PageSection id="all-guides" title="More guides">
        <ContentCardList items={others} className="sm:grid-cols-2 lg:grid-cols-3" />
      </PageSection>
    </>
  );
}
