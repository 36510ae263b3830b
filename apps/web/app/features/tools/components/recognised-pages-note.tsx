import { recognisedPagesHeader } from '@paperknife/catalog/http-api';
import type { RunResult } from '~/features/tools/tool-page-extras';
import { useI18n } from '~/i18n/i18n-context';

/**
 * The result view of a tool that reads scanned pages with OCR on its way (its catalogue entry lists the
 * recognised-pages header): says how many pages were recognised, so the visitor checks what matters.
 */
export function RecognisedPagesNote({ headers }: RunResult) {
  const { t } = useI18n();
  const pages = Number(headers[recognisedPagesHeader.name] ?? 0) || 0;
  if (pages <= 0) return null;
  return (
    <p role="status" className="rounded-xl border bg-card p-4 text-sm" data-testid="recognised-pages">
      {t('recognisedPages.note', { pages })}
    </p>
  );
}
