import { toolMessageKey } from '@paperknife/catalog/message-keys';
import type { ToolId } from '@paperknife/catalog/tools';
import type { Translator } from '@paperknife/i18n/translator';
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { toast } from '~/components/ui/toast';
import type { ToolPhase } from '~/features/tools/api/api-client';
import { errorWords } from '~/features/tools/api/error-words';
import { useI18n } from '~/i18n/i18n-context';
import type { ToolFiles } from '~/features/tools/hooks/use-tool-files';
import type { RunResult } from '~/features/tools/tool-page-extras';
import { dataFilesFor } from '~/features/tools/utils/data-files';
import type { FormValues } from '~/features/tools/utils/tool-form';
import { type ToolInfo, toolInfo } from '~/lib/tool-info.prebuilt';
import type { WorkspaceForm } from './use-workspace-form';

export interface ToolRun {
  busy: boolean;
  phase: ToolPhase | undefined;
  /** Stops the run in progress, when it is a job that can be cancelled. */
  cancel: (() => void) | undefined;
  /** The last run's answer once it succeeded, for the tool's result view; cleared when a run starts. */
  result: RunResult | undefined;
  run: (form: WorkspaceForm, values: FormValues) => Promise<void>;
}

/** The fields to send, or undefined once the visitor has been told what is wrong with the options. */
function checkedFields(
  form: WorkspaceForm,
  id: ToolId,
  values: FormValues,
  i18n: Translator,
): Record<string, string> | undefined {
  const { t } = i18n;
  const problem = form.checkBeforeSend(id, values);
  if (problem) {
    toast.error(t(problem.title), { description: t(problem.description) });
    return undefined;
  }
  const fields = form.apiFields(id, values);
  try {
    form.parseToolOptions(id, fields);
  } catch (error) {
    if (error instanceof form.ToolError) {
      toast.error(t('run.checkOptions'), { description: errorWords(i18n, error.code, error.message) });
      return undefined;
    }
    throw error;
  }
  return fields;
}

/** The answer's values of the headers the tool's catalogue entry lists. */
function listedHeaders(tool: ToolInfo, header: (name: string) => string | null): RunResult['headers'] {
  return Object.fromEntries(
    (tool.responseHeaders ?? []).flatMap(({ name }) => {
      const value = header(name) ?? undefined;
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

/**
 * Sending the files and options to the server: checked first against the catalogue, then one request or a job
 * (cancellable), the result downloaded, the seed's toasts (section 8). Leaving the page cancels a job.
 */
export function useToolRun(
  id: ToolId,
  files: ToolFiles,
  setValues: Dispatch<SetStateAction<FormValues | undefined>>,
): ToolRun {
  const i18n = useI18n();
  const { t } = i18n;
  const tool = toolInfo[id];
  const [busy, setBusy] = useState(false);
  const [phase, setPhase] = useState<ToolPhase | undefined>();
  const [cancel, setCancel] = useState<(() => void) | undefined>();
  const [result, setResult] = useState<RunResult | undefined>();
  const mounted = useRef(true);
  const running = useRef<AbortController | undefined>(undefined);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      running.current?.abort(); // leaving the page cancels a job nobody will download
    };
  }, []);

  // The action shows only once enough files are ready and the form has come, so there is no "no file" case here.
  async function run(form: WorkspaceForm, values: FormValues) {
    const fields = checkedFields(form, id, values, i18n);
    if (!fields) return;
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (const item of files.items) body.append(files.multiple ? 'files' : 'file', item.file, item.file.name);
    const dataField = tool.dataFile?.field;
    if (dataField) for (const dataFile of dataFilesFor(id)) body.append(dataField, dataFile, dataFile.name);

    const sent = files.items.map((item) => item.file);
    const uploadBytes = files.items.reduce((sum, item) => sum + item.file.size, 0);
    const asJob = form.runsAsJob(tool, uploadBytes);
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    setResult(undefined);
    if (asJob) setCancel(() => () => controller.abort());
    try {
      const call = asJob ? form.runToolJob : form.callTool;
      const response = await call(id, body, { onPhase: setPhase, signal: controller.signal });
      form.saveBlob(response.blob, response.fileName ?? tool.download.name);
      toast.success(t('run.success'), { description: t(toolMessageKey(id, 'successToast')) });
      files.clear();
      setValues((current) => current && form.valuesAfterSuccess(id, current));
      setResult({ headers: listedHeaders(tool, response.headers), output: response.blob, files: sent });
    } catch (error) {
      if (controller.signal.aborted) {
        // The server has stopped the run and deleted the upload; the files stay on the page.
        if (mounted.current) toast.success(t('run.cancelled'), { description: t('run.cancelled.text') });
        return;
      }
      console.error(error);
      const reason = error instanceof form.ToolRequestError ? errorWords(i18n, error.code, error.message) : '';
      const failed = t(toolMessageKey(id, 'errorToast'));
      toast.error(t('toast.error'), { description: reason ? t('run.failedBecause', { failed, reason }) : failed });
    } finally {
      running.current = undefined;
      setCancel(undefined);
      setBusy(false);
      setPhase(undefined);
    }
  }

  return { busy, phase, cancel, result, run };
}
