import { normalize, sep } from 'node:path';
import { ToolError } from '@paperknife/catalog/errors';
import { ProcessFailure, type ProcessResult, runProcess } from './run-process.js';
import type { ToolContext } from '../jobs/tool-runner.js';

const GS = 'gs';

/**
 * Ghostscript as a child process, always sandboxed (-dSAFER: no file access beyond its arguments) and batch
 * mode. TMPDIR points into the job folder so its temporary files go away with the job.
 */
export async function runGhostscript(
  args: readonly string[],
  context: ToolContext,
  input?: Promise<string>,
): Promise<ProcessResult> {
  try {
    return await runProcess(GS, ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', ...args], {
      cwd: context.workDir,
      signal: context.signal,
      timeoutMs: context.limits.jobTimeoutMs,
      env: { ...process.env, TMPDIR: context.workDir },
      input,
    });
  } catch (error) {
    if (error instanceof ProcessFailure) throw new ToolError('damaged_pdf', undefined, { cause: error });
    throw error;
  }
}

/** Ghostscript pdfwrite's settings for Grayscale PDF; the benchmarks run plain Ghostscript with the same. */
export const grayPdfwriteSettings = [
  '-sColorConversionStrategy=Gray',
  '-dProcessColorModel=/DeviceGray',
  '-dOverrideICC',
  '-dAutoRotatePages=/None',
] as const;

/**
 * Rewrites a PDF in shades of gray: text stays text and vectors stay vectors (pdfwrite re-emits them), images
 * are converted. AutoRotatePages is off because pdfwrite would otherwise turn pages to follow their text.
 */
export async function convertToGray(input: string, output: string, context: ToolContext): Promise<void> {
  await runGhostscript([...grayConversionArgs(output), input], context);
}

/** Ghostscript's arguments for a gray conversion into `output`, all but the file it reads. */
function grayConversionArgs(output: string): string[] {
  return ['-sDEVICE=pdfwrite', ...grayPdfwriteSettings, `-sOutputFile=${output}`];
}

/** A gray conversion whose Ghostscript is running before its input is chosen (see startGrayConversion). */
export interface PendingGrayConversion {
  /** Converts `input`, one of the candidates it was started with; resolves once the output is written. */
  convert(input: string): Promise<void>;
  /** Settles when Ghostscript has ended: converted, failed, or stopped by the context's signal. */
  readonly ended: Promise<unknown>;
}

/**
 * Starts Ghostscript for convertToGray before the caller knows which file it converts: Ghostscript sets itself up
 * (about 45 ms, 40 % of a small file's whole run) meanwhile, then reads the file `convert` names from its standard
 * input. -dSAFER lets it read the `candidates` only: files, or folders named with a trailing `/` (Ghostscript
 * permits a path by its prefix), whose files at any depth it may read. A conversion never given its file must be
 * stopped through the context's signal.
 */
export function startGrayConversion(
  candidates: readonly string[],
  output: string,
  context: ToolContext,
): PendingGrayConversion {
  let choose!: (program: string) => void;
  const program = new Promise<string>((resolve) => {
    choose = resolve;
  });
  const run = runGhostscript(
    [
      ...grayConversionArgs(output),
      ...candidates.map((path) => `--permit-file-read=${path}`),
      '-', // the program: standard input
    ],
    context,
    program,
  ).then(() => undefined);
  const ended = run.catch(() => undefined);
  return {
    convert(input) {
      if (!isCandidate(input, candidates)) throw new Error(`${input} is not a candidate of this conversion`);
      // A PostScript hex string: any byte of a path is written as it is.
      choose(`<${Buffer.from(input).toString('hex')}> run\n`);
      return run;
    },
    ended,
  };
}

/** `input` is one of the candidate files, or a file inside a candidate folder (no `..` can lead out of it). */
function isCandidate(input: string, candidates: readonly string[]): boolean {
  return candidates.some((candidate) =>
    candidate.endsWith(sep) ? input.startsWith(candidate) && normalize(input) === input : candidate === input,
  );
}
