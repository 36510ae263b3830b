import { basename, extname } from 'node:path';
import { tools } from '@paperknife/catalog/tools';
import { runMupdfTask } from '../mupdf/pool.js';
import type { PdfToWordPayload, PdfToWordResult } from '../mupdf/tasks/pdf-to-word.js';
import { preparePdfInput, tempPath } from '../pdf-input.js';
import { requireOneFile } from '../single-file.js';
import type { ToolRunner } from '../tool-runner.js';

/**
 * A PDF as an editable .docx: flowing paragraphs with their styles read column by column, headings and lists as
 * Word's, tables as Word tables, running headers and footers in Word's, pictures and drawings where they are read,
 * the PDF's pages as Word pages. All of it runs in a MuPDF worker (docs/decisions/023 and 150).
 */
export const pdfToWord: ToolRunner<'pdf-to-word'> = async (files, _options, context) => {
  const file = requireOneFile(files);
  const input = await preparePdfInput(file, context);
  const output = tempPath(context, 'converted-document', '.docx');
  const payload: PdfToWordPayload = {
    input: input.path,
    output,
    folder: context.workDir,
    title: basename(file.name, extname(file.name)),
  };
  await runMupdfTask<PdfToWordResult>('pdf-to-word', payload, {
    signal: context.signal,
    timeoutMs: context.limits.jobTimeoutMs,
    ...(context.progress ? { progress: context.progress } : {}),
  });
  return { path: output, download: tools['pdf-to-word'].download };
};
