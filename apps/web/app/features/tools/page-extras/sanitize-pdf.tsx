import { sanitizeReportHeader } from '@paperknife/catalog/http-api';
import { optionMessageKey } from '@paperknife/catalog/message-keys';
import { parseSanitizeReport } from '@paperknife/catalog/sanitize-report';
import type { RunResult, ToolPageExtras } from '~/features/tools/tool-page-extras';
import { useI18n } from '~/i18n/i18n-context';

/** Each kind of hidden data found, under its option's label, with how many were found and removed. */
function SanitizeReportView({ headers }: RunResult) {
  const { t } = useI18n();
  const report = parseSanitizeReport(headers[sanitizeReportHeader.name]);
  if (!report) return null;
  return (
    <section
      aria-label={t('sanitizeReport.label')}
      className="grid gap-3 rounded-xl border bg-card p-6"
      data-testid="sanitize-report"
    >
      <h3 className="font-medium">{t('sanitizeReport.label')}</h3>
      {report.counts.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('sanitizeReport.nothing')}
        </p>
      ) : (
        <ul role="status" className="grid gap-1 text-sm">
          {report.counts.map(({ kind, found, removed }) => (
            <li key={kind} data-testid={`sanitize-${kind}`}>
              <span className="font-medium">{t(optionMessageKey('sanitize-pdf', kind, 'label'))}</span>
              {': '}
              {removed > 0 ? t('sanitizeReport.removed', { found, removed }) : t('sanitizeReport.kept', { found })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const pageExtras: ToolPageExtras = { AfterSuccess: SanitizeReportView };
