import { useId, useState } from 'react';
import { type ArticleCategory, type ArticleSummary, articleCategories } from '~/content/content-types';
import { useI18n } from '~/i18n/i18n-context';
import { cn } from '~/lib/cn';
import { ContentCardList } from './content-card';

type Filter = ArticleCategory | 'All';
const filters: readonly Filter[] = ['All', ...articleCategories];

/** The blog list with its category chips: choosing a chip shows only that category's articles. */
export function ArticleBrowser({ articles }: { articles: readonly ArticleSummary[] }) {
  const { t } = useI18n();
  const [filter, setFilter] = useState<Filter>('All');
  const filterName = (category: Filter) =>
    category === 'All' ? t('blog.filter.all') : t(`content.category.${category}`);
  const headingId = useId();
  const shown = filter === 'All' ? articles : articles.filter((article) => article.category === filter);

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t('blog.allArticles')}
      </h2>
      <div role="group" aria-label={t('blog.filter.label')} className="mt-6 flex flex-wrap gap-2">
        {filters.map((category) => (
          <button
            key={category}
            type="button"
            aria-pressed={filter === category}
            onClick={() => setFilter(category)}
            className={cn(
              'rounded-full border px-4 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              filter === category
                ? 'border-primary bg-primary text-primary-foreground'
                : 'bg-background hover:bg-accent hover:text-accent-foreground',
            )}
          >
            {filterName(category)}
          </button>
        ))}
      </div>
      <p className="mt-4 text-sm text-muted-foreground" role="status">
        {shown.length === 0
          ? t('blog.filter.none', { category: filterName(filter) })
          : filter === 'All'
            ? t('blog.filter.showing', { count: shown.length })
            : t('blog.filter.showingIn', { count: shown.length, category: filterName(filter) })}
      </p>
      <ContentCardList items={shown} className="mt-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="article-list" />
    </section>
  );
}
