import { mupdfPool } from '../mupdf/pool.js';
import { optimizeLossless } from '../programs/qpdf.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import type { CropPagesPayload } from './crop-pages-task.js';
import type { PageLayoutTasks } from './page-layout-tasks.js';
import type { PlacePagesPayload } from './place-pages-task.js';

const pool = mupdfPool<PageLayoutTasks>();

/**
 * Places pages on new sheets in the MuPDF pool, then rewrites the result losslessly with qpdf (object streams,
 * streams compressed). Returns the output path.
 */
export async function placePagesOnSheets(
  payload: Omit<PlacePagesPayload, 'output'>,
  label: string,
  context: ToolContext,
): Promise<string> {
  const placed = tempPath(context, 'placed');
  await pool.run('place-pages', { ...payload, output: placed }, runOptions(context));
  const output = tempPath(context, label);
  await optimizeLossless(placed, output, context);
  return output;
}

/** Sets the pages' crop boxes in the MuPDF pool; the change is appended to the file. Returns the output path. */
export async function cropPageBoxes(payload: Omit<CropPagesPayload, 'output'>, context: ToolContext): Promise<string> {
  const output = tempPath(context, 'cropped-document');
  await pool.run('crop-pages', { ...payload, output }, runOptions(context));
  return output;
}

const runOptions = (context: ToolContext) => ({ signal: context.signal, timeoutMs: context.limits.jobTimeoutMs });
