import { type PdfInputOptions, type PreparedPdf, preparePdfInput } from './pdf-input.js';
import { type Settled, settle } from '../jobs/settle.js';
import type { InputFile, ToolContext } from '../jobs/tool-runner.js';

export interface StepsBesidePreflight<T> {
  /** The tool's long step on the upload itself, started at once; `undefined` when it should wait for the preflight. */
  onUpload: ((context: ToolContext) => Promise<T>) | undefined;
  /** The same step on the preflight's file, when the upload's run was not started or does not count. */
  onPrepared: (input: PreparedPdf, context: ToolContext) => Promise<T>;
  /** The tool's own refusals of the preflight's file (e.g. its page limit), before either result is used. */
  accept?: (input: PreparedPdf) => void;
  preflight?: PdfInputOptions;
}

/**
 * Runs a tool's long step on the upload while the preflight (`qpdf --check`, seconds on a scan's JPEGs) checks it.
 * The upload's result counts only when the preflight hands back the upload itself; a file it refuses, decrypts or
 * repairs stops that run, and the step runs again on the preflight's file. Nothing started on the upload outlives
 * this call (docs/decisions/105, 114).
 */
export async function runBesidePreflight<T>(
  upload: InputFile,
  context: ToolContext,
  steps: StepsBesidePreflight<T>,
): Promise<{ input: PreparedPdf; outcome: Settled<T> }> {
  const early = new AbortController();
  const earlyContext: ToolContext = { ...context, signal: AbortSignal.any([context.signal, early.signal]) };
  const onUpload = steps.onUpload && settle(steps.onUpload(earlyContext));
  try {
    const checked = await settle(preparePdfInput(upload, context, steps.preflight));
    const asUploaded = onUpload !== undefined && checked.ok && checked.value.path === upload.path;
    if (!asUploaded) early.abort();
    if (!checked.ok) throw checked.error;
    const input = checked.value;
    steps.accept?.(input);
    if (asUploaded) return { input, outcome: await onUpload };
    await onUpload;
    return { input, outcome: await settle(steps.onPrepared(input, context)) };
  } finally {
    early.abort();
    await onUpload;
  }
}
