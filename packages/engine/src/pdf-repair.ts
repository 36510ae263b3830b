import { createRequire } from 'node:module';
import { rm, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { ToolError } from '@paperknife/catalog/errors';
import { ProcessFailure, runProcess } from './run-process.js';
import type { ToolContext } from './tool-runner.js';
import { tempPath } from './temp-path.js';

/**
 * Rewrites a damaged PDF with MuPDF: it reads broken streams and content leniently, and `sanitize` rewrites every
 * content stream from what it understood, which fixes files whose content qpdf can only copy as it is.
 *
 * It runs in a separate Node process with the job's time limit: MuPDF's calls are synchronous, so a hostile file
 * could otherwise hold a thread, and the WASM heap it grows is handed back when the process ends.
 */
const script = `
import { readFileSync, writeFileSync } from 'node:fs';
const [mupdfUrl, input, output] = process.argv.slice(2);
const mupdf = await import(mupdfUrl);
const doc = mupdf.Document.openDocument(readFileSync(input), 'application/pdf');
if (doc.countPages() < 1) process.exit(3);
writeFileSync(output, doc.saveToBuffer('garbage=compact,sanitize,compress').asUint8Array());
`;

export async function repairWithMupdf(input: string, output: string, context: ToolContext): Promise<void> {
  const mupdfUrl = pathToFileURL(createRequire(import.meta.url).resolve('mupdf')).href;
  const scriptPath = tempPath(context, 'repair', '.mjs');
  await writeFile(scriptPath, script);
  try {
    await runProcess(process.execPath, [scriptPath, mupdfUrl, input, output], {
      cwd: context.workDir,
      signal: context.signal,
      timeoutMs: context.limits.jobTimeoutMs,
    });
  } catch (error) {
    if (error instanceof ProcessFailure) throw new ToolError('damaged_pdf', undefined, { cause: error });
    throw error;
  } finally {
    await rm(scriptPath, { force: true });
  }
}
