import { ToolError } from '@paperknife/catalog/errors';
import { formatMegabytes } from '@paperknife/catalog/limits';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import { type ToolId, toolPaths, tools } from '@paperknife/catalog/tools';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { type ToolPhase, ToolRequestError, callTool, saveBlob } from '../../lib/api-client';
import { pickerAccept } from '../../lib/file-check';
import { formatBytes } from '../../lib/format-size';
import { takeHandedOverFiles } from '../../lib/pending-files';
import {
  type FormValues,
  actionDisabled,
  actionVisible,
  apiFields,
  initialFormValues,
  seedValidation,
  valuesAfterSuccess,
} from '../../lib/tool-form';
import { siteConfig } from '../../site-config';
import { Button } from '../ui/button';
import { type DropZoneTexts, DropZone } from './drop-zone';
import { FileRow } from './file-row';
import { MergeFileList } from './merge-file-list';
import { ToolOptions } from './tool-options';
import { useToolFiles } from './use-tool-files';

interface CompressOutcome {
  before: number;
  after: number;
}

/** The drop zone's words: the seed's for page numbers, the same pattern for every tool. */
function dropZoneTexts(id: ToolId): DropZoneTexts {
  const tool = tools[id];
  const kind = tool.input.label;
  const several = tool.files.max !== 1;
  const hintBase = tool.noFileDescription.replace(/^Please upload /, 'Upload ').replace(/\.$/, '');
  return {
    idle: several ? `Drag & drop ${kind} files` : `Drag & drop a ${kind} file`,
    dragging: several ? `Drop your ${kind} files here` : `Drop your ${kind} here`,
    hint: hintBase,
    limit: `Up to ${formatMegabytes(siteConfig.limits.maxFileBytes)} per file`,
  };
}

function phaseText(phase: ToolPhase | undefined): string {
  if (!phase) return '';
  if (phase.phase === 'uploading') return `Uploading ${phase.percent}%`;
  if (phase.phase === 'processing') return 'Processing on the server...';
  return 'Downloading the result...';
}

/**
 * A tool at work: drop zone, file rows, options and action, with the seed's states (section 4), validation
 * toasts (section 5) and success/error handling (section 8). Files leave the browser only when the action is
 * pressed.
 */
export function ToolWorkspace({ id }: { id: ToolId }) {
  const tool = tools[id];
  const files = useToolFiles(id);
  const [values, setValues] = useState<FormValues>(initialFormValues[id]);
  const [busy, setBusy] = useState(false);
  const [phase, setPhase] = useState<ToolPhase | undefined>();
  const [merged, setMerged] = useState(false);
  const [compressed, setCompressed] = useState<CompressOutcome | undefined>();

  const { add } = files;
  useEffect(() => {
    const handed = takeHandedOverFiles(toolPaths(id).canonical);
    if (handed) add(handed);
  }, [add, id]);

  const isMerge = id === 'merge-pdf';
  const ready = files.allReady && files.items.length >= tool.files.min;

  const onChange = (name: string, value: string | boolean) => setValues((current) => ({ ...current, [name]: value }));

  // The action shows only once enough files are ready, so there is no "no file" case to check here.
  async function run() {
    const problem = seedValidation(id, values);
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

    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const item of files.items) form.append(files.multiple ? 'files' : 'file', item.file, item.file.name);

    setBusy(true);
    setMerged(false);
    setCompressed(undefined);
    try {
      const response = await callTool(id, form, { onPhase: setPhase });
      saveBlob(response.blob, response.fileName ?? tool.download.name);
      toast.success('Success!', { description: tool.successToast });
      if (id === 'compress-pdf') {
        const before = Number(response.headers('X-Original-Size'));
        const after = Number(response.headers('X-Output-Size'));
        if (before > 0 && after > 0) setCompressed({ before, after });
      }
      files.clear();
      setValues((current) => valuesAfterSuccess(id, current));
      if (isMerge) setMerged(true);
    } catch (error) {
      console.error(error);
      const reason = error instanceof ToolRequestError ? ` ${error.message}` : '';
      toast.error('Error', { description: `${tool.errorToast}${reason}` });
    } finally {
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
        />
      ) : null}

      {isMerge && files.items.length > 0 ? (
        <MergeFileList items={files.items} disabled={busy} onRemove={files.remove} onMoveTo={files.moveTo} />
      ) : null}
      {!isMerge && single ? <FileRow item={single} onRemove={() => files.remove(single.id)} disabled={busy} /> : null}

      {isMerge && files.items.length === 1 && files.allReady ? (
        <p className="text-sm text-muted-foreground">Add at least one more PDF to merge.</p>
      ) : null}

      {ready ? (
        <div className="grid gap-6 rounded-xl border bg-card p-6 text-card-foreground">
          <ToolOptions id={id} values={values} onChange={onChange} />
          {actionVisible(id, values) ? (
            <Button
              size="lg"
              className="w-full sm:w-auto sm:justify-self-start"
              onClick={() => void run()}
              disabled={busy || actionDisabled(id, values)}
            >
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {busy ? tool.busyLabel : tool.actionLabel}
            </Button>
          ) : null}
          <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
            {phaseText(phase)}
          </p>
        </div>
      ) : null}

      {compressed ? <CompressSavings outcome={compressed} /> : null}
      {merged ? <MergeSuccess /> : null}
    </div>
  );
}

function CompressSavings({ outcome }: { outcome: CompressOutcome }) {
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
      {saved === 0 ? (
        <p className="text-sm text-muted-foreground sm:col-span-3">
          This PDF was already as small as this level can make it, so you got it back unchanged. Try a higher level.
        </p>
      ) : null}
    </section>
  );
}

function MergeSuccess() {
  const next = [
    { href: toolPaths('compress-pdf').canonical, label: 'Compress the merged PDF' },
    { href: toolPaths('page-numbers').canonical, label: 'Add page numbers' },
    { href: toolPaths('protect-pdf').canonical, label: 'Protect it with a password' },
  ];
  return (
    <section className="rounded-xl border border-success/40 bg-success/10 p-6" aria-labelledby="merge-success">
      <h2 id="merge-success" className="flex items-center gap-2 text-lg font-semibold">
        <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
        Your PDF has been merged successfully!
      </h2>
      <p className="mt-2 text-sm">The merged document has been downloaded to your device.</p>
      <h3 className="mt-4 text-sm font-semibold">Next steps</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {next.map((step) => (
          <li key={step.href}>
            <Link
              to={step.href}
              className="inline-block rounded-md border bg-background px-3 py-1.5 text-sm hover:bg-accent"
            >
              {step.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
