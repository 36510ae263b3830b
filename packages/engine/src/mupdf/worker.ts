import { isWasmTrap } from './wasm-trap.js';
import type { MessagePort } from 'node:worker_threads';
import type { ToolProgress } from '../jobs/tool-runner.js';
import type { ReportProgress, SendPart, TaskTable } from './task-table.js';

/**
 * The MuPDF worker: runs one task of its table per job and reports how big its WASM heap has grown. MuPDF's WASM
 * heap only ever grows, so after a job that leaves it past a bound (or after a number of jobs) the worker hands its
 * answer over the job's own port and exits; the pool starts a fresh one. The thread starts at ../mupdf-worker.ts,
 * which serves the table of every family's tasks (../worker-tasks.ts) with `serveTasks`.
 */

/** Jobs one worker runs before it is replaced, so slow leaks (fonts, caches) cannot pile up. */
export const MAX_JOBS_PER_WORKER = 100;
/** WASM heap size past which a worker is replaced after its current job. See docs/decisions/020. */
export const MAX_WASM_HEAP_BYTES = 512 * 1024 * 1024;

export interface WorkerJob {
  task: string;
  payload: unknown;
  /** Where the answer goes when this worker exits after the job (piscina only learns that the worker left). */
  port: MessagePort;
  /** Test hook: recycle after this job whatever the bounds say. */
  forceRecycle?: boolean;
}

/**
 * `trapped`: the task ended in a WebAssembly trap (memory access out of bounds, unreachable): MuPDF's memory can no
 * longer be trusted, so the worker leaves after the job and the pool may run the task again on a fresh one.
 */
export type SerializedError = { code: string; message: string; toolError: boolean; stack?: string; trapped?: boolean };

export type WorkerAnswer =
  | { ok: true; result: unknown; heapBytes: number; jobs: number; recycled: boolean }
  | { ok: false; error: SerializedError; heapBytes: number; jobs: number; recycled: boolean };

// The mupdf module is loaded with this object as its Emscripten module, so its heap views can be measured. Task
// modules import mupdf too, so they are loaded after this file (see ../mupdf-worker.ts).
interface EmscriptenModule {
  HEAPU8?: Uint8Array;
}
const wasmModule: EmscriptenModule = {};
(globalThis as { $libmupdf_wasm_Module?: EmscriptenModule }).$libmupdf_wasm_Module = wasmModule;
await import('mupdf');

let jobs = 0;

/** Bytes of WASM linear memory this worker holds (it never shrinks). */
export function wasmHeapBytes(): number {
  return wasmModule.HEAPU8?.buffer.byteLength ?? process.memoryUsage().external;
}

function serializeError(error: unknown): SerializedError {
  // Duck-typed: the task may have loaded another copy of the catalogue module than this file.
  if (error instanceof Error && error.name === 'ToolError' && typeof (error as { code?: unknown }).code === 'string') {
    return { code: (error as Error & { code: string }).code, message: error.message, toolError: true };
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  const trapped = isWasmTrap(error);
  return {
    code: 'internal_error',
    message,
    toolError: false,
    ...(stack ? { stack } : {}),
    ...(trapped ? { trapped } : {}),
  };
}

/**
 * A progress report or a part of the result on a job's port, beside the answer a recycling worker posts there.
 */
export type PortMessage = { progress: ToolProgress } | { part: unknown };

/**
 * Calls a task of the table on a job's payload. The payload crossed the thread as a structured clone, so the
 * compiler cannot see its type here; the pool's typed `run` checked it against the same table at the call.
 */
type UntypedTask = (payload: unknown, report: ReportProgress, sendPart: SendPart) => unknown;

async function runTask(
  tasks: TaskTable,
  task: string,
  payload: unknown,
  report: ReportProgress,
  sendPart: SendPart,
): Promise<{ ok: true; result: unknown } | { ok: false; error: SerializedError }> {
  try {
    if (!Object.hasOwn(tasks, task)) throw new Error(`Unknown MuPDF task: ${JSON.stringify(task)}`);
    const run = tasks[task] as UntypedTask;
    return { ok: true, result: await run(payload, report, sendPart) };
  } catch (error) {
    return { ok: false, error: serializeError(error) };
  }
}

/** The worker's job handler (piscina's default export) for a table of tasks. */
export function serveTasks(tasks: TaskTable): (job: WorkerJob) => Promise<WorkerAnswer | undefined> {
  return async function runJob(job) {
    jobs += 1;
    const post = (message: PortMessage) => job.port.postMessage(message);
    const outcome = await runTask(
      tasks,
      job.task,
      job.payload,
      (progress) => post({ progress }),
      (part) => post({ part }),
    );
    const heapBytes = wasmHeapBytes();
    const trapped = !outcome.ok && outcome.error.trapped === true;
    const recycled =
      trapped || job.forceRecycle === true || jobs >= MAX_JOBS_PER_WORKER || heapBytes >= MAX_WASM_HEAP_BYTES;
    const answer: WorkerAnswer = { ...outcome, heapBytes, jobs, recycled };
    if (!recycled) {
      job.port.close();
      return answer;
    }
    // postMessage queues the answer at the receiving end at once, so it survives this thread's exit.
    job.port.postMessage(answer);
    job.port.close();
    process.exit(0);
  };
}
