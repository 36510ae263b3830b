import type { GrayPrepareFacts, GrayPreparePayload, GrayPrepareResult } from './gray-prepare-task.js';
import type { GrayscaleTasks } from './grayscale-tasks.js';
import { type Settled, settle } from '../jobs/settle.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import { mupdfPool } from '../mupdf/pool.js';

const pool = mupdfPool<GrayscaleTasks>();

/**
 * The MuPDF step (gray-prepare-task.ts) on `input`, writing its changed copy to `output`. `onFacts` is told what
 * Ghostscript's start waits for as soon as MuPDF knows it, before the step's last check is done.
 */
function prepare(
  input: string,
  output: string,
  context: ToolContext,
  onFacts?: (facts: GrayPrepareFacts) => void,
): Promise<GrayPrepareResult> {
  // Only the step on the upload is told the facts early: it alone runs beside the clean-file check.
  const payload: GrayPreparePayload = { input, output, ...(onFacts ? { stopIfRepaired: true } : {}) };
  return pool.run('gray-prepare', payload, {
    signal: context.signal,
    timeoutMs: context.limits.jobTimeoutMs,
    ...(onFacts ? { onPart: (facts) => onFacts(facts as GrayPrepareFacts) } : {}),
  });
}

/** The MuPDF step on `input`, started: its changed copy, if it makes one, is `copy`. */
export interface Preparation {
  input: string;
  copy: string;
  result: Promise<Settled<GrayPrepareResult>>;
}

export function startedPreparation(input: string, context: ToolContext): Preparation {
  const copy = tempPath(context, 'gray-prepared');
  return { input, copy, result: settle(prepare(input, copy, context)) };
}

/** The MuPDF step on the upload, beside the clean-file check. */
export interface EarlyPreparation extends Preparation {
  /** The facts Ghostscript's start waits for, as soon as MuPDF knows them; undefined when the step failed first. */
  facts: Promise<GrayPrepareFacts | undefined>;
}

export function startedEarlyPreparation(upload: string, context: ToolContext): EarlyPreparation {
  const copy = tempPath(context, 'gray-prepared');
  let factsKnown!: (facts: GrayPrepareFacts | undefined) => void;
  const facts = new Promise<GrayPrepareFacts | undefined>((resolve) => {
    factsKnown = resolve;
  });
  const result = settle(prepare(upload, copy, context, factsKnown));
  // Told by the step's part, or else (the step failed first) by its end.
  void result.then((prepared) => factsKnown(prepared.ok ? prepared.value : undefined));
  return { input: upload, copy, facts, result };
}

/**
 * The MuPDF step's view of an upload that Ghostscript may convert as it is (or as MuPDF changed it), once the
 * clean-file check has passed: a page count within the limit. An encrypted one opens without a password (the
 * check's qpdf read it, decrypting): restrictions only, which Ghostscript reads the same way, and MuPDF's save keeps
 * the encryption; Ghostscript writes it unencrypted, as it would the preflight's decrypted copy. Anything else
 * (including too many pages, for the preflight's own refusal) goes the preflight's full way.
 */
export function isUsableUpload(facts: GrayPrepareFacts, context: ToolContext): boolean {
  return facts.pageCount > 0 && facts.pageCount <= context.limits.maxPages;
}
