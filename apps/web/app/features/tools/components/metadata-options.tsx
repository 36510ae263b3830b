import { type MetadataField, metadataFields } from '@paperknife/catalog/document-metadata';
import { formControls } from '@paperknife/catalog/option-form';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '~/i18n/i18n-context';
import { CheckboxField, TextField } from './option-fields';
import { translatedMeta } from './tool-options';
import type { OptionsPanelProps } from '~/features/tools/tool-page-extras';

const REMOVE_ALL = 'removeAll';
const CLEAR = 'clear';

const isMetadataField = (name: string): name is MetadataField => (metadataFields as readonly string[]).includes(name);

type Reading = 'idle' | 'reading' | 'read' | 'unreadable';

/**
 * Edit metadata's options: the dropped file's current properties, read in the browser with pdf.js, fill the
 * fields, so the visitor edits what is there; a field emptied that had a value is sent in `clear`, which removes
 * it. "Remove all" hides the fields, since they would not be written.
 */
export function MetadataOptions({ tool, values, onChange, file }: OptionsPanelProps) {
  const i18n = useI18n();
  const [reading, setReading] = useState<Reading>('idle');
  // The properties the file has, as read: emptying one of them removes it.
  const [current, setCurrent] = useState<Partial<Record<MetadataField, string>>>({});
  // The latest onChange, so a re-render does not read the file again.
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    setCurrent({});
    change.current(CLEAR, '');
    if (!file) {
      setReading('idle');
      return;
    }
    let current = true;
    setReading('reading');
    import('~/features/tools/page-view/pdf-pages')
      .then((module) => module.readDocumentInfo(file))
      .then(
        (info) => {
          if (!current) return;
          for (const field of metadataFields) change.current(field, info[field] ?? '');
          setCurrent(info);
          setReading('read');
        },
        () => {
          if (current) setReading('unreadable');
        },
      );
    return () => {
      current = false;
    };
  }, [file]);

  const removeAll = values[REMOVE_ALL] === true;
  const controls = formControls(tool);
  const setField = (name: string, next: string) => {
    onChange(name, next);
    const emptied = metadataFields.filter((field) => {
      const value = field === name ? next : values[field];
      return Boolean(current[field]) && (typeof value !== 'string' || value.trim() === '');
    });
    onChange(CLEAR, emptied.join(','));
  };
  return (
    <div className="grid gap-4">
      {reading === 'idle' ? null : (
        <p role="status" className="text-sm text-muted-foreground" data-testid="metadata-reading">
          {i18n.t(`metadataPanel.${reading}`)}
        </p>
      )}
      {removeAll ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          {controls
            // The properties, then `clear`: filled as fields are emptied, and editable like them.
            .filter((control) => isMetadataField(control.name) || control.name === CLEAR)
            .map((control) => {
              const meta = translatedMeta(tool, control, i18n);
              const value = values[control.name];
              return (
                <TextField
                  key={control.name}
                  label={meta.label}
                  value={typeof value === 'string' ? value : ''}
                  onChange={(next) => (control.name === CLEAR ? onChange(CLEAR, next) : setField(control.name, next))}
                  {...(meta.hint ? { hint: meta.hint } : {})}
                  {...(meta.placeholder ? { placeholder: meta.placeholder } : {})}
                />
              );
            })}
        </div>
      )}
      {controls
        .filter((control) => control.name === REMOVE_ALL)
        .map((control) => {
          const meta = translatedMeta(tool, control, i18n);
          return (
            <CheckboxField
              key={control.name}
              label={meta.label}
              checked={removeAll}
              onChange={(next) => onChange(REMOVE_ALL, next)}
              {...(meta.hint ? { hint: meta.hint } : {})}
            />
          );
        })}
    </div>
  );
}
