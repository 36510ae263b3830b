import { basename, extname } from 'node:path';
import { recognisedPagesHeader } from '@paperknife/catalog/http-api';
import { tools } from '@paperknife/catalog/tools';
import { mupdfPool } from '../mupdf/pool.js';
import type { PdfToPowerpointTasks } from '../pdf-to-powerpoint/pdf-to-powerpoint-tasks.js';
import type { PdfToPowerpointResult } from '../pdf-to-powerpoint/slides-document-task.js';
import { recogniseScannedPages } from '../programs/ocrmypdf.js';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { tempPath } from '../jobs/temp-path.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolContext, ToolRunner } from '../jobs/tool-runner.js';

const pool = mupdfPool<PdfToPowerpointTasks>();

/**
 * A PDF as a .pptx, one slide per page, made in a MuPDF worker (pdf-to-powerpoint/). Pages are read as PDF to Word
 * reads them; with `ocr: auto`, pages that are pictures of text are recognised by OCRmyPDF first and the document
 * is read again from the recognised copy, whose text becomes the slides' text boxes. Each page as a picture skips
 * both.
 */
export const pdfToPowerpoint: ToolRunner<'pdf-to-powerpoint'> = async (files, options, context) => {
  const file = requireOneFile(files);
  const input = await preparePdfInput(file, context);
  const output = tempPath(context, 'converted-presentation', '.pptx');
  const title = basename(file.name, extname(file.name));
  const convert = (path: string) => run(path, output, title, options.pagesAsPictures, context);
  const found = await convert(input.path);
  const withText = options.pagesAsPictures
    ? undefined
    : await recogniseScannedPages(input.path, input.pageCount, found.scannedPages, options, context);
  const again = withText ? await convert(withText) : found;
  const recognised = found.scannedPages.length - again.scannedPages.length;
  return {
    path: output,
    download: tools['pdf-to-powerpoint'].download,
    headers: { [recognisedPagesHeader.name]: String(recognised) },
  };
};

function run(
  input: string,
  output: string,
  title: string,
  pagesAsPictures: boolean,
  context: ToolContext,
): Promise<PdfToPowerpointResult> {
  return pool.run(
    'pdf-to-powerpoint-document',
    { input, output, folder: context.workDir, title, pagesAsPictures },
    {
      signal: context.signal,
      timeoutMs: context.limits.jobTimeoutMs,
      ...(context.progress ? { progress: context.progress } : {}),
    },
  );
}
