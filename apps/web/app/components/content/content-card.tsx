import { Link } from 'react-router';
import { localeOf } from '@paperknife/i18n/locales';
import type { ArticleSummary, GuideSummary } from '~/content/content-types';
import { useI18n } from '~/i18n/i18n-context';
import { cn } from '~/lib/cn';
import { ContentFacts } from './content-facts';

type ContentItem = GuideSummary | ArticleSummary;

interface ContentCardProps {
  item: ContentItem;
  /** Marks a featured item with a "Featured" badge. */
  showFeatured?: boolean;
}

/**
 * A guide or article in a list: its title links to it (the whole card is the link's target area), then an
 * article's excerpt or a guide's description, and its facts.
 */
export function ContentCard({ item, showFeatured = false }: ContentCardProps) {
  const { t, path, locale } = useI18n();
  // Not translated into the page's language yet: marked, and its words tagged with their language.
  const otherLanguage = item.lang === locale ? undefined : localeOf(item.lang);
  return (
    <article className="relative flex h-full flex-col rounded-lg border bg-card p-5 text-card-foreground transition-shadow focus-within:shadow-md hover:shadow-md">
      {showFeatured && item.featured ? (
        <p className="mb-3 w-fit rounded-full bg-primary px-2.5 py-0.5 text-xs font-medium text-primary-foreground">
          {t('content.featured')}
        </p>
      ) : null}
      {otherLanguage ? (
        <p className="mb-3 w-fit rounded-full border px-2.5 py-0.5 text-xs font-medium">
          {t('content.inLanguage', { language: otherLanguage.name })}
        </p>
      ) : null}
      <h3 className="text-lg font-semibold leading-snug" lang={otherLanguage?.tag}>
        <Link
          to={path(item.href)}
          className="rounded-sm after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
        >
          {item.title}
        </Link>
      </h3>
      <p className="mt-2 flex-1 text-sm text-muted-foreground" lang={otherLanguage?.tag}>
        {'excerpt' in item ? item.excerpt : item.description}
      </p>
      <ContentFacts item={item} className="mt-4" />
    </article>
  );
}

/** Guides or articles as a grid of cards; `className` sets the columns. */
export function ContentCardList({
  items,
  showFeatured,
  className,
  ...rest
}: {
  items: readonly ContentItem[];
  showFeatured?: boolean;
  className: string;
  'data-testid'?: string;
}) {
  return (
    <ul className={cn('grid gap-4', className)} {...rest}>
      {items.map((item) => (
        <li key={item.slug}>
          <ContentCard item={item} showFeatured={showFeatured} />
        </li>
      ))}
    </ul>
  );
}
