import { recognisedPagesHeader, sizeHeaders } from '@paperknife/catalog/http-api';
import type { ToolId } from '@paperknife/catalog/tools';
import { Loader2 } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { toast } from '~/components/ui/toast';
import type { ToolPhase } from '~/features/tools/api/api-client';
import { pickerAccept } from '~/features/tools/utils/file-check';
import { formatBytes } from '~/lib/format-size';
import { type ToolInfo, pagePickingTools, toolInfo } from '~/lib/tool-info.prebuilt';
import { takeHandedOverFiles, takeStoredHandOver } from '~/features/tools/utils/pending-files';
import type { FormValues } from '~/features/tools/utils/tool-form';
import { siteConfig } from '~/site-config';
import { Button } from '~/components/ui/button';
import { pageExtrasOf } from '~/features/tools/tool-page-extras';
import { type DropZoneTexts, DropZone } from './drop-zone';
import { FileRow } from './file-row';
import { MergeFileList } from './merge-file-list';
import { useToolFiles } from '~/features/tools/hooks/use-tool-files';
import { LazyPagePicker, preloadPageView } from '~/features/tools/page-view/lazy';

interface SizeOutcome {
  before: number;
  after: number;
  /** Images the server resampled or re-encoded, when it says. */
  images?: number;
  /** The server could not make the file smaller and sent the upload back as it came. */
  unchanged: boolean;
}

const loadForm = () => import('./workspace-form');
type WorkspaceForm = Awaited<ReturnType<typeof loadForm>>;
/** The form's chunk once loaded: a workspace mounted after that (another tool) has it from the start. */
let loadedForm: WorkspaceForm | undefined;

/** Starts loading the form's chunk before a file comes (the visitor heads for the drop zone). */
export function preloadWorkspaceForm(): void {
  if (loadedForm) return;
  loadForm().then(
    (module) => (loadedForm = module),
    () => {}, // the workspace's own load, once a file comes, says so
  );
}

/**
 * The option form, checks and API calls (`workspace-form.ts`), loaded once `wanted` (a file was dropped) and
 * kept; undefined until then. `onLoad` runs once with the loaded chunk.
 */
function useWorkspaceForm(wanted: boolean, onLoad: (form: WorkspaceForm) => void): WorkspaceForm | undefined {
  const [form, setForm] = useState(loadedForm);
  const loaded = useRef(onLoad);
  loaded.current = onLoad;
  useEffect(() => {
    if (!wanted || form) return;
    let live = true;
    loadForm().then(
      (module) => {
        loadedForm = module;
        if (!live) return;
        loaded.current(module);
        setForm(module);
      },
      (error: unknown) => {
        console.error(error);
        if (live)
          toast.error('Error', { description: 'This tool could not be loaded. Reload the page and try again.' });
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, form]);
  return form;
}

/** The drop zone's words: the seed's for page numbers, the same pattern for every tool. */
function dropZoneTexts(id: ToolId): DropZoneTexts {
  const tool = toolInfo[id];
  const kind = tool.input.label;
  const several = tool.files.max !== 1;
  const hintBase = tool.noFileDescription.replace(/^Please upload /, 'Upload ').replace(/\.$/, '');
  return {
    idle: several ? `Drag & drop ${kind} files` : `Drag & drop a ${kind} file`,
    dragging: several ? `Drop your ${kind} files here` : `Drop your ${kind} here`,
    hint: hintBase,
    limit: `Up to ${siteConfig.maxFileSize} per file`,
  };
}

/** The status line: upload percent, then the server's stage (and page i of n when the tool counts pages). */
function phaseText(phase: ToolPhase | undefined): string {
  if (!phase) return '';
  if (phase.phase === 'uploading') return `Uploading ${phase.percent}%`;
  if (phase.phase === 'processing') {
    const progress = phase.progress;
    if (!progress) return 'Processing on the server...';
    if (progress.total === undefined) return `${progress.stage}...`;
    return `${progress.stage}: page ${progress.done ?? 0} of ${progress.total} (${progress.percent ?? 0}%)`;
  }
  return 'Downloading the result...';
}

/** Said when a run was cancelled: the server has stopped and deleted it, and the files stay on the page. */
const CANCELLED_TOAST = {
  title: 'Cancelled',
  description: 'Processing was stopped and the upload deleted from the server. Your file is still here.',
} as const;

/**
 * A tool at work: drop zone, file rows, options and action, with the seed's states (section 4), validation
 * toasts (section 5) and success/error handling (section 8). Files leave the browser only when the action is
 * pressed.
 */
export function ToolWorkspace({ id }: { id: ToolId }) {
  const tool: ToolInfo = toolInfo[id];
  const { AfterSuccess } = pageExtrasOf(id);
  const files = useToolFiles(id);
  // The form as the visitor set it; undefined until the form's chunk has come with its defaults.
  const [values, setValues] = useState<FormValues | undefined>(() => loadedForm?.initialFormValues(id));
  const form = useWorkspaceForm(files.items.length > 0, (loaded) =>
    setValues((current) => current ?? loaded.initialFormValues(id)),
  );
  const [busy, setBusy] = useState(false);
  const [phase, setPhase] = useState<ToolPhase | undefined>();
  // The run in progress, when it is a job that can be cancelled.
  const [cancelRun, setCancelRun] = useState<(() => void) | undefined>();
  const mounted = useRef(true);
  const running = useRef<AbortController | undefined>(undefined);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      running.current?.abort(); // leaving the page cancels a job nobody will download
    };
  }, []);
  const [succeeded, setSucceeded] = useState(false);
  const [sizes, setSizes] = useState<SizeOutcome | undefined>();
  /** Scanned pages whose text the server recognised (OCR) in the last run. */
  const [recognisedPages, setRecognisedPages] = useState(0);

  const { add } = files;
  useEffect(() => {
    const path = tool.paths.canonical;
    const handed = takeHandedOverFiles(path);
    if (handed) add(handed);
    // From a page without the React app the files come across a page load (decision 073).
    else void takeStoredHandOver(path).then((stored) => stored && add(stored));
  }, [add, tool]);

  // Several files: a list to order them; one file: its row.
  const ordered = tool.files.max !== 1;
  const reportsSizes = tool.responseHeaders?.some((header) => header.name === sizeHeaders.output.name) ?? false;
  const ready = files.allReady && files.items.length >= tool.files.min;
  // A page range the visitor can pick on thumbnails (rotate, extract, delete, split's ranges).
  const picksPages = pagePickingTools.includes(id);
  const pickControl = form?.formControls(id).find((control) => control.meta.pickPages);

  // pdf.js loads once a file is dropped, never before (decision 095), and opens a single dropped file while the
  // file is checked, not after.
  const showsPages = picksPages || ordered;
  const wantsPreviews = showsPages && files.items.length > 0;
  const fileToPick = picksPages && !files.multiple ? files.items[0]?.file : undefined;
  useEffect(() => {
    if (wantsPreviews) preloadPageView(fileToPick);
  }, [wantsPreviews, fileToPick]);

  const onChange = (name: string, value: string | boolean) =>
    setValues((current) => current && { ...current, [name]: value });

  // The action shows only once enough files are ready and the form has come, so there is no "no file" case here.
  async function run(form: WorkspaceForm, values: FormValues) {
    const { ToolError, ToolRequestError, apiFields, checkBeforeSend, parseToolOptions, runsAsJob } = form;
    const problem = checkBeforeSend(id, values);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    const fields = apiFields(id, values);
    try {
      parseToolOptions(id, fields);
    } catch (error) {
      if (error instanceof ToolError) {
        toast.error('Check the options', { description: error.message });
        return;
      }
      throw error;
    }

    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (const item of files.items) body.append(files.multiple ? 'files' : 'file', item.file, item.file.name);

    const uploadBytes = files.items.reduce((sum, item) => sum + item.file.size, 0);
    const asJob = runsAsJob(tool, uploadBytes);
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    setSucceeded(false);
    setSizes(undefined);
    setRecognisedPages(0);
    if (asJob) setCancelRun(() => () => controller.abort());
    try {
      const call = asJob ? form.runToolJob : form.callTool;
      const response = await call(id, body, { onPhase: setPhase, signal: controller.signal });
      form.saveBlob(response.blob, response.fileName ?? tool.download.name);
      toast.success('Success!', { description: tool.successToast });
      setRecognisedPages(Number(response.headers(recognisedPagesHeader.name) ?? 0) || 0);
      if (reportsSizes) {
        const before = Number(response.headers(sizeHeaders.original.name));
        const after = Number(response.headers(sizeHeaders.output.name));
        const images = response.headers(sizeHeaders.imagesRecompressed.name);
        const unchanged = response.headers(sizeHeaders.result.name) === 'unchanged' || before === after;
        if (before > 0 && after > 0)
          setSizes({ before, after, unchanged, ...(images ? { images: Number(images) } : {}) });
      }
      files.clear();
      setValues((current) => current && form.valuesAfterSuccess(id, current));
      setSucceeded(true);
    } catch (error) {
      if (controller.signal.aborted) {
        if (mounted.current) toast.success(CANCELLED_TOAST.title, { description: CANCELLED_TOAST.description });
        return;
      }
      console.error(error);
      const reason = error instanceof ToolRequestError ? ` ${error.message}` : '';
      toast.error('Error', { description: `${tool.errorToast}${reason}` });
    } finally {
      running.current = undefined;
      setCancelRun(undefined);
      setBusy(false);
      setPhase(undefined);
    }
  }

  const single = files.items[0];
  return (
    <div className="grid gap-6">
      {files.multiple || files.items.length === 0 ? (
        <DropZone
          texts={dropZoneTexts(id)}
          accept={pickerAccept(tool.input)}
          multiple={files.multiple}
          onFiles={files.add}
          onApproach={preloadWorkspaceForm}
        />
      ) : null}

      {ordered && files.items.length > 0 ? (
        <MergeFileList items={files.items} disabled={busy} onRemove={files.remove} onMoveTo={files.moveTo} />
      ) : null}
      {!ordered && single ? <FileRow item={single} onRemove={() => files.remove(single.id)} disabled={busy} /> : null}

      {tool.moreFilesHint && files.items.length > 0 && files.items.length < tool.files.min && files.allReady ? (
        <p className="text-sm text-muted-foreground">{tool.moreFilesHint}</p>
      ) : null}

      {ready && form && values ? (
        <div className="grid gap-6 rounded-xl border bg-card p-6 text-card-foreground">
          <form.ToolOptions
            id={id}
            values={values}
            onChange={onChange}
            file={files.multiple ? undefined : single?.file}
          />
          {pickControl && single && !files.multiple ? (
            <Suspense fallback={null}>
              <LazyPagePicker file={single.file} control={pickControl} values={values} onChange={onChange} />
            </Suspense>
          ) : null}
          {form.actionVisible(id, values) ? (
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button
                size="lg"
                className="w-full sm:w-auto"
                onClick={() => void run(form, values)}
                disabled={busy || form.actionDisabled(id, values)}
              >
                {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {busy ? tool.busyLabel : tool.actionLabel}
              </Button>
              {cancelRun ? (
                <Button size="lg" variant="outline" className="w-full sm:w-auto" onClick={cancelRun}>
                  Cancel
                </Button>
              ) : null}
            </div>
          ) : null}
          <p className="text-sm text-muted-foreground" role="status" aria-live="polite" data-testid="run-status">
            {phaseText(phase)}
          </p>
          {phase?.phase === 'processing' && phase.progress?.percent !== undefined ? (
            <ProcessingBar percent={phase.progress.percent} />
          ) : null}
        </div>
      ) : null}

      {sizes ? <SizeSavings outcome={sizes} /> : null}
      {recognisedPages > 0 ? (
        <p role="status" className="rounded-xl border bg-card p-4 text-sm" data-testid="recognised-pages">
          This PDF looks scanned: the text of {recognisedPages} {recognisedPages === 1 ? 'page was' : 'pages were'}{' '}
          recognised (OCR). Check names and numbers, since recognition is only as good as the scan.
        </p>
      ) : null}
      {succeeded && AfterSuccess ? <AfterSuccess /> : null}
    </div>
  );
}

/** The share of a job's pages done, as the server counts them (never estimated). */
function ProcessingBar({ percent }: { percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label="Processing"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The sizes before and after, from the answer's size headers (compress). */
function SizeSavings({ outcome }: { outcome: SizeOutcome }) {
  const saved = Math.max(0, Math.round((1 - outcome.after / outcome.before) * 1000) / 10);
  return (
    <section aria-label="Compression result" className="grid gap-2 rounded-xl border bg-card p-6 sm:grid-cols-3">
      <p>
        <span className="block text-sm text-muted-foreground">Before</span>
        <span className="text-2xl font-semibold" data-testid="size-before">
          {formatBytes(outcome.before)}
        </span>
      </p>
      <p>
        <span className="block text-sm text-muted-foreground">After</span>
        <span className="text-2xl font-semibold" data-testid="size-after">
          {formatBytes(outcome.after)}
        </span>
      </p>
      <p>
        <span className="block text-sm text-muted-foreground">Saved</span>
        <span className="text-2xl font-semibold text-success" data-testid="size-saved">
          {saved}%
        </span>
      </p>
      {outcome.unchanged ? (
        <p className="text-sm text-muted-foreground sm:col-span-3">
          This PDF was already as small as this level can make it, so you got it back unchanged. Try a higher level.
        </p>
      ) : outcome.images !== undefined ? (
        <p className="text-sm text-muted-foreground sm:col-span-3" data-testid="images-recompressed">
          {outcome.images === 0
            ? 'No image needed resampling: the saving comes from the rest of the file.'
            : `${outcome.images} ${outcome.images === 1 ? 'image' : 'images'} resampled or re-encoded.`}
        </p>
      ) : null}
    </section>
  );
}
