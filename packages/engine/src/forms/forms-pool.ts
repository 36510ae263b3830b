import type { FormValues } from '@paperknife/catalog/pdf-form-fields';
import type { ToolContext } from '../jobs/tool-runner.js';
import { mupdfPool } from '../mupdf/pool.js';
import type { FormsTasks } from './forms-tasks.js';

const pool = mupdfPool<FormsTasks>();

/** The forms family's calls into the MuPDF worker pool, under the job's signal and time limit. */

export function fillFormCopies(
  input: string,
  rows: FormValues[],
  outputs: string[],
  flatten: boolean,
  context: ToolContext,
): Promise<void> {
  return pool.run(
    'fill-form',
    { input, rows, outputs, flatten },
    {
      signal: context.signal,
      timeoutMs: context.limits.jobTimeoutMs,
      ...(context.progress ? { progress: context.progress } : {}),
    },
  );
}

export function flattenPages(input: string, output: string, context: ToolContext): Promise<void> {
  return pool.run(
    'flatten-document',
    { input, output },
    { signal: context.signal, timeoutMs: context.limits.jobTimeoutMs },
  );
}
