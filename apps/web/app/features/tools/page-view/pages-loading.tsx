import { Loader2 } from 'lucide-react';
import { useI18n } from '~/i18n/i18n-context';

/** What a page view shows while pdf.js opens the dropped file. */
export function PagesLoading() {
  const { t } = useI18n();
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      {t('pages.loading')}
    </p>
  );
}
