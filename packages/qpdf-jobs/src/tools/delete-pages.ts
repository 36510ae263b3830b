import { ToolError } from '@paperknife/catalog/errors';
import { selectPages } from '@paperknife/catalog/page-ranges';
import type { ToolOptions } from '@paperknife/catalog/tools';
import type { QpdfFile } from '../qpdf-runner.js';
import { type QpdfSession, type SourceDocument, withPageCount } from '../qpdf-session.js';
import { copyPages } from '../copy-pages.js';
import { qpdfPageRange } from '../page-range.js';

/** Keeps every page the user did not list, in the original order (started on the declared count, if known). */
export async function deleteDocumentPages(
  session: QpdfSession,
  source: SourceDocument,
  options: ToolOptions<'delete-pages'>,
): Promise<QpdfFile> {
  return withPageCount(source, async (pageCount) => {
    const doomed = new Set(selectPages(options.pages, pageCount));
    const kept = Array.from({ length: pageCount }, (_, i) => i + 1).filter((page) => !doomed.has(page));
    if (kept.length === 0) throw new ToolError('no_pages_left');
    return copyPages(session, source.file, qpdfPageRange(kept));
  });
}
