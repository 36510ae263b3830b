import { ToolError } from '@paperknife/catalog/errors';
import { addBookmarks, oneAfterAnother, outlineOf } from '../bookmarks.js';
import type { QpdfFile } from '../qpdf-runner.js';
import { type QpdfSession, type SourceDocument, outputOf, runChecked } from '../qpdf-session.js';
import { WRITE_OPTIONS } from '../page-range.js';

/**
 * Joins PDFs in the order given. qpdf copies whole pages with their annotations (links) and form fields
 * (renaming clashing fields); it drops document-level bookmarks, so they are rebuilt afterwards, each document's
 * bookmarks pointing at its pages in the merged file (docs/decisions/011-merge-bookmarks.md), appended to
 * qpdf's output as an incremental update. qpdf starts beside the reads of the outlines and the documents' opening;
 * the page counts are needed only for the limit and the bookmarks.
 */
export async function mergeDocuments(
  session: QpdfSession,
  sources: readonly SourceDocument[],
  maxPages: number,
): Promise<QpdfFile> {
  if (sources.length < 2) throw new ToolError('not_enough_files');
  const names = sources.map((_, index) => `input-${index + 1}.pdf`);
  const merging = runChecked(session, {
    args: [...WRITE_OPTIONS, '--empty', '--pages', ...names.flatMap((name) => [name, '1-z']), '--', 'merged.pdf'],
    inputs: new Map(sources.map((source, index) => [names[index]!, source.file])),
    outputs: ['merged.pdf'],
  });
  const outlineReads = sources.map((source) => outlineOf(session, source));
  const outlines = Promise.all(outlineReads);
  // Awaited below, unless opening a document refuses it first.
  merging.catch(() => undefined);
  outlines.catch(() => undefined);
  try {
    const opened = await Promise.all(sources.map((source) => source.opened));
    const merged = outputOf(await merging, 'merged.pdf');
    const total = opened.reduce((sum, document) => sum + document.pageCount, 0);
    if (total > maxPages) {
      throw new ToolError(
        'too_many_pages',
        `Together these PDFs have ${total} pages; the limit is ${maxPages}. Merge fewer files at once.`,
      );
    }

    const pageCounts = opened.map((document) => document.pageCount);
    return await addBookmarks(session, oneAfterAnother(await outlines, pageCounts), merged);
  } catch (error) {
    // The runs started above write in the job's folder: none may outlive the job's answer.
    await Promise.allSettled([merging, ...outlineReads]);
    throw error;
  }
}
