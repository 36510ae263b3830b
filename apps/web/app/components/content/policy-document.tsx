import type { PolicyPage } from '~/content/content-types';
import { localeOf } from '@paperknife/i18n/locales';
import type { Translator } from '@paperknife/i18n/translator';
import { formatContentDate } from '~/content/format-date';
import { useI18n } from '~/i18n/i18n-context';
import { absoluteUrl, pageMeta } from '~/lib/page-meta';
import { MarkdownContent } from './markdown-content';

/** The head of a policy page: its title and summary, described as a WebPage with the date it last changed. */
export function policyPageMeta(i18n: Translator, page: PolicyPage | undefined, path: string, keywords: string) {
  if (!page) return [];
  return pageMeta(i18n, {
    title: page.title,
    description: page.description,
    path,
    keywords,
    jsonLd: [
      {
        '@type': 'WebPage',
        name: page.title,
        description: page.description,
        url: absoluteUrl(i18n.path(path)),
        inLanguage: i18n.tag,
        dateModified: page.updated,
      },
    ],
  });
}

/** A policy page (privacy, terms): title, last change, and the text. */
export function PolicyDocument({ page }: { page: PolicyPage }) {
  const { t, tag, locale } = useI18n();
  // Not translated into the page's language yet: its words are marked with their own.
  const lang = page.lang === locale ? undefined : localeOf(page.lang).tag;
  return (
    <article className="mx-auto max-w-3xl px-4 pb-16 pt-10 sm:px-6 sm:pt-14">
      <header className="border-b pb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl" lang={lang}>
          {page.title}
        </h1>
        <p className="mt-3 text-sm text-muted-foreground">
          {t('policy.updated')} <time dateTime={page.updated}>{formatContentDate(page.updated, tag)}</time>
        </p>
      </header>
      <MarkdownContent html={page.html} className="mt-8" lang={lang} />
    </article>
  );
}
