import { tools } from '@paperknife/catalog/tools';
import { runMupdfTask } from '../mupdf/pool.js';
import type { ExtractTextPayload, ExtractTextResult } from '../mupdf/tasks/extract-page-text.js';
import { preparePdfInput, tempPath } from '../pdf-input.js';
import { requireOneFile } from '../single-file.js';
import type { ToolRunner } from '../tool-runner.js';

/** The text of a PDF as a UTF-8 file, page by page in reading order (docs/decisions/021). */
export const extractText: ToolRunner<'extract-text'> = async (files, _options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const output = tempPath(context, 'extracted-text', '.txt');
  const payload: ExtractTextPayload = { input: input.path, output };
  await runMupdfTask<ExtractTextResult>('extract-page-text', payload, {
    signal: context.signal,
    timeoutMs: context.limits.jobTimeoutMs,
  });
  return { path: output, download: tools['extract-text'].download };
};
