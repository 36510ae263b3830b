import { recognisedPagesHeader } from '@paperknife/catalog/http-api';
import { tools } from '@paperknife/catalog/tools';
import { mupdfPool } from '../mupdf/pool.js';
import type { TablesTasks } from '../tables/tables-tasks.js';
import type { ExcelWorkbookPayload, ExcelWorkbookResult } from '../tables/excel-workbook-task.js';
import { recogniseScannedPages } from '../programs/ocrmypdf.js';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { tempPath } from '../jobs/temp-path.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolContext, ToolRunner } from '../jobs/tool-runner.js';

const pool = mupdfPool<TablesTasks>();

/**
 * The tables of a PDF as an Excel workbook (tables/: ruled, partly ruled and borderless tables found from the
 * page's words and rules; numbers, percentages, amounts and dates as values). With `ocr: auto` (the default), pages
 * that are pictures of text are recognised by OCRmyPDF first, within the OCR page limit, and read again from the
 * recognised copy (docs/decisions/112).
 */
export const pdfToExcel: ToolRunner<'pdf-to-excel'> = async (files, options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const output = tempPath(context, 'converted-tables', '.xlsx');
  const found = await convert({ input: input.path, output, sheets: options.sheets }, context);
  const withText = await recogniseScannedPages(input.path, input.pageCount, found.scannedPages, options, context);
  const again = withText ? await convert({ input: withText, output, sheets: options.sheets }, context) : found;
  return {
    path: output,
    download: tools['pdf-to-excel'].download,
    headers: { [recognisedPagesHeader.name]: String(found.scannedPages.length - again.scannedPages.length) },
  };
};

function convert(payload: ExcelWorkbookPayload, context: ToolContext): Promise<ExcelWorkbookResult> {
  return pool.run('excel-workbook', payload, {
    signal: context.signal,
    timeoutMs: context.limits.jobTimeoutMs,
    ...(context.progress ? { progress: context.progress } : {}),
  });
}
