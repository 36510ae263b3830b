import { copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ToolError } from '@paperknife/catalog/errors';
import { defaultLimits } from '@paperknife/catalog/limits';
import { parseToolOptions } from '@paperknife/catalog/tool-options';
import type { ToolId } from '@paperknife/catalog/tools';
import {
  type InputFile,
  type ToolContext,
  type ToolResult,
  closeLibreOffice,
  closeMupdfPool,
  engineTools,
  warmMupdfPool,
  warmLibreOffice,
} from '@paperknife/engine';

/**
 * One measured engine job, in a process of its own so its peak RSS is its own (run.ts wraps it in
 * /usr/bin/time). The engines are warmed first, as a running server keeps them: one MuPDF worker up, and the
 * LibreOffice instance for Word to PDF. Only the job itself is timed.
 *
 * Argument: JSON { tool, files: string[], options, keep?: string }. Prints JSON { outcome, ms, bytes }.
 * Without a tool it only warms the engines and exits: the RSS every job carries anyway.
 */

interface JobSpec {
  /** Left out: only warm the engines, so the parent can measure the baseline RSS. */
  tool?: ToolId;
  files?: string[];
  options?: Record<string, unknown>;
  /** Copy the result here (compress table: renders and PSNR). */
  keep?: string;
  /**
   * The job's time limit instead of the server's default: a benchmark on a loaded machine measures how long a large
   * file takes, where the server would stop it.
   */
  jobTimeoutMs?: number;
}

export interface JobReport {
  /** ok, or the catalogue error code. */
  outcome: string;
  ms: number;
  bytes: number;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as JobSpec;
const signal = new AbortController().signal;
await warmMupdfPool();
if (spec.tool === 'word-to-pdf') await warmLibreOffice();

const workDir = await mkdtemp(join(tmpdir(), 'paperknife-bench-'));
let report: JobReport = { outcome: 'idle', ms: 0, bytes: 0 };
try {
  if (spec.tool) report = await measure(spec.tool);
} finally {
  await rm(workDir, { recursive: true, force: true });
  await closeMupdfPool();
  await closeLibreOffice();
}
process.stdout.write(`${JSON.stringify(report)}\n`);

async function measure(tool: ToolId): Promise<JobReport> {
  await mkdir(join(workDir, 'uploads'));
  const inputs: InputFile[] = [];
  for (const [index, path] of (spec.files ?? []).entries()) {
    const upload = join(workDir, 'uploads', `upload-${index + 1}`);
    await copyFile(path, upload);
    inputs.push({ path: upload, name: basename(path), size: (await stat(upload)).size });
  }
  const limits = spec.jobTimeoutMs ? { ...defaultLimits, jobTimeoutMs: spec.jobTimeoutMs } : defaultLimits;
  const context: ToolContext = { workDir, limits, signal };
  const runner = engineTools[tool] as (
    files: readonly InputFile[],
    options: unknown,
    context: ToolContext,
  ) => Promise<ToolResult>;
  const started = performance.now();
  try {
    const result = await runner(inputs, parseToolOptions(tool, spec.options ?? {}), context);
    const ms = performance.now() - started;
    const bytes = (await stat(result.path)).size;
    if (spec.keep) await copyFile(result.path, spec.keep);
    return { outcome: 'ok', ms, bytes };
  } catch (error) {
    const ms = performance.now() - started;
    if (!(error instanceof ToolError)) throw error;
    return { outcome: error.code, ms, bytes: 0 };
  }
}
