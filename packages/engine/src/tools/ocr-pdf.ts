import { ToolError } from '@paperknife/catalog/errors';
import { tools } from '@paperknife/catalog/tools';
import { runMupdfTask } from '../mupdf/pool.js';
import type { ExtractTextPayload, ExtractTextResult } from '../mupdf/tasks/extract-page-text.js';
import { assertLanguagesInstalled, runOcrmypdf } from '../ocrmypdf.js';
import { preparePdfInput, tempPath } from '../pdf-input.js';
import { requireOneFile } from '../single-file.js';
import type { ToolRunner } from '../tool-runner.js';
import { writeZip } from '../zip-output.js';

const tool = tools['ocr-pdf'];
const [textZip] = tool.extraDownloads;
const PDF_NAME = tool.download.name;
const TEXT_NAME = PDF_NAME.replace(/\.pdf$/, '.txt');

/**
 * OCR PDF: OCRmyPDF adds an invisible, selectable text layer over each page's own image (docs/decisions/110).
 * With `textFile`, the answer is a ZIP of the PDF and its text, taken from the OCR'd PDF the way Extract Text takes
 * it, so pages that already had text are in it too (docs/decisions/111).
 */
export const ocrPdf: ToolRunner<'ocr-pdf'> = async (files, options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const { ocrMaxPages } = context.limits;
  if (input.pageCount > ocrMaxPages) {
    throw new ToolError(
      'too_many_pages',
      `This PDF has ${input.pageCount} pages; OCR takes at most ${ocrMaxPages} at a time. Split it into smaller parts first.`,
    );
  }
  const languages = options.languages.split('+');
  await assertLanguagesInstalled(languages, context);

  const pdf = tempPath(context, 'ocr-document');
  await runOcrmypdf(input.path, pdf, { ...options, languages }, input.pageCount, context);
  if (!options.textFile) return { path: pdf, download: tool.download };

  const text = tempPath(context, 'ocr-text', '.txt');
  const payload: ExtractTextPayload = { input: pdf, output: text };
  await runMupdfTask<ExtractTextResult>('extract-page-text', payload, {
    signal: context.signal,
    timeoutMs: context.limits.jobTimeoutMs,
  });
  const zip = tempPath(context, 'ocr-document', '.zip');
  await writeZip(
    zip,
    [
      { name: PDF_NAME, path: pdf, store: true },
      { name: TEXT_NAME, path: text },
    ],
    context.signal,
  );
  return { path: zip, download: textZip };
};
