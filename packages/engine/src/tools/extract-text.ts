import { recognisedPagesHeader } from '@paperknife/catalog/http-api';
import { tools } from '@paperknife/catalog/tools';
import { mupdfPool } from '../mupdf/pool.js';
import type { RenderTasks } from '../render/render-tasks.js';
import type { ExtractTextPayload, ExtractTextResult } from '../render/extract-page-text-task.js';
import { recogniseScannedPages } from '../programs/ocrmypdf.js';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { tempPath } from '../jobs/temp-path.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolContext, ToolRunner } from '../jobs/tool-runner.js';

const pool = mupdfPool<RenderTasks>();

/**
 * The text of a PDF as a UTF-8 file, page by page in reading order (docs/decisions/021). With `ocr: auto` (the
 * default), pages that look scanned (no text, an image over a tenth of the page) are recognised by OCRmyPDF first,
 * within the OCR page limit, and the text is read again from the recognised copy (docs/decisions/112).
 */
export const extractText: ToolRunner<'extract-text'> = async (files, options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const output = tempPath(context, 'extracted-text', '.txt');
  const found = await readText(input.path, output, context);
  const withText = await recogniseScannedPages(input.path, input.pageCount, found.scannedPages, options, context);
  const again = withText ? await readText(withText, output, context) : found;
  const recognised = found.scannedPages.length - again.scannedPages.length;
  return {
    path: output,
    download: tools['extract-text'].download,
    headers: { [recognisedPagesHeader.name]: String(recognised) },
  };
};

function readText(input: string, output: string, context: ToolContext): Promise<ExtractTextResult> {
  const payload: ExtractTextPayload = { input, output };
  return pool.run('extract-page-text', payload, {
    signal: context.signal,
    timeoutMs: context.limits.jobTimeoutMs,
  });
}
