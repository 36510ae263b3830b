import * as mupdf from 'mupdf';
import { ToolError } from '@paperknife/catalog/errors';
import type { ReportProgress, SendPart } from './task-table.js';

/**
 * A diagnostic task for the pool's own checks (tests, readiness): proves MuPDF loads in a worker, and can hold the
 * thread busy or fail on request so timeouts, termination and error passing can be exercised for real.
 */
export interface PoolProbePayload {
  /** Keep the thread busy (synchronously, as a stuck MuPDF call would) for this long. */
  busyMs?: number;
  /** Throw a ToolError with this code. */
  failWith?: 'damaged_pdf' | 'invalid_option';
  /** Throw a plain Error. */
  crash?: boolean;
  /** Report this many steps of progress before answering. */
  steps?: number;
  /** Send this many parts of the result (their numbers from 1) before answering. */
  parts?: number;
}

export interface PoolProbeResult {
  threadId: number;
  pageCount: number;
}

export async function poolProbe(
  payload: PoolProbePayload,
  report: ReportProgress,
  sendPart: SendPart,
): Promise<PoolProbeResult> {
  const { threadId } = await import('node:worker_threads');
  for (let step = 1; step <= (payload.steps ?? 0); step++)
    report({ stage: 'Probing', done: step, total: payload.steps });
  for (let part = 1; part <= (payload.parts ?? 0); part++) sendPart(part);
  if (payload.failWith) throw new ToolError(payload.failWith, 'Probe failure on request.');
  if (payload.crash) throw new Error('probe crash on request');
  const until = Date.now() + (payload.busyMs ?? 0);
  while (Date.now() < until) {
    // Busy on purpose: only terminating the worker can stop this.
  }
  const doc = new mupdf.PDFDocument();
  doc.insertPage(-1, doc.addPage([0, 0, 100, 100], 0, {}, ''));
  const pageCount = doc.countPages();
  doc.destroy();
  return { threadId, pageCount };
}
