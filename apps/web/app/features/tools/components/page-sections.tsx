import type { MessageValues } from '@paperknife/i18n/translator';
import type { LucideIcon } from 'lucide-react';
import { useI18n } from '~/i18n/i18n-context';

/**
 * The pieces of the seed's extra tool page sections (page-extras/): numbered how-to steps and feature cards. Their
 * words are messages: `extras.<id>.title`, then `extras.<id>.<n>.title` and `.text` for each step or card.
 */

export function Steps({ id, count, values }: { id: string; count: number; values?: MessageValues }) {
  const { t } = useI18n();
  const headingId = `steps-${id}`;
  return (
    <section className="mt-16" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold">
        {t(`extras.${id}.title`)}
      </h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="rounded-xl border bg-card p-6 text-card-foreground">
            <span
              className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <h3 className="mt-3 font-semibold">{t(`extras.${id}.${index + 1}.title`, values)}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{t(`extras.${id}.${index + 1}.text`, values)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function Cards({ id, icons, values }: { id: string; icons: readonly LucideIcon[]; values?: MessageValues }) {
  const { t } = useI18n();
  const headingId = `cards-${id}`;
  return (
    <section className="mt-16" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold">
        {t(`extras.${id}.title`)}
      </h2>
      <ul className={`mt-6 grid gap-4 sm:grid-cols-2 ${icons.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
        {icons.map((Icon, index) => (
          <li key={index} className="rounded-xl border bg-card p-6 text-card-foreground">
            <span className="text-primary">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h3 className="mt-3 font-semibold">{t(`extras.${id}.${index + 1}.title`, values)}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{t(`extras.${id}.${index + 1}.text`, values)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
