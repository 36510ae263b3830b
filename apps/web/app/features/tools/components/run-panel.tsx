import { jobStageId, stageMessageKey } from '@paperknife/catalog/job-stages';
import { toolMessageKey } from '@paperknife/catalog/message-keys';
import type { ToolId } from '@paperknife/catalog/tools';
import type { Translator } from '@paperknife/i18n/translator';
import { Loader2 } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { Button } from '~/components/ui/button';
import type { ToolPhase } from '~/features/tools/api/api-client';
import { LazyPagePicker } from '~/features/tools/page-view/lazy';
import type { FormValues } from '~/features/tools/utils/tool-form';
import { useI18n } from '~/i18n/i18n-context';
import type { ToolRun } from './use-tool-run';
import type { WorkspaceForm } from './use-workspace-form';

/** Asked only after the device could not do a job (decision 205): its own chunk. */
const LazyUploadQuestion = lazy(() =>
  import('~/features/tools/device/upload-question').then((module) => ({ default: module.UploadQuestionPanel })),
);

/** The status line: upload percent, then the server's stage (and page i of n when the tool counts pages). */
function phaseText(phase: ToolPhase | undefined, { t }: Translator): string {
  if (!phase) return '';
  if (phase.phase === 'on-device') return t(phase.step === 'loading' ? 'run.device.loading' : 'run.device.processing');
  if (phase.phase === 'uploading') return t('run.uploading', { percent: phase.percent });
  if (phase.phase === 'processing') {
    const progress = phase.progress;
    if (!progress) return t('run.processing');
    const known = jobStageId(progress.stage);
    const stage = known ? t(stageMessageKey(known)) : progress.stage;
    if (progress.total === undefined) return t('run.stage', { stage });
    return t('run.stagePages', {
      stage,
      done: progress.done ?? 0,
      total: progress.total,
      percent: progress.percent ?? 0,
    });
  }
  return t('run.downloading');
}

/** The share of a job's pages done, as the server counts them (never estimated). */
function ProcessingBar({ percent }: { percent: number }) {
  const { t } = useI18n();
  return (
    <div
      role="progressbar"
      aria-label={t('run.processingBar')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The action and, while a job runs, its Cancel button. */
function RunButtons({ id, form, values, run }: { id: ToolId; form: WorkspaceForm; values: FormValues; run: ToolRun }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <Button
        size="lg"
        className="w-full sm:w-auto"
        onClick={() => void run.run(form, values)}
        disabled={run.busy || form.actionDisabled(id, values)}
      >
        {run.busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {run.busy ? t(toolMessageKey(id, 'busyLabel')) : t(toolMessageKey(id, 'actionLabel'))}
      </Button>
      {run.cancel ? (
        <Button size="lg" variant="outline" className="w-full sm:w-auto" onClick={run.cancel}>
          {t('run.cancel')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The tool's options once its files are ready: the controls (or the tool's own panel), the page picker of a
 * page-picking tool, the action, and the run's status as it goes.
 */
export function RunPanel({
  id,
  form,
  values,
  onChange,
  file,
  run,
}: {
  id: ToolId;
  form: WorkspaceForm;
  values: FormValues;
  onChange: (name: string, value: string | boolean) => void;
  /** The file of a one-file tool. */
  file: File | undefined;
  run: ToolRun;
}) {
  const i18n = useI18n();
  const { phase } = run;
  const englishPick = form.formControls(id).find((control) => control.meta.pickPages);
  const pickControl = englishPick && { ...englishPick, meta: form.translatedMeta(id, englishPick, i18n) };
  return (
    <div className="grid gap-6 rounded-xl border bg-card p-6 text-card-foreground">
      <form.ToolOptions id={id} values={values} onChange={onChange} file={file} />
      {pickControl && file ? (
        <Suspense fallback={null}>
          <LazyPagePicker file={file} control={pickControl} values={values} onChange={onChange} />
        </Suspense>
      ) : null}
      {form.actionVisible(id, values) ? <RunButtons id={id} form={form} values={values} run={run} /> : null}
      {run.question ? (
        <Suspense fallback={null}>
          <LazyUploadQuestion question={run.question} />
        </Suspense>
      ) : null}
      <p className="text-sm text-muted-foreground" role="status" aria-live="polite" data-testid="run-status">
        {phaseText(phase, i18n)}
      </p>
      {phase?.phase === 'processing' && phase.progress?.percent !== undefined ? (
        <ProcessingBar percent={phase.progress.percent} />
      ) : null}
    </div>
  );
}
