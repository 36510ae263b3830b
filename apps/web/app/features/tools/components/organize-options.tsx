import { formControls } from '@paperknife/catalog/option-form';
import { Suspense } from 'react';
import { useI18n } from '~/i18n/i18n-context';
import { TextField } from './option-fields';
import { translatedMeta } from './tool-options';
import { LazyOrganizePages } from '~/features/tools/page-view/lazy';
import { PagesLoading } from '~/features/tools/page-view/pages-loading';
import type { OptionsPanelProps } from '~/features/tools/tool-page-extras';

const ORDER = 'order';

/** Organize's options: the typed page order, and the visual editor once a PDF is dropped. */
export function OrganizeOptions({ tool, values, onChange, file }: OptionsPanelProps) {
  const i18n = useI18n();
  const orderControl = formControls(tool).find((control) => control.name === ORDER);
  if (!orderControl) throw new Error(`${tool} has no ${ORDER} field`);
  const raw = values[ORDER];
  const order = typeof raw === 'string' ? raw : '';
  const meta = translatedMeta(tool, orderControl, i18n);
  return (
    <div className="grid gap-4">
      <TextField
        label={meta.label}
        value={order}
        onChange={(next) => onChange(ORDER, next)}
        {...(meta.hint ? { hint: meta.hint } : {})}
        {...(meta.placeholder ? { placeholder: meta.placeholder } : {})}
      />
      {file ? (
        // The editor and pdf.js are lazy chunks, not part of every tool page's first JavaScript (decision 095).
        <Suspense fallback={<PagesLoading />}>
          <LazyOrganizePages
            // Another file is another document: its editor starts afresh.
            key={`${file.name}:${file.size}:${file.lastModified}`}
            file={file}
            order={order}
            onOrderChange={(spec) => onChange(ORDER, spec)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
