import { errorCodes, isErrorCode } from '@paperknife/catalog/errors';
import { FUNCTIONS_PREFIX } from '@paperknife/catalog/http-api';
import type { ToolEntry } from '@paperknife/catalog/tool-entry';
import { type ToolId, tools } from '@paperknife/catalog/tools';
import {
  PUBLIC_CLIENT_TOKEN,
  type ServerProgress,
  type ToolPhase,
  ToolRequestError,
  type ToolResponse,
  cancelledError,
  errorFromResponse,
  postWork,
  requestBlob,
  toolResponseOf,
} from './api-client';

/**
 * The website's side of the job API (docs/decisions/120): upload with progress, follow the job's server-sent
 * events for its stage and pages, download the result once; an abort cancels the job on the server, which stops
 * its processes and deletes its files.
 */

/** What the server says about a job (the `Job` document of the OpenAPI description). */
export interface JobStatus extends ServerProgress {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  error?: { code: string; message: string };
  links: { self: string; events: string; result: string; cancel: string };
}

/** Whether a run of this tool on these bytes may take more than a few seconds (the catalogue says from when). */
export function runsAsJob(tool: Pick<ToolEntry, 'functionName' | 'longJobFromBytes'>, uploadBytes: number): boolean {
  return tool.longJobFromBytes !== undefined && uploadBytes >= tool.longJobFromBytes;
}

export function jobCreatePath(id: ToolId): string {
  return `${FUNCTIONS_PREFIX}/jobs/${tools[id].functionName}`;
}

/**
 * The server that ran the job is gone (it restarted or died: its jobs go with it, and the load balancer answers
 * for it, or nobody knows the id). Such a run is started once more by itself before this reaches the person.
 */
const jobLost = () => new ToolRequestError('job_lost', 'The server working on your file stopped. Please try again.', 0);

/** Statuses that mean the job's server no longer holds it: unknown id, or the balancer's 502/503/504 for it. */
const LOST_JOB_STATUSES: readonly number[] = [404, 502, 503, 504];

function lostJobAnswer(error: unknown): boolean {
  return error instanceof ToolRequestError && LOST_JOB_STATUSES.includes(error.status);
}

function failure(error: { code: string; message: string } | undefined): ToolRequestError {
  if (!error) return new ToolRequestError('internal_error', errorCodes.internal_error.message, 500);
  return new ToolRequestError(error.code, error.message, isErrorCode(error.code) ? errorCodes[error.code].status : 0);
}

function progressOf(job: JobStatus): ServerProgress {
  const { stage, done, total, percent } = job;
  return { stage, ...(total !== undefined ? { done, total, percent } : {}) };
}

/** Asks the server to stop a job and delete its files; the page does not wait for the answer. */
export function cancelJob(job: Pick<JobStatus, 'links'>): void {
  void fetch(job.links.cancel, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${PUBLIC_CLIENT_TOKEN}` },
    keepalive: true,
  }).catch(() => undefined);
}

async function currentStatus(job: JobStatus): Promise<JobStatus> {
  const response = await fetch(job.links.self, { headers: { Authorization: `Bearer ${PUBLIC_CLIENT_TOKEN}` } });
  if (!response.ok) throw await errorFromResponse(response.status, await response.blob());
  return (await response.json()) as JobStatus;
}

/** Resolves when the job is done; reports each status on the way; rejects with the job's error. */
function followJob(job: JobStatus, onProgress: (progress: ServerProgress) => void, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const source = new EventSource(job.links.events);
    const stop = () => {
      source.close();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      stop();
      reject(cancelledError());
    };
    const settle = (status: JobStatus) => {
      if (status.status === 'done') {
        stop();
        resolve();
      } else if (status.status === 'failed') {
        stop();
        reject(failure(status.error));
      } else if (status.status === 'cancelled') {
        stop();
        reject(new ToolRequestError('cancelled', 'The job was cancelled on the server.', 0));
      } else {
        onProgress(progressOf(status));
      }
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    source.addEventListener('status', (event) => settle(JSON.parse((event as MessageEvent<string>).data)));
    // A dropped connection is retried by the browser itself; a closed one is final: ask once how the job is.
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) return;
      stop();
      currentStatus(job).then(
        (status) => {
          if (status.status === 'queued' || status.status === 'running') {
            reject(new ToolRequestError('connection_lost', 'Lost the connection to the server. Try again.', 0));
          } else settle(status);
        },
        (error: unknown) => reject(lostJobAnswer(error) ? jobLost() : error),
      );
    };
  });
}

interface JobRunOptions {
  onPhase?: (phase: ToolPhase) => void;
  signal?: AbortSignal;
}

/**
 * Runs a tool as a job: upload (with progress), processing (stage, page i of n when the tool counts pages), then
 * the download. Aborting `signal` at any point stops it; once the job exists, the server is told to cancel it.
 * A job lost with its server is run once more from the upload; a second loss is the error "please try again".
 */
export async function runToolJob(id: ToolId, form: FormData, options: JobRunOptions = {}): Promise<ToolResponse> {
  try {
    return await runJobOnce(id, form, options);
  } catch (error) {
    if (options.signal?.aborted || !(error instanceof ToolRequestError) || error.code !== 'job_lost') throw error;
    return runJobOnce(id, form, options);
  }
}

async function runJobOnce(id: ToolId, form: FormData, options: JobRunOptions): Promise<ToolResponse> {
  const { onPhase, signal } = options;
  const created = await postWork(jobCreatePath(id), form, { onPhase, signal, reportsDownload: false });
  if (created.status !== 202 || !created.body) throw await errorFromResponse(created.status, created.body);
  const job = JSON.parse(await created.body.text()) as JobStatus;
  // A closed tab downloads nothing: its job goes at once rather than at its expiry.
  const onLeave = () => cancelJob(job);
  window.addEventListener('pagehide', onLeave);
  try {
    if (signal?.aborted) throw cancelledError();
    onPhase?.({ phase: 'processing', progress: progressOf(job) });
    await followJob(job, (progress) => onPhase?.({ phase: 'processing', progress }), signal);
    const answer = await requestBlob({
      method: 'GET',
      url: job.links.result,
      signal,
      onDownload: () => onPhase?.({ phase: 'downloading' }),
    });
    if (LOST_JOB_STATUSES.includes(answer.status)) throw jobLost();
    return await toolResponseOf(answer);
  } catch (error) {
    // A job taken for lost may still be held by a server that only answered badly: it must not run twice.
    if (signal?.aborted || (error instanceof ToolRequestError && error.code === 'job_lost')) cancelJob(job);
    throw error;
  } finally {
    window.removeEventListener('pagehide', onLeave);
  }
}
