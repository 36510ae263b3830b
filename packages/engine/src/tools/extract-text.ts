import { recognisedPagesHeader } from '@paperknife/catalog/http-api';
import { tools } from '@paperknife/catalog/tools';
import { runMupdfTask } from '../mupdf/pool.js';
import type { ExtractTextPayload, ExtractTextResult } from '../mupdf/tasks/extract-page-text.js';
import { assertLanguagesInstalled, runOcrmypdf } from '../ocrmypdf.js';
import { preparePdfInput, tempPath } from '../pdf-input.js';
import { requireOneFile } from '../single-file.js';
import type { ToolContext, ToolRunner } from '../tool-runner.js';

/**
 * The text of a PDF as a UTF-8 file, page by page in reading order (docs/decisions/021). With `ocr: auto` (the
 * default), pages that look scanned (no text, an image over a tenth of the page) are recognised by OCRmyPDF first,
 * within the OCR page limit, and the text is read again from the recognised copy (docs/decisions/112).
 */
export const extractText: ToolRunner<'extract-text'> = async (files, options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const output = tempPath(context, 'extracted-text', '.txt');
  const found = await readText(input.path, output, context);
  let recognised = 0;
  if (options.ocr === 'auto' && found.scannedPages.length > 0 && input.pageCount <= context.limits.ocrMaxPages) {
    const languages = options.languages.split('+');
    await assertLanguagesInstalled(languages, context);
    const withText = tempPath(context, 'recognised');
    // Sideways scans are turned for reading (the text file has no pages to show turned).
    const settings = { languages, rotatePages: true, deskew: false, clean: false, pdfa: false } as const;
    await runOcrmypdf(
      input.path,
      withText,
      { ...settings, pagesWithText: 'skip', pages: found.scannedPages },
      input.pageCount,
      context,
    );
    const again = await readText(withText, output, context);
    recognised = found.scannedPages.length - again.scannedPages.length;
  }
  return {
    path: output,
    download: tools['extract-text'].download,
    headers: { [recognisedPagesHeader.name]: String(recognised) },
  };
};

function readText(input: string, output: string, context: ToolContext): Promise<ExtractTextResult> {
  const payload: ExtractTextPayload = { input, output };
  return runMupdfTask<ExtractTextResult>('extract-page-text', payload, {
    signal: context.signal,
    timeoutMs: context.limits.jobTimeoutMs,
  });
}
