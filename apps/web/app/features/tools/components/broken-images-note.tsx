import { brokenImagesHeader } from '@paperknife/catalog/http-api';
import type { RunResult } from '~/features/tools/tool-page-extras';
import { useI18n } from '~/i18n/i18n-context';

/**
 * The result view of a tool that draws pages as images (its catalogue entry lists the broken-images header): a page
 * whose image could not be decoded is drawn without it, as viewers draw it; the answer says how many pages that
 * touched, and so does the page, so the visitor looks at those images before using the result.
 */
export function BrokenImagesNote({ headers }: RunResult) {
  const { t } = useI18n();
  const pages = Number(headers[brokenImagesHeader.name] ?? 0) || 0;
  if (pages <= 0) return null;
  return (
    <p role="status" className="rounded-xl border bg-card p-4 text-sm" data-testid="broken-images">
      {t('brokenImages.note', { pages })}
    </p>
  );
}
