import { recognisedPagesHeader } from '@paperknife/catalog/http-api';
import { tools } from '@paperknife/catalog/tools';
import { availableParallelism } from 'node:os';
import { basename, extname } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { MAX_MUPDF_THREADS, mupdfPoolStats, mupdfPool } from '../mupdf/pool.js';
import type { PdfToWordTasks } from '../pdf-to-word/pdf-to-word-tasks.js';
import type { PdfToWordPagesPayload } from '../pdf-to-word/pdf-to-word-pages-task.js';
import type { PdfToWordPayload, PdfToWordResult } from '../pdf-to-word/pdf-to-word-document-task.js';
import { HELPER_GONE, claimsLength } from '../pdf-to-word/shared-pages.js';
import { recogniseScannedPages } from '../programs/ocrmypdf.js';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { tempPath } from '../jobs/temp-path.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolContext, ToolRunner } from '../jobs/tool-runner.js';

const pool = mupdfPool<PdfToWordTasks>();

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
  const found = await convert(input.path, input.pageCount, output, title, context);
  const withText = await recogniseScannedPages(input.path, input.pageCount, found.scannedPages, options, context);
  // Read again from the recognised copy: the pages' invisible text becomes paragraphs, the scans are left out.
  const again = withText ? await convert(withText, input.pageCount, output, title, context) : found;
  const recognised = found.scannedPages.length - again.scannedPages.length;
  return {
    path: output,
    download: tools['pdf-to-word'].download,
    headers: { [recognisedPagesHeader.name]: String(recognised) },
  };
};

/** Documents shorter than this are read by the task alone: starting a helper costs more than it saves. */
const HELPER_FROM_PAGES = 16;

/**
 * Runs the PDF to Word task; on a long document, when the MuPDF pool has a worker to spare beside the task's, a
 * helper there reads pages too and hands them to the task (docs/decisions/151).
 */
async function convert(
  input: string,
  pageCount: number,
  output: string,
  title: string,
  context: ToolContext,
): Promise<PdfToWordResult> {
  const payload: PdfToWordPayload = { input, output, folder: context.workDir, title };
  const options = {
    signal: context.signal,
    timeoutMs: context.limits.jobTimeoutMs,
    ...(context.progress ? { progress: context.progress } : {}),
  };
  const { active, queued } = mupdfPoolStats();
  const threads = Math.min(availableParallelism(), MAX_MUPDF_THREADS);
  if (pageCount < HELPER_FROM_PAGES || active + queued + 2 > threads) {
    return pool.run('pdf-to-word-document', payload, options);
  }
  const claims = new Int32Array(new SharedArrayBuffer(claimsLength(pageCount) * Int32Array.BYTES_PER_ELEMENT));
  const { port1, port2 } = new MessageChannel();
  const task = pool.run(
    'pdf-to-word-document',
    { ...payload, pages: { claims, port: port1 } },
    {
      ...options,
      transferList: [port1],
    },
  );
  const helperPayload: PdfToWordPagesPayload = { input, folder: context.workDir, pages: { claims, port: port2 } };
  const helper = pool
    .run('pdf-to-word-pages', helperPayload, {
      signal: context.signal,
      timeoutMs: context.limits.jobTimeoutMs,
      transferList: [port2],
    })
    .catch(() => {
      // The task reads the pages the helper took and did not send; its own failure is the job's.
      Atomics.store(claims, HELPER_GONE, 1);
    });
  try {
    return await task;
  } finally {
    await helper;
  }
}
