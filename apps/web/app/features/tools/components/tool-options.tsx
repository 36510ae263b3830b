import type { FormFieldMeta } from '@paperknife/catalog/form-fields';
import { optionMessageKey } from '@paperknife/catalog/message-keys';
import { type FormControl, initialValue, selectChoices, sliderRange } from '@paperknife/catalog/option-form';
import type { ToolEntry } from '@paperknife/catalog/tool-entry';
import { type ToolId, tools } from '@paperknife/catalog/tools';
import { type ReactNode, Suspense } from 'react';
import type { Translator } from '@paperknife/i18n/translator';
import { useI18n } from '~/i18n/i18n-context';
import { cn } from '~/lib/cn';
import { pageExtrasOf } from '~/features/tools/tool-page-extras';
import { type FormValues, shownControls } from '~/features/tools/utils/tool-form';
import { CheckboxGroup, RadioCards } from './choice-fields';
import { CheckboxField, ColorField, SelectField, SliderField, TextField } from './option-fields';

type OnChange = (name: string, value: string | boolean) => void;

/** A control's words in the page's language: the catalogue's English under its message keys. */
export function translatedMeta(id: ToolId, control: FormControl, { t, has }: Translator): FormFieldMeta {
  const { name, meta } = control;
  const text = (part: string, english: string | undefined) => {
    const key = optionMessageKey(id, name, part);
    return english !== undefined && has(key) ? t(key) : english;
  };
  const choiceLabel = (choice: { value: string; label: string }) => ({
    ...choice,
    label: text(`choice.${choice.value}`, choice.label) ?? choice.label,
  });
  const shape = meta.control;
  return {
    ...meta,
    label: text('label', meta.label) ?? meta.label,
    hint: text('hint', meta.hint),
    placeholder: text('placeholder', meta.placeholder),
    group: text('group', meta.group),
    ...(meta.pickPages
      ? { pickPages: { ...meta.pickPages, listLabel: text('pickPages', meta.pickPages.listLabel) ?? '' } }
      : {}),
    control:
      shape.kind === 'radio-cards'
        ? {
            ...shape,
            choices: shape.choices.map((choice) => ({
              ...choiceLabel(choice),
              description: text(`choice.${choice.value}.description`, choice.description) ?? choice.description,
            })),
          }
        : shape.kind === 'checkboxes'
          ? { ...shape, choices: shape.choices.map(choiceLabel) }
          : shape.kind === 'select'
            ? { ...shape, choices: selectChoices(control).map(choiceLabel) }
            : shape,
  };
}

/** One control, drawn from its form metadata. */
function OptionControl({
  id,
  control: englishControl,
  values,
  onChange,
}: {
  id: ToolId;
  control: FormControl;
  values: FormValues;
  onChange: OnChange;
}) {
  const i18n = useI18n();
  const control = { ...englishControl, meta: translatedMeta(id, englishControl, i18n) };
  const { name, meta } = control;
  const value = values[name];
  const bound = { value: typeof value === 'string' ? value : '', onChange: (next: string) => onChange(name, next) };
  const hinted = meta.hint ? { hint: meta.hint } : {};
  const described = {
    ...hinted,
    ...(meta.placeholder ? { placeholder: meta.placeholder } : {}),
  };
  switch (meta.control.kind) {
    case 'radio-cards':
      return <RadioCards legend={meta.label} name={name} {...bound} options={meta.control.choices} />;
    case 'checkboxes':
      return (
        <CheckboxGroup
          legend={meta.label}
          {...bound}
          options={meta.control.choices}
          joiner={meta.control.joiner}
          {...hinted}
        />
      );
    case 'select':
      return <SelectField label={meta.label} {...bound} options={selectChoices(control)} {...hinted} />;
    case 'slider':
      return <SliderField label={meta.label} {...bound} {...sliderRange(control)} unit={meta.control.unit ?? ''} />;
    case 'checkbox':
      return (
        <CheckboxField
          label={meta.label}
          checked={value === true}
          onChange={(next) => onChange(name, next)}
          {...hinted}
        />
      );
    case 'colour':
      return <ColorField label={meta.label} {...bound} fallback={String(initialValue(control))} />;
    case 'password':
      return (
        <TextField
          label={meta.label}
          type="password"
          autoComplete={meta.control.autoComplete}
          {...bound}
          {...described}
        />
      );
    case 'number':
      return <TextField label={meta.label} type="number" {...bound} {...described} />;
    case 'text':
      return <TextField label={meta.label} {...bound} {...described} />;
  }
}

/**
 * The option controls of one tool, rendered from the catalogue's form metadata with the schemas' defaults
 * preselected: in one or two columns, grouped ones in a collapsed section at the end. A tool may replace them
 * with its own panel (page extras). Tools without options render nothing.
 */
export function ToolOptions({
  id,
  values,
  onChange,
  file,
}: {
  id: ToolId;
  values: FormValues;
  onChange: OnChange;
  /** The dropped file of a one-file tool, for a panel that shows its pages. */
  file?: File | undefined;
}) {
  const { t, has } = useI18n();
  const { OptionsPanel } = pageExtrasOf(id);
  if (OptionsPanel) {
    return (
      <Suspense fallback={null}>
        <OptionsPanel tool={id} values={values} onChange={onChange} file={file} />
      </Suspense>
    );
  }

  const controls = shownControls(id, values);
  if (controls.length === 0) return null;
  const groupName = (control: FormControl, group: string) => {
    const key = optionMessageKey(id, control.name, 'group');
    return has(key) ? t(key) : group;
  };
  const twoColumns = (tools[id] as ToolEntry).formColumns === 2;
  const draw = (control: FormControl): ReactNode => {
    const drawn = <OptionControl key={control.name} id={id} control={control} values={values} onChange={onChange} />;
    return twoColumns && control.meta.wide ? (
      <div key={control.name} className="sm:col-span-2">
        {drawn}
      </div>
    ) : (
      drawn
    );
  };
  const groups = [...new Set(controls.flatMap((control) => (control.meta.group ? [control.meta.group] : [])))];
  const ungrouped = controls.filter((control) => !control.meta.group);
  if (ungrouped.length === 1 && groups.length === 0) return draw(ungrouped[0]!);
  return (
    <div className={cn('grid gap-4', twoColumns && 'sm:grid-cols-2')}>
      {ungrouped.map(draw)}
      {groups.map((group) => (
        <details key={group} className={cn('rounded-lg border p-4', twoColumns && 'sm:col-span-2')}>
          <summary className="cursor-pointer text-sm font-medium">
            {groupName(
              controls.find((control) => control.meta.group === group)!,
              group,
            )}
          </summary>
          <div className="mt-4 grid gap-3">{controls.filter((control) => control.meta.group === group).map(draw)}</div>
        </details>
      ))}
    </div>
  );
}
