import { parsePageRanges, resolvePageSpans } from '@paperknife/catalog/page-ranges';
import type { ToolOptions } from '@paperknife/catalog/tools';
import type { QpdfFile } from '../qpdf-runner.js';
import { type QpdfSession, type SourceDocument, checkedBeside } from '../qpdf-session.js';
import { copyPages } from '../copy-pages.js';
import { qpdfSpanRange } from '../page-range.js';

/**
 * Copies the pages the user lists, in the order written, into a new PDF (lossless: qpdf copies objects). The copy
 * starts at once, beside the opening that counts the pages, an open range ending at qpdf's last page; the count
 * then checks the ranges (`page_out_of_range`), which refuses the copy's result too.
 */
export async function extractDocumentPages(
  session: QpdfSession,
  source: SourceDocument,
  options: ToolOptions<'extract-pages'>,
): Promise<QpdfFile> {
  const spans = parsePageRanges(options.pages);
  const copied = copyPages(session, source.file, qpdfSpanRange(spans));
  await checkedBeside(
    copied,
    source.opened.then(({ pageCount }) => resolvePageSpans(spans, pageCount)),
  );
  return copied;
}
