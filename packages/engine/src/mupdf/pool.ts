import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, type TransferListItem, receiveMessageOnPort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ToolError, isErrorCode } from '@paperknife/catalog/errors';
import { abortError } from '../programs/run-process.js';
import type { ToolProgress } from '../jobs/tool-runner.js';
import type { PoolTasks } from './pool-tasks.js';
import type { TaskName, TaskPayload, TaskResult, TaskTable } from './task-table.js';
import type { PortMessage, WorkerAnswer, WorkerJob } from './worker.js';
import { isWasmTrap } from './wasm-trap.js';

/**
 * The pool of MuPDF worker threads. MuPDF calls are synchronous and its WASM heap never shrinks, so PDF content
 * work runs here, never on the event loop, in workers that are replaced once they have grown (see worker.ts).
 */

/** Most MuPDF workers at once: one per core, and no more than this (each may hold a heap of hundreds of MB). */
export const MAX_MUPDF_THREADS = 2;
/**
 * A worker without a job for this long ends, handing its heap back; none is kept warm (docs/decisions/025): a fresh
 * one costs ~55 MB idle and starts in 0.3-1 s, paid only by the first MuPDF job after a quiet spell.
 */
export const MUPDF_IDLE_TIMEOUT_MS = 20_000;
let idleTimeoutMs = MUPDF_IDLE_TIMEOUT_MS;

export interface MupdfTaskOptions {
  signal: AbortSignal;
  /** Counted from the call, queue time included: the caller's job has one time budget. */
  timeoutMs: number;
  transferList?: TransferListItem[];
  /** Test hook: replace the worker after this job. */
  forceRecycle?: boolean;
  /** Receives the task's progress reports (page i of n), for the job API. */
  progress?: (update: ToolProgress) => void;
  /** Receives the parts of its result the task sends while it runs, in order, all before the call resolves. */
  onPart?: (part: unknown) => void;
}

export interface MupdfPoolStats {
  threads: number;
  /** Jobs running in a worker now. */
  active: number;
  /** Jobs waiting for a worker. */
  queued: number;
  completed: number;
  /** Workers replaced because of their heap or job count. */
  recycled: number;
  /** Workers ended because a job ran out of time or was cancelled. */
  terminated: number;
  /** Tasks run again on a fresh worker after a WebAssembly trap. */
  trapRetries: number;
}

let pool: Piscina | undefined;
let inFlight = 0;
let recycled = 0;
let terminated = 0;
let trapRetries = 0;

/**
 * A worker built elsewhere to run instead of the engine's own: test runs build one from the sources once (see
 * testing/mupdf-worker-build.ts and docs/decisions/060), so no thread has to compile TypeScript.
 */
export const BUILT_WORKER_VARIABLE = 'PAPERKNIFE_MUPDF_WORKER';

function workerLocation(): { filename: string; execArgv: string[] } {
  const built = process.env[BUILT_WORKER_VARIABLE];
  if (built) return { filename: built, execArgv: [] };
  // The thread's entry is ../mupdf-worker.ts: it serves the table of every family's tasks, which this folder does not
  // import. Worker threads cannot load TypeScript: from sources (tests, dev) a bootstrap registers tsx first.
  if (import.meta.url.endsWith('.ts')) {
    return {
      filename: fileURLToPath(new URL('../mupdf-worker-from-source.mjs', import.meta.url)),
      execArgv: ['--conditions=source'],
    };
  }
  return { filename: fileURLToPath(new URL('../mupdf-worker.js', import.meta.url)), execArgv: [] };
}

function getPool(): Piscina {
  if (!pool) {
    const { filename, execArgv } = workerLocation();
    const maxThreads = Math.max(1, Math.min(availableParallelism(), MAX_MUPDF_THREADS));
    pool = new Piscina({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads,
      idleTimeout: idleTimeoutMs,
      concurrentTasksPerWorker: 1,
    });
  }
  return pool;
}

function toError(task: string, answer: Extract<WorkerAnswer, { ok: false }>): Error {
  const { error } = answer;
  if (error.toolError && isErrorCode(error.code)) return new ToolError(error.code, error.message);
  const failure = new Error(`MuPDF task ${task} failed: ${error.message}`);
  if (error.stack) failure.stack = `${failure.message}\n--- in the worker ---\n${error.stack}`;
  return failure;
}

type PortListeners = Pick<MupdfTaskOptions, 'progress' | 'onPart'>;

/** Hands a progress report or a part to its listener; answers the message when it is a worker's answer. */
function deliver(message: WorkerAnswer | PortMessage, listeners: PortListeners): WorkerAnswer | undefined {
  if ('progress' in message) listeners.progress?.(message.progress);
  else if ('part' in message) listeners.onPart?.(message.part);
  else return message;
  return undefined;
}

/**
 * Takes what is still queued on a job's port: progress reports and parts go to their listeners (they may arrive
 * after the run has settled), and the answer of a worker that exited after the job is returned.
 */
function drainPort(port: MessagePort, listeners: PortListeners): WorkerAnswer | undefined {
  let answer: WorkerAnswer | undefined;
  for (let queued = receiveMessageOnPort(port); queued; queued = receiveMessageOnPort(port)) {
    answer = deliver(queued.message as WorkerAnswer | PortMessage, listeners) ?? answer;
  }
  return answer;
}

/**
 * The pool seen through a table of tasks: `run` checks a task's payload and types its result from the table.
 * Each family types its calls with its own table (`mupdfPool<CompressTasks>()`); the worker runs them all.
 */
export interface MupdfPool<Tasks extends TaskTable> {
  /**
   * Runs `task` in a worker with `payload` and resolves with what it returns. A job past `timeoutMs`, or whose
   * `signal` aborts, has its worker terminated and rejects with `processing_timeout` (or the signal's ToolError).
   * ToolErrors thrown by the task arrive with their code and message.
   */
  run<Name extends TaskName<Tasks>>(
    task: Name,
    payload: TaskPayload<Tasks[Name]>,
    options: MupdfTaskOptions,
  ): Promise<TaskResult<Tasks[Name]>>;
}

export function mupdfPool<Tasks extends TaskTable>(): MupdfPool<Tasks> {
  return {
    async run(task, payload, options) {
      // The answer crossed the thread as a structured clone: the worker ran `Tasks[task]` on this payload, so its
      // result has that task's type, which the compiler cannot follow through the thread.
      return (await runTask(task, payload, options)) as TaskResult<Tasks[typeof task]>;
    },
  };
}

/**
 * Runs a task; one that ended in a WebAssembly trap (its worker has left) runs once more on a fresh worker, unless
 * parts of its result were already handed on or its payload's buffers were transferred away.
 */
async function runTask(task: string, payload: unknown, options: MupdfTaskOptions): Promise<unknown> {
  let partsSent = false;
  const onPart = options.onPart;
  const watched: MupdfTaskOptions = onPart
    ? {
        ...options,
        onPart: (part) => {
          partsSent = true;
          onPart(part);
        },
      }
    : options;
  const answer = await runTaskOnce(task, payload, watched);
  const retry = !answer.ok && answer.error.trapped && !partsSent && !options.transferList?.length;
  if (!retry) return settle(task, answer);
  trapRetries += 1;
  return settle(task, await runTaskOnce(task, payload, options));
}

function settle(task: string, answer: WorkerAnswer): unknown {
  if (!answer.ok) throw toError(task, answer);
  return answer.result;
}

async function runTaskOnce(task: string, payload: unknown, options: MupdfTaskOptions): Promise<WorkerAnswer> {
  if (options.signal.aborted) throw abortError(options.signal);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout]);
  const { port1, port2 } = new MessageChannel();
  const job: WorkerJob = { task, payload, port: port2, ...(options.forceRecycle ? { forceRecycle: true } : {}) };
  inFlight += 1;
  let answer: WorkerAnswer | undefined;
  // The port carries progress reports, parts of the result, and the answer of a worker that exits after the job.
  let portAnswer: WorkerAnswer | undefined;
  const listeners: PortListeners = { progress: options.progress, onPart: options.onPart };
  if (listeners.progress || listeners.onPart) {
    port1.on('message', (message: WorkerAnswer | PortMessage) => {
      portAnswer = deliver(message, listeners) ?? portAnswer;
    });
  }
  try {
    answer = (await getPool().run(job, {
      signal,
      transferList: [port2, ...(options.transferList ?? [])],
    })) as WorkerAnswer;
  } catch (error) {
    // A worker that recycles itself leaves after posting its answer on the job's port.
    answer = portAnswer ?? drainPort(port1, listeners);
    // A trap outside the task (a finalizer of MuPDF's objects running between its awaits) ends the worker itself.
    if (!answer && isWasmTrap(error)) {
      const message = (error as Error).message;
      answer = {
        ok: false,
        error: { code: 'internal_error', message, toolError: false, trapped: true },
        heapBytes: 0,
        jobs: 0,
        recycled: true,
      };
    }
    if (!answer) {
      if (signal.aborted) {
        terminated += 1;
        throw options.signal.aborted ? abortError(options.signal) : new ToolError('processing_timeout');
      }
      throw error;
    }
  } finally {
    inFlight -= 1;
    drainPort(port1, listeners); // reports and parts still queued behind the answer
    port1.close();
  }
  if (answer.recycled) recycled += 1;
  return answer;
}

/** Starts a worker and loads MuPDF in it, as a running server has it (the benchmarks warm up with this). */
export async function warmMupdfPool(timeoutMs = 30_000): Promise<void> {
  await mupdfPool<PoolTasks>().run('pool-probe', {}, { signal: new AbortController().signal, timeoutMs });
}

export function mupdfPoolStats(): MupdfPoolStats {
  const queued = pool?.queueSize ?? 0;
  return {
    threads: pool?.threads.length ?? 0,
    active: Math.max(0, inFlight - queued),
    queued,
    completed: pool?.completed ?? 0,
    recycled,
    terminated,
    trapRetries,
  };
}

/**
 * How long a worker may wait for a job before it ends (tests shorten it). Takes effect for the pool the next task
 * starts: call it while no pool runs, before the first task or after closeMupdfPool().
 */
export function setMupdfIdleTimeout(ms: number): void {
  idleTimeoutMs = ms;
}

/** Lets running jobs finish, then ends every worker. The next task starts a new pool. */
export async function closeMupdfPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
