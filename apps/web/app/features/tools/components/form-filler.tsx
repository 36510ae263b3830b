import { formControls } from '@paperknife/catalog/option-form';
import { FORM_FIELDS_PATH, type FormField, formFieldList } from '@paperknife/catalog/pdf-form-fields';
import { Suspense, useEffect, useId, useState } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { PUBLIC_CLIENT_TOKEN, errorFromResponse } from '~/features/tools/api/api-client';
import { errorWords } from '~/features/tools/api/error-words';
import { LazyFormFieldPreview } from '~/features/tools/page-view/lazy';
import type { OptionsPanelProps } from '~/features/tools/tool-page-extras';
import { setDataFile } from '~/features/tools/utils/data-files';
import { useI18n } from '~/i18n/i18n-context';
import { CheckboxField, Field, SelectField, TextField } from './option-fields';
import { translatedMeta } from './tool-options';

type FieldsState =
  | { status: 'loading' }
  | { status: 'ready'; fields: FormField[] }
  | { status: 'failed'; code: string; message: string };

/** The dropped form's fields, from the API's field listing (the server reads them as Fill PDF forms does). */
function useFormFields(file: File | undefined): FieldsState | undefined {
  const [state, setState] = useState<FieldsState>({ status: 'loading' });
  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    const body = new FormData();
    body.append('file', file, file.name);
    fetch(FORM_FIELDS_PATH, {
      method: 'POST',
      body,
      headers: { Authorization: `Bearer ${PUBLIC_CLIENT_TOKEN}` },
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw await errorFromResponse(response.status, await response.blob());
        const list = formFieldList.parse(await response.json());
        setState({ status: 'ready', fields: list.fields });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const { code = 'internal_error', message = '' } = error as { code?: string; message?: string };
        setState({ status: 'failed', code, message });
      });
    return () => controller.abort();
  }, [file]);
  return file ? state : undefined;
}

type Filled = Record<string, string | boolean | number>;

/** The values JSON as the form holds it; what does not parse (being typed) counts as nothing filled. */
function filledOf(raw: string | boolean | undefined): Filled {
  if (typeof raw !== 'string' || raw.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Filled) : {};
  } catch {
    return {};
  }
}

/**
 * Fill PDF forms' options: the form's own fields as inputs (labelled by their tooltips), the page with the focused
 * field outlined, whether to flatten, and an optional rows file for one filled copy per row. Only the fields the
 * visitor changed are sent, as the `values` JSON.
 */
export function FormFiller({ tool, values, onChange, file }: OptionsPanelProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const state = useFormFields(file);
  const filled = filledOf(values['values']);
  const [focused, setFocused] = useState<string | undefined>();
  const rowsId = useId();
  useEffect(() => () => setDataFile(tool, undefined), [tool]);
  useEffect(() => setFocused(undefined), [file]);

  const setField = (name: string, value: string | boolean) =>
    onChange('values', JSON.stringify({ ...filled, [name]: value }));
  const control = (name: string) => {
    const found = formControls(tool).find((candidate) => candidate.name === name);
    if (!found) throw new Error(`${tool} has no ${name} option`);
    return translatedMeta(tool, found, i18n);
  };
  const valuesJson = control('values');
  const flatten = control('flatten');
  const bulkOutput = control('bulkOutput');
  const nameColumn = control('nameColumn');
  const focusedField = state?.status === 'ready' ? state.fields.find((field) => field.name === focused) : undefined;

  return (
    <div className="grid gap-6">
      {state === undefined ? null : state.status === 'loading' ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t('fill.loading')}
        </p>
      ) : state.status === 'failed' ? (
        <p className="text-sm text-destructive" role="alert">
          {errorWords(i18n, state.code, state.message)}
        </p>
      ) : state.fields.length === 0 ? (
        <p className="text-sm text-destructive" role="alert">
          {t('error.no_form_fields')}
        </p>
      ) : (
        <div className="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_auto]">
          <fieldset className="grid gap-4 sm:grid-cols-2" onBlur={() => setFocused(undefined)}>
            <legend className="mb-2 text-sm font-medium">{t('fill.fields', { count: state.fields.length })}</legend>
            {state.fields.map((field) => (
              <div
                key={field.name}
                onFocus={() => setFocused(field.name)}
                className={wideTypes.has(field.type) ? 'sm:col-span-2' : ''}
              >
                <FieldInput
                  field={field}
                  value={filled[field.name]}
                  onChange={(value) => setField(field.name, value)}
                />
              </div>
            ))}
          </fieldset>
          <div className="hidden md:block md:w-[280px]">
            {file && focusedField ? (
              <Suspense fallback={null}>
                <LazyFormFieldPreview file={file} field={focusedField} />
              </Suspense>
            ) : (
              <p className="text-xs text-muted-foreground">{t('fill.previewHint')}</p>
            )}
          </div>
        </div>
      )}

      <TextField
        label={valuesJson.label}
        value={typeof values['values'] === 'string' ? values['values'] : ''}
        onChange={(next) => onChange('values', next)}
        {...(valuesJson.placeholder ? { placeholder: valuesJson.placeholder } : {})}
      />

      <CheckboxField
        label={flatten.label}
        checked={values['flatten'] === true}
        onChange={(next) => onChange('flatten', next)}
      />

      <div className="grid gap-4 rounded-lg border p-4 sm:grid-cols-2">
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor={rowsId}>{t('fill.rowsFile')}</Label>
          <input
            id={rowsId}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            aria-describedby={`${rowsId}-hint`}
            className="text-sm"
            onChange={(event) => {
              setDataFile(tool, event.target.files?.[0]);
            }}
          />
          <p id={`${rowsId}-hint`} className="text-xs text-muted-foreground">
            {t('fill.rowsHint')}
          </p>
        </div>
        <SelectField
          label={bulkOutput.label}
          value={String(values['bulkOutput'] ?? '')}
          onChange={(next) => onChange('bulkOutput', next)}
          options={bulkOutput.control.kind === 'select' ? (bulkOutput.control.choices ?? []) : []}
        />
        <TextField
          label={nameColumn.label}
          value={String(values['nameColumn'] ?? '')}
          onChange={(next) => onChange('nameColumn', next)}
          {...(nameColumn.hint ? { hint: nameColumn.hint } : {})}
        />
      </div>
    </div>
  );
}

const wideTypes = new Set<FormField['type']>(['multiline', 'list', 'radio']);

/** One form field as an input of its kind; read-only, signature and button fields are shown disabled. */
function FieldInput({
  field,
  value,
  onChange,
}: {
  field: FormField;
  value: string | boolean | number | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const { t } = useI18n();
  const disabled = field.readOnly || field.type === 'signature' || field.type === 'button';
  const text =
    typeof value === 'string' || typeof value === 'number' ? String(value) : value === undefined ? field.value : '';
  switch (field.type) {
    case 'checkbox':
      return (
        <CheckboxField
          label={field.label}
          checked={
            value === undefined ? field.value !== 'Off' && field.value !== '' : value === true || value === 'true'
          }
          onChange={onChange}
        />
      );
    case 'radio':
      return (
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">{field.label}</legend>
          <div className="flex flex-wrap gap-4">
            {field.options.map((option) => (
              <label key={option} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`form-field-${field.name}`}
                  value={option}
                  checked={text === option}
                  disabled={disabled}
                  onChange={() => onChange(option)}
                  className="size-4 accent-[var(--primary)]"
                />
                {option}
              </label>
            ))}
          </div>
        </fieldset>
      );
    case 'list':
    case 'combo':
      return (
        <SelectField
          label={field.label}
          value={text}
          onChange={onChange}
          options={[
            { value: '', label: t('fill.choose') },
            ...field.options.map((option) => ({ value: option, label: option })),
          ]}
        />
      );
    case 'multiline':
      return (
        <Field label={field.label}>
          {(id) => (
            <Textarea id={id} value={text} disabled={disabled} onChange={(event) => onChange(event.target.value)} />
          )}
        </Field>
      );
    default:
      return (
        <Field label={field.label} {...(field.format ? { hint: field.format } : {})}>
          {(id, hintId) => (
            <Input
              id={id}
              type={field.type === 'date' ? 'date' : 'text'}
              value={field.type === 'date' && value === undefined ? '' : text}
              disabled={disabled}
              aria-describedby={hintId}
              {...(field.maxLength ? { maxLength: field.maxLength } : {})}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
        </Field>
      );
  }
}
