import { tools } from '@paperknife/catalog/tools';
import { extractDocumentPages } from '@paperknife/qpdf-jobs/tools/extract-pages';
import { checkAfter } from '../preflight/check-after.js';
import { diskDocument, diskPath } from '../programs/qpdf-child-runner.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/** Copies the pages the user lists, in the order written, into a new PDF: the shared job on the server's qpdf. */
export const extractPages: ToolRunner<'extract-pages'> = async (files, options, context) => {
  const path = await checkAfter<string>([requireOneFile(files)], context, {
    writtenBy: 'qpdf',
    outputs: (output) => [{ path: output }],
    run: async ({ sources: [input], session }) =>
      diskPath(await extractDocumentPages(session, diskDocument(input!), options)),
  });
  return { path, download: tools['extract-pages'].download };
};
