import { type ReactNode, useId } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { useI18n } from '~/i18n/i18n-context';

/** Small labelled controls the tool options are made of. Native elements: keyboard and screen readers for free. */

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

export function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string, hintId?: string) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children(id, hintId)}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  value,
  onChange,
  hint,
  placeholder,
  type = 'text',
  autoComplete,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  placeholder?: string;
  type?: 'text' | 'password' | 'number';
  autoComplete?: string;
}) {
  return (
    <Field label={label} {...(hint ? { hint } : {})}>
      {(id, hintId) => (
        <Input
          id={id}
          type={type}
          value={value}
          placeholder={placeholder}
          autoComplete={autoComplete}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.value)}
          {...(type === 'number' ? { min: 1, inputMode: 'numeric' as const } : {})}
        />
      )}
    </Field>
  );
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  hint?: string;
}) {
  return (
    <Field label={label} {...(hint ? { hint } : {})}>
      {(id, hintId) => (
        <select
          id={id}
          className={selectClass}
          value={value}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function SliderField({
  label,
  value,
  onChange,
  min,
  max,
  step,
  unit = '',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  step: number;
  unit?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between">
        <Label htmlFor={id}>{label}</Label>
        <output htmlFor={id} className="text-sm tabular-nums text-muted-foreground">
          {value}
          {unit}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={`${value}${unit}`}
        onChange={(event) => onChange(event.target.value)}
        className="w-full accent-[var(--primary)]"
      />
    </div>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const box = (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-[var(--primary)]"
      />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
  if (!hint) return box;
  return (
    <div className="grid gap-1">
      {box}
      <p id={hintId} className="ps-6 text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

/** A colour as a picker plus its hex text; the picker shows `fallback` while the text is not a full hex colour. */
export function ColorField({
  label,
  value,
  onChange,
  fallback,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  fallback: string;
}) {
  const { t } = useI18n();
  return (
    <Field label={label}>
      {(id) => (
        <div className="flex gap-2">
          <input
            type="color"
            aria-label={t('options.pickColour')}
            value={/^#[0-9a-f]{6}$/i.test(value) ? value : fallback}
            onChange={(event) => onChange(event.target.value)}
            className="h-10 w-14 cursor-pointer rounded-md border border-input bg-background p-1"
          />
          <Input id={id} value={value} maxLength={7} onChange={(event) => onChange(event.target.value)} />
        </div>
      )}
    </Field>
  );
}
