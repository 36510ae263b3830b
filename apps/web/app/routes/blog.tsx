import { ArticleBrowser } from '~/components/content/article-browser';
import { ContentCardList } from '~/components/content/content-card';
import { PageHeader, PageSection } from '~/components/content/page-header';
import { allArticles, articleSummary } from '~/content/content.server';
import { SITE_NAME, absoluteUrl, pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/blog';

export function loader() {
  return {
    articles: allArticles()
      .filter((article) => article.listed)
      .map(articleSummary),
  };
}

const title = 'PDF Tips and Insights';
const description =
  'Articles on working with PDFs: reducing file size, merging, security, accessibility, PDF versus Word, and choosing free PDF tools you can trust.';

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: `Blog: ${title}`,
    description,
    path: '/blog',
    keywords: ['pdf blog', 'pdf tips', 'pdf security', 'pdf accessibility', 'reduce pdf size'],
    jsonLd: [
      {
        '@type': 'Blog',
        name: `${SITE_NAME} Blog`,
        description,
        url: absoluteUrl('/blog'),
        blogPost: (loaderData?.articles ?? []).map((article) => ({
          '@type': 'BlogPosting',
          headline: article.title,
          url: absoluteUrl(article.href),
          datePublished: article.date,
        })),
      },
    ],
  });

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { articles } = loaderData;
  const featured = articles.filter((article) => article.featured);
  return (
    <>
      <PageHeader
        title={title}
        lead="Practical articles about getting things done with PDFs, and honest explanations of how our tools work."
      />
      <PageSection id="featured-articles" title="Featured articles" className="pt-4">
        <ContentCardList items={featured} showFeatured className="md:grid-cols-2" />
      </PageSection>
      <ArticleBrowser articles={articles} />
    </>
  );
}
