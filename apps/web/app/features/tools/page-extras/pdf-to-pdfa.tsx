import { pdfaReportHeader } from '@paperknife/catalog/http-api';
import { type PdfaCheck, type PdfaLevel, parsePdfaReport } from '@paperknife/catalog/pdfa-report';
import { CircleCheck, CircleX } from 'lucide-react';
import type { RunResult, ToolPageExtras } from '~/features/tools/tool-page-extras';
import { useI18n } from '~/i18n/i18n-context';

type Translate = ReturnType<typeof useI18n>['t'];

/** A requirement's name; the attachments requirement reads differently where attached files are kept (3b). */
function checkLabel(t: Translate, check: PdfaCheck, level: PdfaLevel): string {
  switch (check.id) {
    case 'identification':
      return t('pdfa.check.identification');
    case 'output-intent':
      return t('pdfa.check.outputIntent');
    case 'fonts-embedded':
      return t('pdfa.check.fonts');
    case 'no-encryption':
      return t('pdfa.check.encryption');
    case 'no-scripts':
      return t('pdfa.check.scripts');
    case 'attachments':
      return level === '3b' ? t('pdfa.check.attachmentsKept') : t('pdfa.check.attachmentsRemoved');
    case 'no-transparency':
      return t('pdfa.check.transparency');
    case 'document-id':
      return t('pdfa.check.documentId');
  }
}

/** What was changed to meet a requirement, or what is still wrong; undefined when there is nothing to say. */
function checkNote(t: Translate, check: PdfaCheck, level: PdfaLevel): string | undefined {
  const count = check.changed ?? 0;
  const fonts = (check.fonts ?? []).join(', ');
  if (check.id === 'fonts-embedded' && !check.ok && fonts) return t('pdfa.missing.fonts', { fonts });
  if (count <= 0) return undefined;
  switch (check.id) {
    case 'identification':
      return t('pdfa.changed.identification');
    case 'output-intent':
      return t('pdfa.changed.outputIntent');
    case 'fonts-embedded':
      return fonts ? t('pdfa.changed.fonts', { fonts }) : undefined;
    case 'no-encryption':
      return t('pdfa.changed.encryption');
    case 'no-scripts':
      return t('pdfa.changed.scripts', { count });
    case 'attachments':
      return level === '3b'
        ? t('pdfa.changed.attachmentsKept', { count })
        : t('pdfa.changed.attachmentsRemoved', { count });
    case 'no-transparency':
      return t('pdfa.changed.transparency', { count });
    case 'document-id':
      return t('pdfa.changed.documentId');
  }
}

/** The conformance report from the answer's header: the verdict, then each requirement, its outcome and changes. */
function ConformanceReport({ headers }: RunResult) {
  const { t } = useI18n();
  const report = parsePdfaReport(headers[pdfaReportHeader.name]);
  if (!report) return null;
  const { level } = report;
  return (
    <section
      aria-label={t('pdfa.report.label')}
      className="grid gap-3 rounded-xl border bg-card p-6"
      data-testid="pdfa-report"
    >
      <p role="status" className="font-medium" data-testid="pdfa-verdict">
        {report.conforms ? t('pdfa.report.conforms', { level }) : t('pdfa.report.fails', { level })}
      </p>
      <ul className="grid gap-2 text-sm">
        {report.checks.map((check) => {
          const note = checkNote(t, check, report.level);
          return (
            <li key={check.id} className="flex gap-2" data-testid={`pdfa-check-${check.id}`} data-ok={check.ok}>
              {check.ok ? (
                <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
              ) : (
                <CircleX aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
              )}
              <span>
                <span className="font-medium">{checkLabel(t, check, report.level)}</span>
                <span className="sr-only">: {check.ok ? t('pdfa.report.met') : t('pdfa.report.notMet')}</span>
                {note ? <span className="block text-muted-foreground">{note}</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export const pageExtras: ToolPageExtras = { AfterSuccess: ConformanceReport };
