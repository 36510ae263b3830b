import { useId } from 'react';
import { cn } from '~/lib/cn';

/** Controls that choose among several listed values: native checkboxes and radios in a fieldset. */

/** Several choices held as one string, `a+b` for joiner `+`, in the order of the list. */
export function CheckboxGroup({
  legend,
  value,
  onChange,
  options,
  joiner,
  hint,
}: {
  legend: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  joiner: string;
  hint?: string;
}) {
  const hintId = useId();
  const chosen = new Set(value.split(joiner).filter(Boolean));
  const toggle = (option: string, on: boolean) => {
    const next = options.filter((entry) => (entry.value === option ? on : chosen.has(entry.value)));
    onChange(next.map((entry) => entry.value).join(joiner));
  };
  return (
    <fieldset className="grid gap-2" aria-describedby={hint ? hintId : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        {options.map((option) => (
          <label key={option.value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              value={option.value}
              checked={chosen.has(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
              className="size-4 accent-[var(--primary)]"
            />
            {option.label}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}

export function RadioCards({
  legend,
  name,
  value,
  onChange,
  options,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string; description: string }[];
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer flex-col gap-1 rounded-lg border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              value === option.value ? 'border-primary bg-primary/10' : 'hover:bg-accent',
            )}
          >
            <span className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                className="accent-[var(--primary)]"
              />
              {option.label}
            </span>
            <span className="text-muted-foreground">{option.description}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
