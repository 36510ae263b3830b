import { ToolError } from '@paperknife/catalog/errors';
import { tools } from '@paperknife/catalog/tools';
import { checkAfter } from '../preflight/check-after.js';
import { tempPath } from '../jobs/temp-path.js';
import { addBookmarks, readOutline } from '../page-assembly/bookmarks.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * Joins PDFs in the order given. qpdf copies whole pages with their annotations (links) and form fields
 * (renaming clashing fields); it drops document-level bookmarks, so we rebuild them afterwards, each document's
 * bookmarks pointing at its pages in the merged file (see docs/decisions/011-merge-bookmarks.md), appended to
 * qpdf's output as an incremental update.
 */
export const mergePdf: ToolRunner<'merge-pdf'> = async (files, _options, context) => {
  if (files.length < 2) throw new ToolError('not_enough_files');
  const path = await checkAfter<string>(files, context, {
    writtenBy: 'qpdf',
    outputs: (output) => [{ path: output }],
    run: async ({ sources, qpdf, context: attemptContext }) => {
      // qpdf starts beside the uploads' probes and the reads of their outlines; the counts are needed only for the
      // limit and the bookmarks.
      const merged = tempPath(context, 'merged');
      const merging = qpdf(['--empty', '--pages', ...sources.flatMap((input) => [input.path, '1-z']), '--', merged]);
      const outlines = Promise.all(sources.map((input) => readOutline(input.path, attemptContext)));
      // Awaited below, unless a probe refuses an upload first.
      merging.catch(() => undefined);
      outlines.catch(() => undefined);
      const opened = await Promise.all(sources.map((input) => input.opened));
      await merging;
      const total = opened.reduce((sum, input) => sum + input.pageCount, 0);
      if (total > context.limits.maxPages) {
        throw new ToolError(
          'too_many_pages',
          `Together these PDFs have ${total} pages; the limit is ${context.limits.maxPages}. Merge fewer files at once.`,
        );
      }

      let firstPage = 0;
      const bookmarkSources = (await outlines).map((outline, index) => {
        const offset = firstPage;
        firstPage += opened[index]!.pageCount;
        return { outline, outputPage: (page: number) => offset + page };
      });
      return addBookmarks(bookmarkSources, merged, context);
    },
  });
  return { path, download: tools['merge-pdf'].download };
};
