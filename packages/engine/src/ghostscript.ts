import { ToolError } from '@paperknife/catalog/errors';
import { ProcessFailure, type ProcessResult, runProcess } from './run-process.js';
import type { ToolContext } from './tool-runner.js';

const GS = 'gs';

/**
 * Ghostscript as a child process, always sandboxed (-dSAFER: no file access beyond its arguments) and batch
 * mode. TMPDIR points into the job folder so its temporary files go away with the job.
 */
export async function runGhostscript(args: readonly string[], context: ToolContext): Promise<ProcessResult> {
  try {
    return await runProcess(GS, ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', ...args], {
      cwd: context.workDir,
      signal: context.signal,
      timeoutMs: context.limits.jobTimeoutMs,
      env: { ...process.env, TMPDIR: context.workDir },
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
  await runGhostscript(['-sDEVICE=pdfwrite', ...grayPdfwriteSettings, `-sOutputFile=${output}`, input], context);
}
