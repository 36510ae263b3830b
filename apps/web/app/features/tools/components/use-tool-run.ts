import { toolMessageKey } from '@paperknife/catalog/message-keys';
import type { ToolId } from '@paperknife/catalog/tools';
import type { Translator } from '@paperknife/i18n/translator';
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { toast } from '~/components/ui/toast';
import type { ToolPhase, ToolResponse } from '~/features/tools/api/api-client';
import { errorWords } from '~/features/tools/api/error-words';
import { useI18n } from '~/i18n/i18n-context';
import type { ToolFiles } from '~/features/tools/hooks/use-tool-files';
import type { DeviceLimit } from '~/features/tools/device/device-protocol';
import { deviceEngineOf } from '~/features/tools/device/device-tools';
import type { RunWhere } from '~/features/tools/device/run-where';
import type { UploadQuestion } from '~/features/tools/device/upload-question';
import type { RunResult } from '~/features/tools/tool-page-extras';
import { dataFilesFor } from '~/features/tools/utils/data-files';
import type { FormValues } from '~/features/tools/utils/tool-form';
import { type ToolInfo, toolInfo } from '~/lib/tool-info.prebuilt';
import { siteConfig } from '~/site-config';
import type { WorkspaceForm } from './use-workspace-form';

export interface ToolRun {
  busy: boolean;
  phase: ToolPhase | undefined;
  /** Stops the run in progress, when it is a job that can be cancelled. */
  cancel: (() => void) | undefined;
  /** The last run's answer once it succeeded, for the tool's result view; cleared when a run starts. */
  result: RunResult | undefined;
  /** What the page asks before sending a job the device cannot do to the server; undefined when nothing is asked. */
  question: UploadQuestion | undefined;
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
    (tool.responseHeaders ?? []).flatMap((name) => {
      const value = header(name) ?? undefined;
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

/**
 * Running the tool on the files and options: checked first against the catalogue, then in this browser when the
 * visitor chose so (`where`), else on the server in one request or a job (cancellable); the result downloaded, the
 * seed's toasts (section 8). A job the device cannot do goes to the server only once the visitor says yes
 * (decision 205). Leaving the page cancels a job.
 */
export function useToolRun(
  id: ToolId,
  files: ToolFiles,
  setValues: Dispatch<SetStateAction<FormValues | undefined>>,
  where: RunWhere = 'server',
): ToolRun {
  const i18n = useI18n();
  const { t } = i18n;
  const tool = toolInfo[id];
  const [busy, setBusy] = useState(false);
  const [phase, setPhase] = useState<ToolPhase | undefined>();
  const [cancel, setCancel] = useState<(() => void) | undefined>();
  const [result, setResult] = useState<RunResult | undefined>();
  const [question, setQuestion] = useState<UploadQuestion | undefined>();
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
    const calls = { onPhase: setPhase, signal: controller.signal };
    const onServer = () => (asJob ? form.runToolJob : form.callTool)(id, body, calls);
    const ask = (limit: DeviceLimit) =>
      new Promise<boolean>((resolve) => {
        const tooLargeForServer = sent.some((file) => file.size > siteConfig.limits.maxFileBytes);
        const answer = (upload: boolean) => {
          setQuestion(undefined);
          resolve(upload);
        };
        setPhase(undefined);
        controller.signal.addEventListener('abort', () => answer(false), { once: true });
        setQuestion({ limit, tooLargeForServer, answer });
      });
    running.current = controller;
    setBusy(true);
    setResult(undefined);
    if (asJob || where === 'device') setCancel(() => () => controller.abort());
    try {
      const response =
        where === 'device'
          ? await onDeviceOrAsked(id, sent, { ...form.parseToolOptions(id, fields) }, calls, ask, onServer)
          : await onServer();
      if (!response) return; // the visitor kept the files here; nothing was sent
      form.saveBlob(response.blob, response.fileName ?? tool.download.name);
      toast.success(t('run.success'), { description: t(toolMessageKey(id, 'successToast')) });
      files.clear();
      setValues((current) => current && form.valuesAfterSuccess(id, current));
      setResult({ headers: listedHeaders(tool, response.headers), output: response.blob, files: sent });
    } catch (error) {
      if (controller.signal.aborted) {
        // The server has stopped the run and deleted the upload (or the browser's worker stopped); the files stay.
        const text = where === 'device' ? 'run.cancelled.device' : 'run.cancelled.text';
        if (mounted.current) toast.success(t('run.cancelled'), { description: t(text) });
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

  return { busy, phase, cancel, result, question, run };
}

/**
 * The run in this browser; when the device cannot do it, the server's run once `ask` says yes, else undefined.
 * The device's code and the qpdf worker load with the first run (or earlier, when the visitor chose the device).
 */
async function onDeviceOrAsked(
  id: ToolId,
  files: File[],
  options: Record<string, unknown>,
  calls: { onPhase: (phase: ToolPhase) => void; signal: AbortSignal },
  ask: (limit: DeviceLimit) => Promise<boolean>,
  onServer: () => Promise<ToolResponse>,
): Promise<ToolResponse | undefined> {
  const device = await import('~/features/tools/device/device-client');
  try {
    return await device.runOnDevice(id, files, options, { ...calls, engine: deviceEngineOf(id) });
  } catch (error) {
    if (!(error instanceof device.DeviceLimitError)) throw error;
    return (await ask(error.limit)) ? onServer() : undefined;
  }
}
