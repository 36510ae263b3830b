import { tools } from '@paperknife/catalog/tools';
import { organizeDocument } from '@paperknife/qpdf-jobs/tools/organize-pdf';
import { checkAfter } from '../preflight/check-after.js';
import { diskDocument, diskPath } from '../programs/qpdf-child-runner.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * Builds the new document the page-spec describes (docs/decisions/090-organize-page-spec.md), with the input's
 * bookmarks where their pages went: the shared job (`@paperknife/qpdf-jobs`) on the server's qpdf.
 */
export const organizePdf: ToolRunner<'organize-pdf'> = async (files, options, context) => {
  const path = await checkAfter<string>([requireOneFile(files)], context, {
    writtenBy: 'qpdf',
    outputs: (output) => [{ path: output }],
    run: async ({ sources: [input], session }) =>
      diskPath(await organizeDocument(session, diskDocument(input!), options, context.limits.maxPages)),
  });
  return { path, download: tools['organize-pdf'].download };
};
