import { mupdfPool } from '../mupdf/pool.js';
import type { StampingTasks } from './stamping-tasks.js';
import type { StampTextPayload } from './stamp-text-task.js';
import { optimizeLossless } from '../programs/qpdf.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';

const pool = mupdfPool<StampingTasks>();

/** "#80a0ff" -> [0.5, 0.63, 1]. The catalogue has checked the format. */
export function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((c) => c / 255) as [number, number, number];
}

/**
 * Stamps text on pages in the MuPDF pool, then rewrites the result losslessly with qpdf (object streams, and a
 * file that passes qpdf --check), unless the stamps are an incremental update. Returns the output path.
 */
export async function stampPages(
  payload: Omit<StampTextPayload, 'output'>,
  label: string,
  context: ToolContext,
): Promise<string> {
  const stamped = tempPath(context, 'stamped');
  await pool.run(
    'stamp-text',
    { ...payload, output: stamped },
    { signal: context.signal, timeoutMs: context.limits.jobTimeoutMs },
  );
  // An incremental update stays one: qpdf's rewrite would break the signatures it keeps.
  if (payload.incremental) return stamped;
  const output = tempPath(context, label);
  await optimizeLossless(stamped, output, context);
  return output;
}
