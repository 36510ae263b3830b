import type { ToolProgress } from '../jobs/tool-runner.js';

/**
 * What a MuPDF worker task is: a function of one payload that may report progress and send parts of its result.
 * Each family lists its tasks by name in a `TaskTable` (compress/compress-tasks.ts, ...); worker-tasks.ts joins them
 * into the table the worker runs, and the pool's `run` takes a table's type to check payloads and results.
 */

/** How a task tells the caller how far it has come; the pool hands it to the job's progress listener. */
export type ReportProgress = (update: ToolProgress) => void;

/**
 * How a task hands over part of its result while it still runs (Compress: each resampled image, which the main
 * thread encodes while the worker decodes the next); the pool hands it to the job's part listener.
 */
export type SendPart = (part: unknown) => void;

/**
 * Tasks by name. `payload: never` admits a task of any payload type (a parameter's type is checked the other way
 * round); the pool recovers each task's own payload and result types from the table with the helpers below.
 */
export type TaskTable = Readonly<
  Record<string, (payload: never, report: ReportProgress, sendPart: SendPart) => unknown>
>;

export type TaskName<Tasks extends TaskTable> = keyof Tasks & string;
export type TaskPayload<Task extends TaskTable[string]> = Parameters<Task>[0];
export type TaskResult<Task extends TaskTable[string]> = Awaited<ReturnType<Task>>;
