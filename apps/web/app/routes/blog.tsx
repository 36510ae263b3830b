import { ArticleBrowser } from '~/components/content/article-browser';
import { ContentCardList } from '~/components/content/content-card';
import { PageHeader, PageSection } from '~/components/content/page-header';
import { allArticles, articleSummary } from '~/content/content.server';
import { useI18n } from '~/i18n/i18n-context';
import { routeLocale } from '~/i18n/route-locale';
import { SITE_NAME, absoluteUrl, metaTranslator, pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/blog';

export function loader({ params }: Route.LoaderArgs) {
  return {
    articles: allArticles(routeLocale(params))
      .filter((article) => article.listed)
      .map(articleSummary),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const i18n = metaTranslator(location);
  const description = i18n.t('blog.meta.description');
  return pageMeta(i18n, {
    title: i18n.t('blog.meta.title', { title: i18n.t('blog.title') }),
    description,
    path: '/blog',
    keywords: i18n.t('blog.meta.keywords'),
    jsonLd: [
      {
        '@type': 'Blog',
        name: i18n.t('blog.name', { site: SITE_NAME }),
        description,
        url: absoluteUrl(i18n.path('/blog')),
        inLanguage: i18n.tag,
        blogPost: (loaderData?.articles ?? []).map((article) => ({
          '@type': 'BlogPosting',
          headline: article.title,
          url: absoluteUrl(article.lang === i18n.locale ? i18n.path(article.href) : article.href),
          inLanguage: article.lang,
          datePublished: article.date,
        })),
      },
    ],
  });
};

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { articles } = loaderData;
  const featured = articles.filter((article) => article.featured);
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t('blog.title')} lead={t('blog.lead')} />
      <PageSection id="featured-articles" title={t('blog.featured')} className="pt-4">
        <ContentCardList items={featured} showFeatured className="md:grid-cols-2" />
      </PageSection>
      <ArticleBrowser articles={articles} />
    </>
  );
}
