import type { Limits } from '@paperknife/catalog/limits';
import type { Download, ToolId, ToolOptions } from '@paperknife/catalog/tools';

/** An uploaded file, already on disk in the job's private folder. `name` is the user's file name. */
export interface InputFile {
  path: string;
  name: string;
  size: number;
}

export interface ToolContext {
  /** The job's private folder: outputs and intermediates go here; the caller deletes it afterwards. */
  workDir: string;
  limits: Limits;
  /** Aborted when the client goes away or the job runs out of time; long work must stop promptly. */
  signal: AbortSignal;
  /**
   * Told how far a long job has come, for the job API's progress stream. Optional: the synchronous API passes
   * nothing, and a tool that has no natural steps never calls it.
   */
  progress?: (update: ToolProgress) => void;
  /**
   * Processes this job may run at once. The server lends a tool that can use several cores (OCR's page workers)
   * the queue's free slots, so all jobs together never run more processes than its concurrency. Unset (tests,
   * benchmarks, one job alone): one per core.
   */
  cores?: number;
  /**
   * Raises the job's time limit, counted from the job's start, to at least `totalMs`: for a tool whose time grows
   * with what it finds inside the file (OCR: pages). Unset where no outer limit applies.
   */
  extendTimeLimit?: (totalMs: number) => void;
}

/** One progress report: the stage in words a user understands ("Recognising text"), and page `done` of `total`. */
export interface ToolProgress {
  stage: string;
  done?: number;
  total?: number;
}

/** A finished job: one file inside `workDir`, and what to call it. */
export interface ToolResult {
  path: string;
  download: Download;
  /** Extra response headers, e.g. compress's X-Original-Size and X-Output-Size. */
  headers?: Record<string, string>;
}

export type ToolRunner<Id extends ToolId> = (
  files: readonly InputFile[],
  options: ToolOptions<Id>,
  context: ToolContext,
) => Promise<ToolResult>;
