import { randomBytes } from 'node:crypto';
import { FUNCTIONS_PREFIX } from '@paperknife/catalog/http-api';
import { TEMP_SWEEP_AGE_MINUTES } from '@paperknife/catalog/limits';
import { type ToolId, tools } from '@paperknife/catalog/tools';
import type { ToolProgress, ToolResult } from '@paperknife/engine';
import { type ApiErrorBody, toApiError } from './api-errors.js';
import type { RequestFolder } from './temp-folders.js';

/**
 * The jobs of the asynchronous API, held in memory by the replica that runs them (docs/decisions/120). A job owns
 * its request folder from upload to the end: the files go on download, cancel, failure, or at the latest
 * `expiryMs` after the job ended; the small record without files stays until then, so late questions get a
 * precise answer ("downloaded already", "cancelled") rather than "unknown".
 */

export const jobStates = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof jobStates)[number];

/** How long a finished job's result waits for its download: the privacy promise's minutes, as the temp sweeper's. */
export const JOB_EXPIRY_MS = TEMP_SWEEP_AGE_MINUTES * 60 * 1000;

/** Progress reports closer together than this are sent as one (the latest): a page per event is plenty. */
const PROGRESS_INTERVAL_MS = 100;

/** Stage words shown while no tool has said more. */
export const jobStages = {
  queued: 'Waiting for a free slot',
  running: 'Processing',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
} as const satisfies Record<JobState, string>;

/** The status document: what `GET /jobs/{id}` answers and each server-sent event carries. */
export interface JobView {
  id: string;
  function: string;
  status: JobState;
  stage: string;
  /** Steps (usually pages) done of `total`, when the tool counts them. */
  done?: number;
  total?: number;
  /** Only when the tool counts its steps: never a guess. */
  percent?: number;
  /** Failed jobs: the same code and message the synchronous API answers with. */
  error?: ApiErrorBody['error'];
  /** Done jobs: whether the one download has been taken. */
  downloaded?: boolean;
  /** Ended jobs: when the record (and any result not yet downloaded) is deleted. */
  expiresAt?: string;
  links: { self: string; events: string; result: string; cancel: string };
}

/** Letters, digits and hyphens: a tag a load balancer can read off the path and route on. */
const REPLICA_TAG = /^[A-Za-z0-9-]{1,32}$/;
/** `<replica>.<22 base64url characters>`: 128 random bits after the tag. */
const JOB_ID = /^[A-Za-z0-9-]{1,32}\.[A-Za-z0-9_-]{22}$/;

export function isJobId(value: string): boolean {
  return JOB_ID.test(value);
}

/** The replica tag of a job id: what a load balancer routes on. */
export function replicaOf(jobId: string): string | undefined {
  return isJobId(jobId) ? jobId.slice(0, jobId.indexOf('.')) : undefined;
}

type Listener = (view: JobView) => void;

export class Job {
  status: JobState = 'queued';
  stage: string = jobStages.queued;
  done: number | undefined;
  total: number | undefined;
  /** Failed jobs: the answer the result route gives, as the synchronous API would have. */
  failure: { status: number; body: ApiErrorBody } | undefined;
  result: ToolResult | undefined;
  downloaded = false;
  endedAt: number | undefined;
  /** Aborted on cancel and on shutdown: the engine stops and kills its child processes. */
  readonly controller = new AbortController();
  readonly listeners = new Set<Listener>();
  expiry: NodeJS.Timeout | undefined;
  lastProgressAt = 0;
  pendingProgress: NodeJS.Timeout | undefined;

  constructor(
    readonly id: string,
    readonly tool: ToolId,
    readonly folder: RequestFolder,
    private readonly expiryMs: number,
  ) {}

  get ended(): boolean {
    return this.status === 'done' || this.status === 'failed' || this.status === 'cancelled';
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  view(): JobView {
    const base = `${FUNCTIONS_PREFIX}/jobs/${this.id}`;
    const view: JobView = {
      id: this.id,
      function: tools[this.tool].functionName,
      status: this.status,
      stage: this.stage,
      links: { self: base, events: `${base}/events`, result: `${base}/result`, cancel: base },
    };
    if (this.total !== undefined && this.total > 0) {
      const done = Math.min(this.done ?? 0, this.total);
      Object.assign(view, { done, total: this.total, percent: Math.floor((done / this.total) * 100) });
    }
    if (this.failure) view.error = this.failure.body.error;
    if (this.status === 'done') view.downloaded = this.downloaded;
    if (this.endedAt !== undefined) view.expiresAt = new Date(this.endedAt + this.expiryMs).toISOString();
    return view;
  }
}

export class JobStore {
  private readonly jobs = new Map<string, Job>();

  constructor(
    readonly replicaId: string,
    private readonly expiryMs = JOB_EXPIRY_MS,
  ) {
    if (!REPLICA_TAG.test(replicaId)) throw new Error(`replica id "${replicaId}" cannot be part of a job id`);
  }

  /** Jobs held: running, waiting, or ended and not yet expired. */
  get size(): number {
    return this.jobs.size;
  }

  /** Jobs that hold files: waiting, running, or done and not yet downloaded. */
  get holdingFiles(): number {
    let count = 0;
    for (const job of this.jobs.values()) if (!job.ended || (job.status === 'done' && !job.downloaded)) count++;
    return count;
  }

  create(tool: ToolId, folder: RequestFolder): Job {
    const id = `${this.replicaId}.${randomBytes(16).toString('base64url')}`;
    const job = new Job(id, tool, folder, this.expiryMs);
    this.jobs.set(id, job);
    return job;
  }

  get(id: string): Job | undefined {
    return isJobId(id) ? this.jobs.get(id) : undefined;
  }

  /** Hears every change of the job; returns the function that stops listening. */
  subscribe(job: Job, listener: Listener): () => void {
    job.listeners.add(listener);
    return () => {
      job.listeners.delete(listener);
    };
  }

  /** The job got its slot in the queue. */
  start(job: Job): void {
    if (job.ended) return;
    job.status = 'running';
    job.stage = jobStages.running;
    this.publish(job);
  }

  /** A tool's progress report; ignored once the job has ended (an engine may report while it is being stopped). */
  progress(job: Job, update: ToolProgress): void {
    if (job.status !== 'running') return;
    const stageChanged = update.stage !== job.stage;
    job.stage = update.stage;
    job.done = update.done;
    job.total = update.total;
    const wait = job.lastProgressAt + PROGRESS_INTERVAL_MS - Date.now();
    if (stageChanged || wait <= 0) {
      this.publishProgress(job);
    } else {
      job.pendingProgress ??= setTimeout(() => this.publishProgress(job), wait);
    }
  }

  private publishProgress(job: Job): void {
    clearTimeout(job.pendingProgress);
    job.pendingProgress = undefined;
    if (job.status !== 'running') return;
    job.lastProgressAt = Date.now();
    this.publish(job);
  }

  succeed(job: Job, result: ToolResult): void {
    if (job.ended) return;
    job.result = result;
    this.end(job, 'done');
  }

  /** The job failed: its files go now, its error stays readable until expiry. */
  fail(job: Job, error: unknown): void {
    if (job.ended) return;
    const { status, body } = toApiError(error);
    job.failure = { status, body };
    this.end(job, 'failed');
    job.folder.release();
  }

  /**
   * Stops the job and deletes its files: a running engine is aborted (its child processes are killed) and the
   * folder goes as soon as the engine has let go of it. A result not yet downloaded is thrown away; a job that
   * failed, or whose result was downloaded, keeps its state.
   */
  cancel(job: Job): void {
    if (!job.ended) {
      this.end(job, 'cancelled');
      job.controller.abort(new Error('The job was cancelled.'));
    } else if (job.status === 'done' && !job.downloaded) {
      job.status = 'cancelled';
      job.stage = jobStages.cancelled;
      job.result = undefined;
      this.publish(job);
    }
    job.folder.release();
  }

  /** Takes the one download of a done job; undefined when it is not there to take. */
  takeResult(job: Job): ToolResult | undefined {
    if (job.status !== 'done' || job.downloaded || !job.result) return undefined;
    job.downloaded = true;
    this.publish(job);
    return job.result;
  }

  /** Deletes a job now: its files and its record. */
  expire(job: Job): void {
    clearTimeout(job.expiry);
    if (!job.ended) job.controller.abort(new Error('The job expired.'));
    job.folder.release();
    job.listeners.clear();
    this.jobs.delete(job.id);
  }

  /** Shutdown: every job is stopped and its files go. */
  close(): void {
    for (const job of [...this.jobs.values()]) {
      this.cancel(job);
      this.expire(job);
    }
  }

  private end(job: Job, status: 'done' | 'failed' | 'cancelled'): void {
    clearTimeout(job.pendingProgress);
    job.status = status;
    job.stage = jobStages[status];
    job.endedAt = Date.now();
    job.expiry = setTimeout(() => this.expire(job), this.expiryMs);
    job.expiry.unref();
    this.publish(job);
  }

  private publish(job: Job): void {
    const view = job.view();
    for (const listener of job.listeners) listener(view);
  }
}
