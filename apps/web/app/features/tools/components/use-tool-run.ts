import type { ToolId } from '@paperknife/catalog/tools';
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { toast } from '~/components/ui/toast';
import type { ToolPhase } from '~/features/tools/api/api-client';
import type { ToolFiles } from '~/features/tools/hooks/use-tool-files';
import type { RunResult } from '~/features/tools/tool-page-extras';
import type { FormValues } from '~/features/tools/utils/tool-form';
import { type ToolInfo, toolInfo } from '~/lib/tool-info.prebuilt';
import type { WorkspaceForm } from './use-workspace-form';

/** Said when a run was cancelled: the server has stopped and deleted it, and the files stay on the page. */
const CANCELLED_TOAST = {
  title: 'Cancelled',
  description: 'Processing was stopped and the upload deleted from the server. Your file is still here.',
} as const;

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
function checkedFields(form: WorkspaceForm, id: ToolId, values: FormValues): Record<string, string> | undefined {
  const problem = form.checkBeforeSend(id, values);
  if (problem) {
    toast.error(problem.title, { description: problem.description });
    return undefined;
  }
  const fields = form.apiFields(id, values);
  try {
    form.parseToolOptions(id, fields);
  } catch (error) {
    if (error instanceof form.ToolError) {
      toast.error('Check the options', { description: error.message });
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
    const fields = checkedFields(form, id, values);
    if (!fields) return;
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (const item of files.items) body.append(files.multiple ? 'files' : 'file', item.file, item.file.name);

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
      toast.success('Success!', { description: tool.successToast });
      files.clear();
      setValues((current) => current && form.valuesAfterSuccess(id, current));
      setResult({ headers: listedHeaders(tool, response.headers) });
    } catch (error) {
      if (controller.signal.aborted) {
        if (mounted.current) toast.success(CANCELLED_TOAST.title, { description: CANCELLED_TOAST.description });
        return;
      }
      console.error(error);
      const reason = error instanceof form.ToolRequestError ? ` ${error.message}` : '';
      toast.error('Error', { description: `${tool.errorToast}${reason}` });
    } finally {
      running.current = undefined;
      setCancel(undefined);
      setBusy(false);
      setPhase(undefined);
    }
  }

  return { busy, phase, cancel, result, run };
}
