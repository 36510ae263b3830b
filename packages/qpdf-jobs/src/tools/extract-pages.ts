import { selectPages } from '@paperknife/catalog/page-ranges';
import type { ToolOptions } from '@paperknife/catalog/tools';
import type { QpdfFile } from '../qpdf-runner.js';
import { type QpdfSession, type SourceDocument } from '../qpdf-session.js';
import { copyPages } from '../copy-pages.js';

/** Copies the pages the user lists, in the order written, into a new PDF (lossless: qpdf copies objects). */
export async function extractDocumentPages(
  session: QpdfSession,
  source: SourceDocument,
  options: ToolOptions<'extract-pages'>,
): Promise<QpdfFile> {
  const pages = selectPages(options.pages, (await source.opened).pageCount);
  return copyPages(session, source.file, pages);
}
