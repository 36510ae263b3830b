import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type * as RunProcessExports from '../programs/run-process.js';
import type { ProcessOptions, ProcessResult } from '../programs/run-process.js';

/** The module's real exports (this wraps them in a mock of the module, so it must not import it). */
type RunProcessModule = typeof RunProcessExports;
type RunProcess = RunProcessModule['runProcess'];

/** Every exit code a program can give: the first run keeps its raw exit, and each caller's `okCodes` apply to it. */
const EVERY_CODE = Array.from({ length: 256 }, (_, code) => code);

interface Answer {
  /** The first run's arguments, whose file paths its output names. */
  args: readonly string[];
  result: Promise<ProcessResult>;
}

/**
 * `runProcess` for a test that gives the same files to many jobs (the corpus sweep): a `qpdf --check` (or a qpdf copy
 * to /dev/null) of bytes that were checked before with the same arguments is answered with that run's exit code and
 * output, the file paths in it made the caller's, instead of decoding the same streams again. Such a run reads its
 * files and writes none, so its answer depends on their bytes alone. Every other run goes as usual, and so does a check
 * whose first run did not end on its own (its job's timeout or abort). In the sweep, each tool's preflight checks the
 * same upload: this leaves one check per distinct file (docs/decisions/060).
 */
export function answeringRepeatedChecks({ runProcess: run, ProcessFailure, abortError }: RunProcessModule): RunProcess {
  const answers = new Map<string, Answer>();
  return async (command, args, options) => {
    const hashes = isCheck(command, args, options) ? await fileHashes(args, options.cwd) : undefined;
    if (!hashes) return run(command, args, options);
    const key = JSON.stringify([command, args.map((arg) => hashes.get(arg) ?? arg)]);
    let answer = answers.get(key);
    if (!answer) {
      answer = { args, result: run(command, args, { ...options, okCodes: EVERY_CODE }) };
      answers.set(key, answer);
      const first = answer;
      first.result.catch(() => {
        if (answers.get(key) === first) answers.delete(key);
      });
    }
    let raw: ProcessResult;
    try {
      raw = await untilAborted(answer.result, options.signal, abortError);
    } catch (error) {
      // The caller's own job ended, or the caller made the first run (its arguments are the answer's): its error.
      // Another caller's stopped run is no answer: this caller runs the check itself.
      if (options.signal.aborted || answer.args === args) throw error;
      return run(command, args, options);
    }
    const stdout = inCallersPaths(raw.stdout, answer.args, args);
    const stderr = inCallersPaths(raw.stderr, answer.args, args);
    if ((options.okCodes ?? [0]).includes(raw.code)) return { code: raw.code, stdout, stderr };
    throw new ProcessFailure(command, raw.code, stderr, stdout);
  };
}

/**
 * qpdf with `--check`, run directly or by a shell script, or writing its copy to /dev/null (the check that leaves
 * JPEG data out): it reads its files and writes none.
 */
function isCheck(command: string, args: readonly string[], options: ProcessOptions): boolean {
  if (options.input !== undefined || options.onStderr !== undefined) return false;
  if (!args.includes('--check') && args.at(-1) !== '/dev/null') return false;
  return command === 'qpdf' || (command === 'bash' && args.some((arg) => /^qpdf /m.test(arg)));
}

/**
 * The content hash of each argument that is an absolute file path; `undefined` (run it) when an argument names a
 * file relative to the working folder, which the key could not tell apart from another folder's.
 */
async function fileHashes(args: readonly string[], cwd: string): Promise<Map<string, string> | undefined> {
  const hashes = new Map<string, string>();
  for (const arg of args) {
    if (arg.startsWith('-')) continue;
    const info = await stat(isAbsolute(arg) ? arg : join(cwd, arg)).catch(() => undefined);
    if (!info?.isFile()) continue;
    if (!isAbsolute(arg)) return undefined;
    const hash = createHash('sha256');
    await pipeline(createReadStream(arg), hash);
    hashes.set(arg, `sha256:${hash.digest('hex')}`);
  }
  return hashes;
}

/** The first run's output with each of its file arguments replaced by the caller's argument in the same place. */
function inCallersPaths(output: string, firstArgs: readonly string[], args: readonly string[]): string {
  return firstArgs.reduce(
    (text, arg, i) => (arg === args[i] || !isAbsolute(arg) ? text : text.replaceAll(arg, args[i]!)),
    output,
  );
}

function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  abortError: RunProcessModule['abortError'],
): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
