import { repairReportHeader } from '@paperknife/catalog/http-api';
import { type RepairEngine, parseRepairReport } from '@paperknife/catalog/repair-report';
import type { RunResult, ToolPageExtras } from '~/features/tools/tool-page-extras';
import { useI18n } from '~/i18n/i18n-context';

/** The engines by their own names, which no language translates. */
const engineNames: Record<RepairEngine, string> = { qpdf: 'qpdf', mupdf: 'MuPDF', ghostscript: 'Ghostscript' };

/** What was wrong with the upload and which engine's copy was kept, from the answer's report header. */
function RepairReportView({ headers }: RunResult) {
  const { t } = useI18n();
  const report = parseRepairReport(headers[repairReportHeader.name]);
  if (!report) return null;
  return (
    <section
      aria-label={t('repairReport.label')}
      className="grid gap-3 rounded-xl border bg-card p-6"
      data-testid="repair-report"
    >
      <p role="status" className="font-medium" data-testid="repair-summary">
        {t('repairReport.summary', { pages: report.pages, engine: engineNames[report.engine] })}
      </p>
      {report.problems.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('repairReport.noProblems')}</p>
      ) : (
        <>
          <h3 className="text-sm font-semibold">{t('repairReport.problemsTitle')}</h3>
          <ul className="grid list-disc gap-1 ps-5 text-sm">
            {report.problems.map((problem) => (
              <li key={problem} data-testid={`repair-problem-${problem}`}>
                {t(`repairReport.problem.${problem}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export const pageExtras: ToolPageExtras = { AfterSuccess: RepairReportView };
