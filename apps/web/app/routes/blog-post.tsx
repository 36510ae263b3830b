import { localeOf, localizedPath } from '@paperknife/i18n/locales';
import { data } from 'react-router';
import { ContentPage } from '~/components/content/content-page';
import type { CrumbHandle } from '~/components/layout/site-breadcrumb';
import { type PageHandle, contentPageHandle } from '~/lib/page-handle';
import { allArticles, articleBySlug, articleSummary, documentLanguages, relatedItems } from '~/content/content.server';
import { useI18n } from '~/i18n/i18n-context';
import { routeLocale } from '~/i18n/route-locale';
import { SITE_NAME, absoluteUrl, metaTranslator, pageMeta } from '~/lib/page-meta';
import type { Route } from './+types/blog-post';

// Runs at build time for every article (the pages are prerendered): Markdown never reaches the browser.
export function loader({ params }: Route.LoaderArgs) {
  const locale = routeLocale(params);
  const article = articleBySlug(locale, params.slug);
  if (!article) throw data(null, { status: 404, statusText: 'Not Found' });
  const listed = allArticles(locale).filter((item) => item.listed);
  return {
    article,
    languages: documentLanguages(`blog/${article.slug}.md`),
    related: relatedItems(listed, article, 3).map(articleSummary),
  };
}

// No React in the browser (decision 073).
export const handle: CrumbHandle & PageHandle = {
  ...contentPageHandle,
  crumbLabel: (loaderData) => {
    const article = (loaderData as Awaited<ReturnType<typeof loader>> | undefined)?.article;
    return article && { text: article.title, lang: article.lang };
  },
};

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData) return [];
  const i18n = metaTranslator(location);
  const { article, languages } = loaderData;
  const url = absoluteUrl(localizedPath(article.href, article.lang));
  const site = { '@type': 'Organization', name: SITE_NAME, url: absoluteUrl('/') };
  return pageMeta(i18n, {
    title: article.title,
    description: article.description,
    path: article.href,
    languages,
    keywords: article.keywords.join(', '),
    type: 'article',
    publishedTime: article.date,
    jsonLd: [
      {
        '@type': 'BlogPosting',
        headline: article.title,
        description: article.description,
        url,
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        inLanguage: localeOf(article.lang).tag,
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
  const { t } = useI18n();
  return <ContentPage item={loaderData.article} relatedTitle={t('blog.keepReading')} related={loaderData.related} />;
}
