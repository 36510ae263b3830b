import { skippedImagesHeader } from '@paperknife/catalog/http-api';
import type { RunResult, ToolPageExtras } from '~/features/tools/tool-page-extras';
import { useI18n } from '~/i18n/i18n-context';

/**
 * Images damaged in the PDF are left out of the ZIP rather than failing the job (every one damaged is refused as
 * `damaged_images`): the answer says how many, and so does the page, so the visitor knows the ZIP is not all.
 */
function SkippedImagesNote({ headers }: RunResult) {
  const { t } = useI18n();
  const images = Number(headers[skippedImagesHeader.name] ?? 0) || 0;
  if (images <= 0) return null;
  return (
    <p role="status" className="rounded-xl border bg-card p-4 text-sm" data-testid="skipped-images">
      {t('skippedImages.note', { images })}
    </p>
  );
}

export const pageExtras: ToolPageExtras = { AfterSuccess: SkippedImagesNote };
