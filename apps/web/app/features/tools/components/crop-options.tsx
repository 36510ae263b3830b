import { type FormControl, formControls } from '@paperknife/catalog/option-form';
import { cropSides } from '@paperknife/catalog/tools/crop-pdf';
import { Suspense, lazy } from 'react';
import { useI18n } from '~/i18n/i18n-context';
import { RadioCards } from './choice-fields';
import { CheckboxField, TextField } from './option-fields';
import { translatedMeta } from './tool-options';
import { PagesLoading } from '~/features/tools/page-view/pages-loading';
import type { CropMargins } from '~/features/tools/page-view/crop-area';
import type { OptionsPanelProps } from '~/features/tools/tool-page-extras';

// The page preview needs pdf.js: its own chunk, loaded once a PDF is dropped.
const CropAreaPicker = lazy(() =>
  import('~/features/tools/page-view/crop-area-picker').then((module) => ({ default: module.CropAreaPicker })),
);

/**
 * Crop PDF's options: trim white margins, or margins of one's own, drawn as an area on the first page or typed in
 * millimetres (each follows the other); whether to remove what lies outside; then the pages to crop.
 */
export function CropOptions({ tool, values, onChange, file }: OptionsPanelProps) {
  const i18n = useI18n();
  const controls = new Map<string, FormControl>(formControls(tool).map((control) => [control.name, control]));
  const meta = (name: string) => {
    const control = controls.get(name);
    if (!control) throw new Error(`${tool} has no ${name} field`);
    return translatedMeta(tool, control, i18n);
  };
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  const mode = meta('mode');
  const millimetres = (side: string) => Number(text(side)) || 0;
  const margins: CropMargins = {
    top: millimetres('top'),
    right: millimetres('right'),
    bottom: millimetres('bottom'),
    left: millimetres('left'),
  };
  const setMargins = (next: CropMargins) => {
    for (const side of cropSides) onChange(side, String(next[side]));
  };
  const pages = meta('pages');
  const removeOutside = meta('removeOutside');

  return (
    <div className="grid gap-4">
      {mode.control.kind === 'radio-cards' ? (
        <RadioCards
          legend={mode.label}
          name="mode"
          value={text('mode')}
          onChange={(next) => onChange('mode', next)}
          options={mode.control.choices}
        />
      ) : null}
      {text('mode') === 'margins' ? (
        <>
          {file ? (
            <Suspense fallback={<PagesLoading />}>
              <CropAreaPicker
                key={`${file.name}:${file.size}:${file.lastModified}`}
                file={file}
                margins={margins}
                onMarginsChange={setMargins}
              />
            </Suspense>
          ) : null}
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {cropSides.map((side) => (
              <TextField
                key={side}
                label={meta(side).label}
                type="number"
                value={text(side)}
                onChange={(next) => onChange(side, next)}
              />
            ))}
          </div>
        </>
      ) : (
        <CheckboxField
          label={meta('sameBox').label}
          checked={values['sameBox'] === true || values['sameBox'] === 'true'}
          onChange={(checked) => onChange('sameBox', checked)}
          {...(meta('sameBox').hint ? { hint: meta('sameBox').hint! } : {})}
        />
      )}
      <CheckboxField
        label={removeOutside.label}
        checked={values['removeOutside'] === true || values['removeOutside'] === 'true'}
        onChange={(checked) => onChange('removeOutside', checked)}
        {...(removeOutside.hint ? { hint: removeOutside.hint } : {})}
      />
      <TextField
        label={pages.label}
        value={text('pages')}
        onChange={(next) => onChange('pages', next)}
        {...(pages.hint ? { hint: pages.hint } : {})}
        {...(pages.placeholder ? { placeholder: pages.placeholder } : {})}
      />
    </div>
  );
}
