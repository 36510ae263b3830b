import { basename, extname } from 'node:path';
import { recognisedPagesHeader } from '@paperknife/catalog/http-api';
import { tools } from '@paperknife/catalog/tools';
import { runMupdfTask } from '../mupdf/pool.js';
import type { PdfToWordPayload, PdfToWordResult } from '../mupdf/tasks/pdf-to-word.js';
import { recogniseScannedPages } from '../ocrmypdf.js';
import { preparePdfInput, tempPath } from '../pdf-input.js';
import { requireOneFile } from '../single-file.js';
import type { ToolContext, ToolRunner } from '../tool-runner.js';

/**
 * A PDF as an editable .docx: flowing paragraphs with their styles read column by column, headings and lists as
 * Word's, tables as Word tables, running headers and footers in Word's, pictures and drawings where they are read,
 * the PDF's pages as Word pages. All of it runs in a MuPDF worker (docs/decisions/023 and 150). With `ocr: auto`
 * (the default), pages that are pictures of text are recognised by OCRmyPDF first, within the OCR page limit, and
 * the document is read again from the recognised copy, whose invisible text becomes the pages' paragraphs
 * (docs/decisions/112).
 */
export const pdfToWord: ToolRunner<'pdf-to-word'> = async (files, options, context) => {
  const file = requireOneFile(files);
  const input = await preparePdfInput(file, context);
  const output = tempPath(context, 'converted-document', '.docx');
  const title = basename(file.name, extname(file.name));
  const found = await convert(input.path, output, title, context);
  const withText = await recogniseScannedPages(input.path, input.pageCount, found.scannedPages, options, context);
  // Read again from the recognised copy: the pages' invisible text becomes paragraphs, the scans are left out.
  const again = withText ? await convert(withText, output, title, context) : found;
  const recognised = found.scannedPages.length - again.scannedPages.length;
  return {
    path: output,
    download: tools['pdf-to-word'].download,
    headers: { [recognisedPagesHeader.name]: String(recognised) },
  };
};

function convert(input: string, output: string, title: string, context: ToolContext): Promise<PdfToWordResult> {
  const payload: PdfToWordPayload = { input, output, folder: context.workDir, title };
  return runMupdfTask<PdfToWordResult>('pdf-to-word', payload, {
    signal: context.signal,
    timeoutMs: context.limits.jobTimeoutMs,
    ...(context.progress ? { progress: context.progress } : {}),
  });
}
