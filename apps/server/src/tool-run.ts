import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ToolError } from '@paperknife/catalog/errors';
import type { Limits } from '@paperknife/catalog/limits';
import type { ToolEntry } from '@paperknife/catalog/tool-entry';
import { type ToolId, type ToolOptions, tools } from '@paperknife/catalog/tools';
import { type InputFile, type ToolProgress, type ToolResult, runTool } from '@paperknife/engine';
import { attachmentHeader } from './content-disposition.js';
import type { ServerMetrics } from './metrics.js';
import { type ReceivedRequest, receiveJson, receiveMultipart } from './receive-uploads.js';
import type { RequestFolder } from './temp-folders.js';

/** What the synchronous function routes and the job routes share: reading a tool request and running it. */

/** Streams a tool request's files into `folder`: multipart, or JSON with base64 files. */
export function receiveToolRequest(
  id: ToolId,
  request: FastifyRequest,
  folder: RequestFolder,
  limits: Limits,
): Promise<ReceivedRequest> {
  return folder.track(() =>
    request.isMultipart()
      ? receiveMultipart(request, folder.path, id, limits)
      : request.body === undefined || request.body === null
        ? Promise.reject(new ToolError('missing_file', tools[id].noFileDescription))
        : receiveJson(request.body, folder.path, id, limits),
  );
}

export interface ToolRunOptions {
  limits: Limits;
  metrics: ServerMetrics;
  /** Aborted when the work is no longer wanted (client gone, job cancelled). */
  signal: AbortSignal;
  /** The job API's progress listener; the synchronous API passes none. */
  progress?: (update: ToolProgress) => void;
  /** Queue slots the run holds: processes its engine may run at once. */
  cores: number;
}

/** Extra queue slots a run of this tool asks for: every other one, for engines that spread a run over cores. */
export function extraSlotsFor(id: ToolId, concurrency: number): number {
  const entry: ToolEntry = tools[id];
  return entry.usesSeveralCores ? concurrency - 1 : 0;
}

/**
 * Runs a tool in `folder` under the job time limit, which the tool may raise once it knows its work (OCR: pages).
 * The answer goes out at the time limit or on abort even if an engine is slow to stop; the folder waits for the
 * engine (it is tracked).
 */
export async function runWithinLimits<Id extends ToolId>(
  id: Id,
  files: InputFile[],
  options: ToolOptions<Id>,
  folder: RequestFolder,
  run: ToolRunOptions,
): Promise<ToolResult> {
  const { limits, metrics, progress, cores } = run;
  const timeout = new AbortController();
  const startedAt = Date.now();
  let limitMs = limits.jobTimeoutMs;
  const expire = () => timeout.abort(new ToolError('processing_timeout'));
  let timer = setTimeout(expire, limitMs);
  const extendTimeLimit = (totalMs: number) => {
    if (totalMs <= limitMs || timeout.signal.aborted) return;
    limitMs = totalMs;
    clearTimeout(timer);
    timer = setTimeout(expire, startedAt + limitMs - Date.now());
  };
  const signal = AbortSignal.any([run.signal, timeout.signal]);
  const stopTimer = metrics.durations.startTimer({ tool: id });
  const context = { workDir: folder.path, limits, signal, cores, extendTimeLimit, ...(progress ? { progress } : {}) };
  const work = folder.track(() => runTool(id, files, options, context));
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason instanceof ToolError ? signal.reason : new ToolError('processing_timeout'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
    stopTimer();
    work.catch(() => undefined);
    aborted.catch(() => undefined);
  }
}

/** Streams a tool's result file with its download name, type, size and the tool's own headers. */
export async function sendToolResult(reply: FastifyReply, result: ToolResult): Promise<FastifyReply> {
  const { size } = await stat(result.path);
  void reply
    .header('content-type', result.download.contentType)
    .header('content-disposition', attachmentHeader(result.download.name))
    .header('content-length', String(size))
    .header('cache-control', 'no-store');
  for (const [name, value] of Object.entries(result.headers ?? {})) void reply.header(name, value);
  // Read in pieces of up to 1 MB (not 64 KB): a large result reaches the socket in a few writes, not a hundred.
  const piece = Math.max(1, Math.min(size, RESULT_PIECE_BYTES));
  return reply.send(createReadStream(result.path, { highWaterMark: piece }));
}

const RESULT_PIECE_BYTES = 1024 * 1024;
