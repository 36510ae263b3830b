import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolError } from '@paperknife/catalog/errors';
import { ProcessFailure, type ProcessResult, runProcess } from './run-process.js';
import type { ToolContext } from './tool-runner.js';

/**
 * qpdf as a child process: argument arrays, the job's time limit, its folder as working directory.
 * Exit code 3 means "done, with warnings" (qpdf repaired something on the way): that is a success for us.
 */
export interface QpdfOptions {
  /** Password to open the input with. Passed through a file in the job folder, never on the command line. */
  password?: string;
  /** What the caller wants to hear when the password is missing or wrong (default: encrypted_pdf). */
  passwordError?: 'encrypted_pdf' | 'wrong_password' | 'password_required';
  /** Exit codes that count as success; default 0 and 3. */
  okCodes?: readonly number[];
}

const QPDF = 'qpdf';

/** Runs qpdf and maps its failures to catalogue errors. Never puts qpdf's stderr into a user message. */
export async function runQpdf(
  args: readonly string[],
  context: ToolContext,
  options: QpdfOptions = {},
): Promise<ProcessResult> {
  let passwordFile: string | undefined;
  const fullArgs = [...args];
  if (options.password !== undefined) {
    passwordFile = await writeSecretFile(context, `${checkLine(options.password)}\n`);
    fullArgs.unshift(`--password-file=${passwordFile}`);
  }
  try {
    return await runProcess(QPDF, fullArgs, {
      cwd: context.workDir,
      signal: context.signal,
      timeoutMs: context.limits.jobTimeoutMs,
      okCodes: options.okCodes ?? [0, 3],
    });
  } catch (error) {
    throw qpdfError(error, options);
  } finally {
    if (passwordFile) await rm(passwordFile, { force: true });
  }
}

/**
 * Runs a qpdf job described as JSON (`--job-json-file`): how passwords for --encrypt reach qpdf. They never show
 * up in a process listing, and a password that starts with '-' cannot be mistaken for an option (qpdf 11.3 has
 * no other way to take one). The file is private to the job and deleted right after.
 */
export async function runQpdfJob(
  job: Record<string, unknown>,
  context: ToolContext,
  options: QpdfOptions = {},
): Promise<ProcessResult> {
  const jobFile = await writeSecretFile(context, JSON.stringify(job));
  try {
    return await runQpdf([`--job-json-file=${jobFile}`], context, options);
  } finally {
    await rm(jobFile, { force: true });
  }
}

async function writeSecretFile(context: ToolContext, content: string): Promise<string> {
  const path = join(context.workDir, `.qpdf-${randomBytes(8).toString('hex')}`);
  await writeFile(path, content, { mode: 0o600 });
  return path;
}

function checkLine(value: string): string {
  if (/[\r\n]/.test(value)) {
    throw new ToolError('invalid_option', 'Passwords cannot contain line breaks.');
  }
  return value;
}

/** Turns a failed qpdf run into a catalogue error; other errors (timeouts, aborts) pass through. */
export function qpdfError(error: unknown, options: QpdfOptions = {}): unknown {
  if (!(error instanceof ProcessFailure)) return error;
  if (/invalid password/i.test(error.stderr)) {
    const code = options.passwordError ?? (options.password ? 'wrong_password' : 'encrypted_pdf');
    return new ToolError(code, undefined, { cause: error });
  }
  return new ToolError('damaged_pdf', undefined, { cause: error });
}

/** Page count of a PDF qpdf can open (with repairs if needed). */
export async function countPages(path: string, context: ToolContext, options: QpdfOptions = {}): Promise<number> {
  const { stdout } = await runQpdf(['--show-npages', path], context, options);
  const count = Number.parseInt(stdout.trim(), 10);
  if (!Number.isInteger(count) || count < 0) throw new ToolError('damaged_pdf');
  return count;
}

/**
 * Lossless optimisation: object streams, every Flate stream recompressed at level 9, uncompressed streams
 * compressed, unused page resources and unreferenced objects dropped. Never touches image pixels.
 * qpdf has no option to merge identical objects, so duplicates stay duplicates. The compress tool builds on this,
 * passing its own options in `extra` (its image swap) so the file is written once.
 */
export async function optimizeLossless(
  input: string,
  output: string,
  context: ToolContext,
  extra: readonly string[] = [],
): Promise<void> {
  await runQpdf(
    [
      '--warning-exit-0',
      '--object-streams=generate',
      '--compress-streams=y',
      '--recompress-flate',
      '--compression-level=9',
      '--remove-unreferenced-resources=auto',
      ...extra,
      input,
      output,
    ],
    context,
  );
}

/** Page numbers as a qpdf page range, runs folded: [1,2,3,7,5] -> `1-3,7,5`. Order and repeats are kept. */
export function qpdfPageRange(pages: readonly number[]): string {
  const parts: string[] = [];
  let start = pages[0];
  let previous = start;
  for (const page of [...pages.slice(1), undefined]) {
    if (page !== undefined && previous !== undefined && page === previous + 1) {
      previous = page;
      continue;
    }
    if (start !== undefined) parts.push(start === previous ? String(start) : `${start}-${previous}`);
    start = page;
    previous = page;
  }
  return parts.join(',');
}

/** Writes the given pages of `input`, in that order, as a new PDF. */
export async function copyPages(
  input: string,
  pages: readonly number[],
  output: string,
  context: ToolContext,
): Promise<void> {
  await runQpdf(['--empty', '--warning-exit-0', '--pages', input, qpdfPageRange(pages), '--', output], context);
}
