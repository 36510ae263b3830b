import { useId } from 'react';
import { useI18n } from '~/i18n/i18n-context';
import { formatBytes } from '~/lib/format-size';
import { cn } from '~/lib/cn';
import type { DeviceEngine } from './device-protocol';
import { engineDownloadBytes } from './device-tools';
import type { RunWhere } from './run-where';

/**
 * The honest choice of a page tool that runs in the browser too: on this device (nothing uploaded, a one-time
 * download of the tool's engine: qpdf's module, or mupdf.js's) or on our server (uploaded). Choosing the device
 * starts that download.
 */
export function RunWhereChoice({
  where,
  onChange,
  disabled,
  engine = 'qpdf',
}: {
  where: RunWhere;
  onChange: (where: RunWhere) => void;
  disabled?: boolean;
  /** The tool's device engine, whose own download the device way names. */
  engine?: DeviceEngine | undefined;
}) {
  const { t, tag } = useI18n();
  const id = useId();
  const options: { value: RunWhere; label: string; description: string }[] = [
    {
      value: 'device',
      label: t('runWhere.device'),
      description: t('runWhere.device.text', { size: formatBytes(engineDownloadBytes[engine], tag) }),
    },
    { value: 'server', label: t('runWhere.server'), description: t('runWhere.server.text') },
  ];
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">{t('runWhere.legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer flex-col gap-1 rounded-lg border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              where === option.value ? 'border-primary bg-primary/10' : 'hover:bg-accent',
            )}
          >
            <span className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name="run-where"
                aria-labelledby={`${id}-${option.value}`}
                aria-describedby={`${id}-${option.value}-text`}
                value={option.value}
                checked={where === option.value}
                onChange={() => onChange(option.value)}
                className="size-4 accent-[var(--primary)]"
              />
              <span id={`${id}-${option.value}`}>{option.label}</span>
            </span>
            <span id={`${id}-${option.value}-text`} className="text-muted-foreground">
              {option.description}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
