import { toolMessageKey } from '@paperknife/catalog/message-keys';
import { toolPaths } from '@paperknife/catalog/tools';
import { localeOf } from '@paperknife/i18n/locales';
import { Link } from 'react-router';
import type { Article, ArticleSummary, Guide, GuideSummary } from '~/content/content-types';
import { useI18n } from '~/i18n/i18n-context';
import { ContentCardList } from './content-card';
import { ContentFacts } from './content-facts';
import { MarkdownContent } from './markdown-content';
import { ToolCallToAction } from './tool-call-to-action';

/** The page of one guide or article: title and facts, the text, the tool to use, and what to read next. */
export function ContentPage({
  item,
  relatedTitle,
  related,
}: {
  item: Guide | Article;
  relatedTitle: string;
  related: readonly (GuideSummary | ArticleSummary)[];
}) {
  const { t, path, locale } = useI18n();
  const { title, description, html, tool: toolId } = item;
  // An article not translated into the page's language yet is shown in English, and says so.
  const otherLanguage = item.lang === locale ? undefined : localeOf(item.lang);
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 pb-8 pt-10 sm:px-6 sm:pt-14">
        {otherLanguage ? (
          <p className="mb-6 rounded-md border bg-muted/60 px-4 py-2 text-sm">
            {t('content.notTranslated', { language: otherLanguage.name })}
          </p>
        ) : null}
        <header className="border-b pb-8">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl" lang={otherLanguage?.tag}>
            {title}
          </h1>
          <p className="mt-4 text-lg text-pretty text-muted-foreground" lang={otherLanguage?.tag}>
            {description}
          </p>
          <ContentFacts item={item} className="mt-6" />
          <p className="mt-4 text-sm">
            <Link
              to={path(toolPaths(toolId).canonical)}
              className="font-medium text-primary underline underline-offset-2 hover:no-underline"
            >
              {t('content.skipToTool', { tool: t(toolMessageKey(toolId, 'title')) })}
            </Link>
          </p>
        </header>
        <MarkdownContent html={html} className="mt-8" lang={otherLanguage?.tag} />
        <ToolCallToAction toolId={toolId} />
      </article>
      <section aria-labelledby="related-title" className="border-t bg-muted/40">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
          <h2 id="related-title" className="text-2xl font-bold tracking-tight">
            {relatedTitle}
          </h2>
          <ContentCardList items={related} className="mt-6 md:grid-cols-3" />
        </div>
      </section>
    </>
  );
}
