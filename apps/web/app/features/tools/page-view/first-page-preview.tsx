import { FileText } from 'lucide-react';
import { PageThumbnail } from './page-thumbnail';
import { usePdfPages } from './use-pdf-pages';
import { useI18n } from '~/i18n/i18n-context';

/** A file's first page, small, with its page count (merge's file rows); the file icon while it cannot be drawn. */
export function FirstPagePreview({ file }: { file: File }) {
  const { t } = useI18n();
  const state = usePdfPages(file);
  if (state.status !== 'ready') {
    return (
      <span className="flex w-12 flex-col items-center gap-0.5">
        <FileText className="size-8 shrink-0 text-primary" aria-hidden="true" />
        {state.status === 'locked' ? (
          <span className="text-xs text-muted-foreground">{t('pages.lockedBadge')}</span>
        ) : null}
      </span>
    );
  }
  const { pageCount } = state.pages;
  return (
    <span className="flex w-12 shrink-0 flex-col items-center gap-0.5" data-testid="first-page-preview">
      <PageThumbnail pages={state.pages} pageNumber={1} width={48} />
      <span className="text-xs whitespace-nowrap text-muted-foreground">{t('pages.count', { count: pageCount })}</span>
    </span>
  );
}
