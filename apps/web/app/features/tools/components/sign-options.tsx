import { type FormControl, formControls } from '@paperknife/catalog/option-form';
import { Suspense, lazy, useCallback, useId, useState } from 'react';
import { useI18n } from '~/i18n/i18n-context';
import { Input } from '~/components/ui/input';
import { RadioCards } from './choice-fields';
import { CheckboxField, Field, TextField } from './option-fields';
import { SignaturePad } from './signature-pad';
import { translatedMeta } from './tool-options';
import { PagesLoading } from '~/features/tools/page-view/pages-loading';
import type { SignatureBox } from '~/features/tools/page-view/signature-placement';
import type { OptionsPanelProps } from '~/features/tools/tool-page-extras';

// The page preview needs pdf.js: its own chunk, loaded once a PDF is dropped.
const SignaturePlacement = lazy(() =>
  import('~/features/tools/page-view/signature-placement').then((module) => ({ default: module.SignaturePlacement })),
);

const BOX_FIELDS = ['x', 'y', 'width', 'height'] as const;

/** The file's bytes as base64 (no data: prefix). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/**
 * A read-only copy of a value the panel makes from a picture or a file (the signature's PNG, the certificate), under
 * the catalogue's label: what will be sent, for assistive technology; the visible controls make it.
 */
function ValueCarrier({ label, value }: { label: string; value: string }) {
  return <input type="text" readOnly tabIndex={-1} aria-label={label} value={value} className="sr-only" />;
}

/**
 * Sign PDF's options: a signature picture or a digital signature only; the picture drawn, typed or uploaded,
 * placed on a preview of the page, then the page scope and the date; and the certificate for a digital signature,
 * optional beside a picture and open from the start without one.
 */
export function SignOptions({ tool, values, onChange, file }: OptionsPanelProps) {
  const i18n = useI18n();
  const certificateId = useId();
  const [pageCount, setPageCount] = useState<number>();
  const controls = new Map<string, FormControl>(formControls(tool).map((control) => [control.name, control]));
  const meta = (name: string) => {
    const control = controls.get(name);
    if (!control) throw new Error(`${tool} has no ${name} field`);
    return translatedMeta(tool, control, i18n);
  };
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  const signature = text('signature');
  const box: SignatureBox = {
    x: Number(text('x')),
    y: Number(text('y')),
    width: Number(text('width')),
    height: Number(text('height')),
  };
  const setBox = (next: SignatureBox) => {
    for (const name of BOX_FIELDS) onChange(name, String(Math.round(next[name] * 10_000) / 10_000));
  };
  const onSignature = useCallback((png: string | undefined) => onChange('signature', png ?? ''), [onChange]);
  const pageNumber = Math.max(1, Number.parseInt(text('page'), 10) || 1);
  const group = meta('certificate').group;
  const appearance = meta('appearance');
  const invisible = text('appearance') === 'invisible';

  const certificateFields = (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-2">
        <span className="text-sm font-medium">{meta('certificate').label}</span>
        <ValueCarrier label={meta('certificate').label} value={text('certificate')} />
        <input
          id={certificateId}
          type="file"
          aria-label={i18n.t('sign.chooseCertificate')}
          accept=".p12,.pfx,application/x-pkcs12"
          className="text-sm"
          aria-describedby={`${certificateId}-hint`}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (!chosen) onChange('certificate', '');
            else void base64Of(chosen).then((data) => onChange('certificate', data));
          }}
        />
        <p id={`${certificateId}-hint`} className="text-xs text-muted-foreground">
          {meta('certificate').hint}
        </p>
      </div>
      <TextField
        label={meta('certificatePassword').label}
        type="password"
        autoComplete="current-password"
        value={text('certificatePassword')}
        onChange={(next) => onChange('certificatePassword', next)}
      />
    </div>
  );

  return (
    <div className="grid gap-5">
      {appearance.control.kind === 'radio-cards' ? (
        <RadioCards
          legend={appearance.label}
          name="appearance"
          value={text('appearance')}
          onChange={(next) => onChange('appearance', next)}
          options={appearance.control.choices}
        />
      ) : null}
      {invisible ? (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">{i18n.t('sign.certificateNeeded')}</p>
          {certificateFields}
        </div>
      ) : (
        <>
          <div className="grid gap-2">
            <span className="text-sm font-medium">{meta('signature').label}</span>
            <SignaturePad onSignature={onSignature} />
            <ValueCarrier label={meta('signature').label} value={signature} />
          </div>
          {file && signature ? (
            <Suspense fallback={<PagesLoading />}>
              <SignaturePlacement
                key={`${file.name}:${file.size}:${file.lastModified}`}
                file={file}
                pageNumber={pageNumber}
                signature={signature}
                box={box}
                onBoxChange={setBox}
                onPageCount={setPageCount}
              />
            </Suspense>
          ) : null}
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {BOX_FIELDS.map((name) => (
              <Field key={name} label={meta(name).label}>
                {(id) => (
                  <Input
                    id={id}
                    type="number"
                    min={0}
                    max={1}
                    step={0.01}
                    value={text(name)}
                    onChange={(event) => onChange(name, event.target.value)}
                  />
                )}
              </Field>
            ))}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={meta('page').label}
              type="number"
              value={text('page')}
              onChange={(next) => onChange('page', pageCount ? String(Math.min(Number(next) || 1, pageCount)) : next)}
            />
            <TextField label={meta('date').label} value={text('date')} onChange={(next) => onChange('date', next)} />
            <CheckboxField
              label={meta('everyPage').label}
              checked={values['everyPage'] === true || values['everyPage'] === 'true'}
              onChange={(checked) => onChange('everyPage', checked)}
            />
          </div>
          <details className="grid gap-3 rounded-md border border-input p-3">
            <summary className="cursor-pointer text-sm font-medium">{group}</summary>
            <div className="mt-3">{certificateFields}</div>
          </details>
        </>
      )}
    </div>
  );
}
