import { ToolError } from '@paperknife/catalog/errors';
import { tools } from '@paperknife/catalog/tools';
import { type PreparedPdf, preparePdfInput, tempPath } from '../preflight/pdf-input.js';
import { carryBookmarks } from '../page-assembly/bookmarks.js';
import { runQpdf } from '../programs/qpdf.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * Joins PDFs in the order given. qpdf copies whole pages with their annotations (links) and form fields
 * (renaming clashing fields); it drops document-level bookmarks, so we rebuild them afterwards, each document's
 * bookmarks pointing at its pages in the merged file (see docs/decisions/011-merge-bookmarks.md).
 */
export const mergePdf: ToolRunner<'merge-pdf'> = async (files, _options, context) => {
  if (files.length < 2) throw new ToolError('not_enough_files');
  const inputs: PreparedPdf[] = [];
  for (const file of files) inputs.push(await preparePdfInput(file, context));
  const total = inputs.reduce((sum, input) => sum + input.pageCount, 0);
  if (total > context.limits.maxPages) {
    throw new ToolError(
      'too_many_pages',
      `Together these PDFs have ${total} pages; the limit is ${context.limits.maxPages}. Merge fewer files at once.`,
    );
  }

  const merged = tempPath(context, 'merged');
  const pageArgs = inputs.flatMap((input) => [input.path, '1-z']);
  await runQpdf(['--warning-exit-0', '--empty', '--pages', ...pageArgs, '--', merged], context);

  const output = tempPath(context, 'merged-document');
  let firstPage = 0;
  const sources = inputs.map((input) => {
    const offset = firstPage;
    firstPage += input.pageCount;
    return { path: input.path, outputPage: (page: number) => offset + page };
  });
  const withBookmarks = await carryBookmarks(sources, merged, output, context);
  return { path: withBookmarks ? output : merged, download: tools['merge-pdf'].download };
};
