import { parseRedactedAreas, redactionHeaders } from '@paperknife/catalog/redaction';
import { lazy } from 'react';
import type { RunResult, ToolPageExtras } from '~/features/tools/tool-page-extras';
import { useI18n } from '~/i18n/i18n-context';

// The search, the review list and the page previews: a lazy chunk, with pdf.js behind it (decision 095).
const RedactionPanel = lazy(() =>
  import('~/features/tools/components/redaction-panel').then((module) => ({ default: module.RedactionPanel })),
);

/** What the run removed: areas per page, from the answer's headers, and the places outside the pages. */
function RedactionReport({ headers }: RunResult) {
  const { t } = useI18n();
  const areasHeader = headers[redactionHeaders.pages.name];
  if (areasHeader === undefined) return null;
  const areas = parseRedactedAreas(areasHeader);
  const total = areas.reduce((sum, { count }) => sum + count, 0);
  const elsewhere = Number(headers[redactionHeaders.elsewhere.name] ?? 0);
  return (
    <section
      aria-label={t('redact.result.label')}
      className="grid gap-2 rounded-xl border bg-card p-6"
      data-testid="redaction-report"
    >
      <p className="font-semibold">
        {total === 0 ? t('redact.result.nothing') : t('redact.result.total', { count: total })}
      </p>
      {areas.length > 0 ? (
        <ul className="grid gap-1 text-sm text-muted-foreground">
          {areas.map(({ page, count }) => (
            <li key={page}>{t('redact.result.page', { page, count })}</li>
          ))}
        </ul>
      ) : null}
      {elsewhere > 0 ? (
        <p className="text-sm text-muted-foreground">{t('redact.result.elsewhere', { count: elsewhere })}</p>
      ) : null}
    </section>
  );
}

export const pageExtras: ToolPageExtras = { OptionsPanel: RedactionPanel, AfterSuccess: RedactionReport };
