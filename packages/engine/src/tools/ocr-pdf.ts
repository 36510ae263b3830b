import { rm } from 'node:fs/promises';
import { ToolError } from '@paperknife/catalog/errors';
import { tools } from '@paperknife/catalog/tools';
import { mupdfPool } from '../mupdf/pool.js';
import type { RenderTasks } from '../render/render-tasks.js';
import type { ExtractTextPayload } from '../render/extract-page-text-task.js';
import { assertLanguagesInstalled, runOcrmypdf } from '../programs/ocrmypdf.js';
import { runBesidePreflight } from '../preflight/beside-preflight.js';
import { assertPdf, plainPageCount } from '../preflight/pdf-input.js';
import { tempPath } from '../jobs/temp-path.js';
import { valueOf } from '../jobs/settle.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolContext, ToolRunner } from '../jobs/tool-runner.js';
import { writeZip } from '../jobs/zip-output.js';

const pool = mupdfPool<RenderTasks>();

const tool = tools['ocr-pdf'];
const [textZip] = tool.extraDownloads;
const PDF_NAME = tool.download.name;
const TEXT_NAME = PDF_NAME.replace(/\.pdf$/, '.txt');

/**
 * OCR PDF: OCRmyPDF adds an invisible, selectable text layer over each page's own image (docs/decisions/110).
 * With `textFile`, the answer is a ZIP of the PDF and its text, taken from the OCR'd PDF the way Extract Text takes
 * it, so pages that already had text are in it too (docs/decisions/111).
 *
 * OCRmyPDF starts on the upload while the preflight checks it: `qpdf --check` decodes every JPEG of a scan, about a
 * second that would otherwise come before recognition. Its output is kept only when the preflight hands back the
 * upload itself; a file the preflight refuses, decrypts or repairs stops it, and OCR runs again on the file the
 * preflight gives (docs/decisions/114).
 */
export const ocrPdf: ToolRunner<'ocr-pdf'> = async (files, options, context) => {
  const upload = requireOneFile(files);
  await assertPdf(upload.path);
  const languages = options.languages.split('+');
  await assertLanguagesInstalled(languages, context);
  const settings = { ...options, languages };

  const uploadPages = await plainPageCount(upload.path, context);
  const earlyPdf = tempPath(context, 'ocr-document');
  const { outcome } = await runBesidePreflight(upload, context, {
    onUpload:
      uploadPages !== undefined && uploadPages <= Math.min(context.limits.ocrMaxPages, context.limits.maxPages)
        ? (early) => runOcrmypdf(upload.path, earlyPdf, settings, uploadPages, early).then(() => earlyPdf)
        : undefined,
    onPrepared: async (input, late) => {
      // A stopped run on the upload may have left part of its output.
      await rm(earlyPdf, { force: true });
      const pdf = tempPath(context, 'ocr-document');
      await runOcrmypdf(input.path, pdf, settings, input.pageCount, late);
      return pdf;
    },
    accept: (input) => checkOcrPageLimit(input.pageCount, context),
  });
  const pdf = valueOf(outcome);
  if (!options.textFile) return { path: pdf, download: tool.download };

  const text = tempPath(context, 'ocr-text', '.txt');
  const payload: ExtractTextPayload = { input: pdf, output: text };
  await pool.run('extract-page-text', payload, {
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

function checkOcrPageLimit(pageCount: number, context: ToolContext): void {
  const { ocrMaxPages } = context.limits;
  if (pageCount > ocrMaxPages) {
    throw new ToolError(
      'too_many_pages',
      `This PDF has ${pageCount} pages; OCR takes at most ${ocrMaxPages} at a time. Split it into smaller parts first.`,
    );
  }
}
