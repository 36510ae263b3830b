import { ToolError } from '@paperknife/catalog/errors';
import { mupdfPool } from '../mupdf/pool.js';
import type { PreflightTasks } from './preflight-tasks.js';
import type { RepairPdfPayload } from './repair-pdf-task.js';
import type { ToolContext } from '../jobs/tool-runner.js';

const pool = mupdfPool<PreflightTasks>();

/**
 * Rewrites a damaged PDF with MuPDF (the `rebuild-damaged-pdf` task): it reads broken streams and content
 * leniently, and `sanitize` rewrites every content stream from what it understood, which fixes files whose content
 * qpdf can only copy as it is. Repair PDF uses it too, as one of its three engines.
 *
 * It runs in the MuPDF pool with the job's time limit, which terminates a worker a hostile file holds (MuPDF's
 * calls are synchronous); a worker whose heap the file grew past the pool's bound is replaced after it, as after any
 * task (decision 020). A child Node process did the same at the cost of starting Node and loading MuPDF for every
 * repair (about 0.3 s of CPU); replacing the worker after every repair cost the next step as much.
 */
export async function repairWithMupdf(input: string, output: string, context: ToolContext): Promise<void> {
  const payload: RepairPdfPayload = { input, output };
  try {
    await pool.run('rebuild-damaged-pdf', payload, {
      signal: context.signal,
      timeoutMs: context.limits.jobTimeoutMs,
    });
  } catch (error) {
    // Timeouts, cancellations and the task's own refusal keep their codes; anything MuPDF throws means damaged.
    if (error instanceof ToolError) throw error;
    throw new ToolError('damaged_pdf', undefined, { cause: error });
  }
}
