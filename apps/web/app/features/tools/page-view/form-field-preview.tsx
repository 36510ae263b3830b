import type { FormField } from '@paperknife/catalog/pdf-form-fields';
import { useEffect, useState } from 'react';
import { useI18n } from '~/i18n/i18n-context';
import { PageThumbnail } from './page-thumbnail';
import type { PageSize } from './pdf-pages';
import { usePdfPages } from './use-pdf-pages';

const PREVIEW_WIDTH = 280;

/**
 * The page a form field sits on, with its boxes outlined: the Fill PDF forms page shows it beside the form while
 * one of the field's inputs has the focus. Drawn in the browser with pdf.js (the file does not go anywhere for it).
 */
export function FormFieldPreview({ file, field }: { file: File; field: FormField }) {
  const { t } = useI18n();
  const state = usePdfPages(file);
  const pageNumber = field.widgets[0]?.page ?? 1;
  const [size, setSize] = useState<PageSize | undefined>();
  const pages = state.status === 'ready' ? state.pages : undefined;
  useEffect(() => {
    let current = true;
    void pages?.pageSize(pageNumber).then((next) => {
      if (current) setSize(next);
    });
    return () => {
      current = false;
    };
  }, [pages, pageNumber]);
  if (!pages || !size) return null;
  const height = (PREVIEW_WIDTH * size.height) / size.width;
  return (
    <figure className="grid gap-2" data-testid="form-field-preview">
      <div className="relative overflow-hidden rounded-md border bg-white" style={{ width: PREVIEW_WIDTH, height }}>
        <PageThumbnail pages={pages} pageNumber={pageNumber} width={PREVIEW_WIDTH} />
        {field.widgets
          .filter((widget) => widget.page === pageNumber)
          .map(({ rect: [x0, y0, x1, y1] }) => (
            <span
              key={`${x0},${y0}`}
              aria-hidden="true"
              data-testid="form-field-box"
              className="absolute rounded-sm bg-primary/20 outline-2 outline-primary"
              style={{
                left: `${(x0 / size.width) * 100}%`,
                top: `${(y0 / size.height) * 100}%`,
                width: `${((x1 - x0) / size.width) * 100}%`,
                height: `${((y1 - y0) / size.height) * 100}%`,
              }}
            />
          ))}
      </div>
      <figcaption className="text-xs text-muted-foreground">
        {t('fill.preview', { label: field.label, page: pageNumber })}
      </figcaption>
    </figure>
  );
}
