import { toolIds } from '@paperknife/catalog/tools';
import { formatSizeLimit } from '~/lib/format-size';
import { siteConfig } from '~/site-config';
import { useI18n } from '~/i18n/i18n-context';
import { SITE_NAME } from '~/lib/page-meta';

/** The statistics strip: facts we can stand behind, from the catalogue and the configured limits. */
const siteStats = [
  { value: () => String(toolIds.length), label: 'stats.tools' },
  { value: (tag: string) => formatSizeLimit(siteConfig.limits.maxFileBytes, tag), label: 'stats.perFile' },
  { value: () => '0', label: 'stats.filesKept' },
  { value: () => 'AES-256', label: 'stats.encryption' },
];

export function SiteStats() {
  const { t, tag } = useI18n();
  return (
    <section aria-label={t('stats.label', { site: SITE_NAME })} className="border-y bg-muted/60">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-10 sm:px-6 lg:grid-cols-4">
        {siteStats.map((stat) => (
          // The value shows above its label, but is read after it: "per file, up to 2000 pages: 100 MB".
          <div key={stat.label} className="flex flex-col-reverse text-center">
            <dt className="mt-1 text-sm text-muted-foreground">
              {t(stat.label, { maxPages: siteConfig.limits.maxPages })}
            </dt>
            <dd className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">{stat.value(tag)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
