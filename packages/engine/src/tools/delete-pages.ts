import { tools } from '@paperknife/catalog/tools';
import { deleteDocumentPages } from '@paperknife/qpdf-jobs/tools/delete-pages';
import { checkAfter } from '../preflight/check-after.js';
import { diskDocument, diskPath } from '../programs/qpdf-child-runner.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/** Keeps every page the user did not list, in the original order: the shared job on the server's qpdf. */
export const deletePages: ToolRunner<'delete-pages'> = async (files, options, context) => {
  const path = await checkAfter<string>([requireOneFile(files)], context, {
    writtenBy: 'qpdf',
    outputs: (output) => [{ path: output }],
    run: async ({ sources: [input], session }) =>
      diskPath(await deleteDocumentPages(session, diskDocument(input!), options)),
  });
  return { path, download: tools['delete-pages'].download };
};
