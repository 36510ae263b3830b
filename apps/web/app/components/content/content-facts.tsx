import { CalendarDays, Clock, Tag } from 'lucide-react';
import type { ArticleSummary, GuideSummary } from '~/content/content-types';
import { formatContentDate } from '~/content/format-date';
import { useI18n } from '~/i18n/i18n-context';
import { cn } from '~/lib/cn';

/** Read time, level or category, and publish date of a guide or article, as one line of facts. */
export function ContentFacts({ item, className }: { item: GuideSummary | ArticleSummary; className?: string }) {
  const { t, tag } = useI18n();
  const { readMinutes, date } = item;
  // A guide's level or an article's category, named for screen readers.
  const [labelName, label] =
    'category' in item
      ? [t('content.category'), t(`content.category.${item.category}`)]
      : [t('content.level'), t(`content.level.${item.difficulty}`)];
  return (
    <ul className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground', className)}>
      <li className="flex items-center gap-1.5">
        <Clock className="size-4" aria-hidden="true" />
        {t('content.readTime', { minutes: readMinutes })}
      </li>
      <li className="flex items-center gap-1.5">
        <Tag className="size-4" aria-hidden="true" />
        <span className="sr-only">{labelName}: </span>
        {label}
      </li>
      <li className="flex items-center gap-1.5">
        <CalendarDays className="size-4" aria-hidden="true" />
        <span className="sr-only">{t('content.published')} </span>
        <time dateTime={date}>{formatContentDate(date, tag)}</time>
      </li>
    </ul>
  );
}
