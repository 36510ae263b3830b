import type { FormFieldList } from '@paperknife/catalog/pdf-form-fields';
import type { InputFile, ToolContext } from '../jobs/tool-runner.js';
import { mupdfPool } from '../mupdf/pool.js';
import { preparePdfInput } from '../preflight/pdf-input.js';
import type { FormsTasks } from './forms-tasks.js';

/**
 * The fields of an uploaded form, after the preflight every PDF tool runs (a password-protected PDF is refused):
 * the field-listing function's answer. A PDF without fields lists none.
 */
export async function listFormFieldsOf(file: InputFile, context: ToolContext): Promise<FormFieldList> {
  const input = await preparePdfInput(file, context);
  return mupdfPool<FormsTasks>().run(
    'list-form-fields',
    { input: input.path },
    { signal: context.signal, timeoutMs: context.limits.jobTimeoutMs },
  );
}
