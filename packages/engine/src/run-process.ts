import { spawn } from 'node:child_process';
import { ToolError } from '@paperknife/catalog/errors';

export interface ProcessOptions {
  cwd: string;
  signal: AbortSignal;
  timeoutMs: number;
  /** Exit codes that count as success (qpdf uses 3 for "succeeded with warnings"). */
  okCodes?: readonly number[];
  env?: NodeJS.ProcessEnv;
  /** Told each piece of standard error as it arrives (OCRmyPDF's per-page log, for progress). */
  onStderr?: (chunk: string) => void;
}

export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

const OUTPUT_LIMIT = 64 * 1024;

/** Thrown when a program exits with a code not in `okCodes`. Holds engine output: never show it to users. */
export class ProcessFailure extends Error {
  constructor(
    readonly command: string,
    readonly code: number,
    readonly stderr: string,
    readonly stdout: string,
  ) {
    super(`${command} exited with ${code}`);
    this.name = 'ProcessFailure';
  }
}

/**
 * Runs a program with an argument array (never a shell), a time limit and the job's abort signal.
 * The whole process group is killed on timeout or abort, so no child outlives its job.
 */
export function runProcess(command: string, args: readonly string[], options: ProcessOptions): Promise<ProcessResult> {
  const okCodes = options.okCodes ?? [0];
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) {
      reject(abortError(options.signal));
      return;
    }
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let ended: ToolError | undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < OUTPUT_LIMIT) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < OUTPUT_LIMIT) stderr += chunk;
      options.onStderr?.(chunk);
    });
    const kill = (reason: ToolError) => {
      ended ??= reason;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => kill(new ToolError('processing_timeout')), options.timeoutMs);
    const onAbort = () => kill(abortError(options.signal));
    options.signal.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code, signalName) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      if (ended) reject(ended);
      else if (code !== null && okCodes.includes(code)) resolve({ code, stdout, stderr });
      else reject(new ProcessFailure(command, code ?? (signalName ? 128 : -1), stderr, stdout));
    });
  });
}

/** The error a job ends with when its signal fires: the reason if it is a ToolError, else a timeout. */
export function abortError(signal: AbortSignal): ToolError {
  return signal.reason instanceof ToolError ? signal.reason : new ToolError('processing_timeout');
}
