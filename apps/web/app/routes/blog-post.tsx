import { data } from 'react-router';
import { ContentPage } from '~/components/content/content-page';
import type { CrumbHandle } from '~/components/layout/site-breadcrumb';
import { type PageHandle, contentPageHandle } from '~/lib/page-handle';
import { allArticles, articleBySlug, articleSummary, relatedItems } from '~/content/content.server';
import { SITE_NAME, absoluteUrl, pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/blog-post';

// Runs at build time for every article (the pages are prerendered): Markdown never reaches the browser.
export function loader({ params }: Route.LoaderArgs) {
  const article = articleBySlug(params.slug);
  if (!article) throw data(null, { status: 404, statusText: 'Not Found' });
  const listed = allArticles().filter((item) => item.listed);
  return { article, related: relatedItems(listed, article, 3).map(articleSummary) };
}

// No React in the browser (decision 073).
export const handle: CrumbHandle & PageHandle = {
  ...contentPageHandle,
  crumbLabel: (loaderData) => (loaderData as Awaited<ReturnType<typeof loader>> | undefined)?.article.title,
};

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { article } = loaderData;
  const url = absoluteUrl(article.href);
  const site = { '@type': 'Organization', name: SITE_NAME, url: absoluteUrl('/') };
  return pageMeta({
    title: article.title,
    description: article.description,
    path: article.href,
    keywords: article.keywords,
    type: 'article',
    publishedTime: article.date,
    jsonLd: [
      {
        '@type': 'BlogPosting',
        headline: article.title,
        description: article.description,
        url,
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        inLanguage: 'en',
        datePublished: article.date,
        dateModified: article.date,
        articleSection: article.category,
        keywords: article.keywords.join(', '),
        wordCount: article.wordCount,
        image: absoluteUrl('/favicon.svg'),
        author: site,
        publisher: { ...site, logo: absoluteUrl('/favicon.svg') },
      },
    ],
  });
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  return <ContentPage item={loaderData.article} relatedTitle="Keep reading" related={loaderData.related} />;
}
