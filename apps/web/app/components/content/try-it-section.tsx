import { cn } from '~/lib/cn';
import { useI18n } from '~/i18n/i18n-context';
import { TryItUploader } from '~/features/tools/components/try-it-uploader';

/** The "Try it now" box of home and /tools: drop files, then pick a tool that fits them. */
export function TryItSection({ className }: { className?: string }) {
  const { t } = useI18n();
  return (
    <section
      id="try-it"
      aria-labelledby="try-it-title"
      className={cn('scroll-mt-24 rounded-xl border bg-card p-6 text-card-foreground shadow-sm', className)}
    >
      <h2 id="try-it-title" className="text-xl font-semibold">
        {t('tryIt.title')}
      </h2>
      <p className="mb-4 mt-1 text-sm text-muted-foreground">{t('tryIt.lead')}</p>
      {/* On a page without the React app, the islands' script renders the box here once files come. */}
      <div data-island="try-it">
        <TryItUploader />
      </div>
    </section>
  );
}
