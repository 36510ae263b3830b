import { ToolError } from '@paperknife/catalog/errors';
import { tools } from '@paperknife/catalog/tools';
import { mergeDocuments } from '@paperknife/qpdf-jobs/tools/merge-pdf';
import { checkAfter } from '../preflight/check-after.js';
import { diskDocument, diskPath } from '../programs/qpdf-child-runner.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * Joins PDFs in the order given, with their bookmarks (docs/decisions/011-merge-bookmarks.md): the shared job
 * (`@paperknife/qpdf-jobs`, which the browser runs too) on the server's qpdf, inside the preflight's checks.
 */
export const mergePdf: ToolRunner<'merge-pdf'> = async (files, _options, context) => {
  if (files.length < 2) throw new ToolError('not_enough_files');
  const path = await checkAfter<string>(files, context, {
    writtenBy: 'qpdf',
    outputs: (output) => [{ path: output }],
    run: async ({ sources, session }) =>
      diskPath(await mergeDocuments(session, sources.map(diskDocument), context.limits.maxPages)),
  });
  return { path, download: tools['merge-pdf'].download };
};
