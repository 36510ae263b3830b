import type { RedactionBox, RedactionHit } from '@paperknife/catalog/redaction';
import { X } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { useI18n } from '~/i18n/i18n-context';

/** Redact PDF's review: the hits of a search, each kept or dropped, and the boxes drawn on the pages. */

/** The hits grouped by page, each with its words around it and a checkbox: kept (checked) or dropped. */
export function ReviewList({
  hits,
  dropped,
  onToggle,
  onAll,
}: {
  hits: readonly RedactionHit[];
  dropped: ReadonlySet<number>;
  onToggle: (index: number, keep: boolean) => void;
  onAll: (keep: boolean) => void;
}) {
  const { t } = useI18n();
  if (hits.length === 0) return <p className="text-sm text-muted-foreground">{t('redact.hits.none')}</p>;
  const pages = [...new Set(hits.map((hit) => hit.page))];
  return (
    <section aria-label={t('redact.hits.label')} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{t('redact.hits.title', { count: hits.length })}</h3>
        <div className="flex gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => onAll(true)}>
            {t('pages.selectAll')}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => onAll(false)}>
            {t('pages.selectNone')}
          </Button>
        </div>
      </div>
      <div className="grid max-h-96 gap-3 overflow-y-auto rounded-lg border p-3">
        {pages.map((page) => (
          <fieldset key={page} className="grid gap-1">
            <legend className="text-xs font-semibold text-muted-foreground uppercase">
              {t('pages.page', { page })}
            </legend>
            {hits.map((hit, index) =>
              hit.page === page ? (
                <label key={index} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={!dropped.has(index)}
                    onChange={(event) => onToggle(index, event.target.checked)}
                    className="mt-1 size-4 accent-[var(--primary)]"
                  />
                  <span>
                    <span className="text-muted-foreground">{hit.before}</span>
                    <mark className="rounded bg-foreground px-0.5 text-background">{hit.text}</mark>
                    <span className="text-muted-foreground">{hit.after}</span>
                  </span>
                </label>
              ) : null,
            )}
          </fieldset>
        ))}
      </div>
    </section>
  );
}

/** The boxes drawn on the previews, each with a button that takes it away. */
export function DrawnBoxes({ boxes, onRemove }: { boxes: readonly RedactionBox[]; onRemove: (index: number) => void }) {
  const { t } = useI18n();
  if (boxes.length === 0) return null;
  return (
    <section aria-label={t('redact.boxes.title')} className="grid gap-2">
      <h3 className="text-sm font-medium">{t('redact.boxes.title')}</h3>
      <ul className="grid gap-1">
        {boxes.map((box, index) => (
          <li key={index} className="flex items-center justify-between gap-2 text-sm">
            <span>{t('redact.boxes.item', { page: box.page })}</span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={t('redact.boxes.remove', { page: box.page })}
              onClick={() => onRemove(index)}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
