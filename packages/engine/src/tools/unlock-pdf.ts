import { tools } from '@paperknife/catalog/tools';
import { unlockDocument } from '@paperknife/qpdf-jobs/tools/unlock-pdf';
import { checkAfter } from '../preflight/check-after.js';
import { diskDocument, diskPath } from '../programs/qpdf-child-runner.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * Removes encryption with the open or the owner password (the preflight's probe finds which opens it; the run starts
 * beside it with the password given). A PDF that opens without a password (restrictions only) needs none; one that
 * is not encrypted at all comes back re-saved.
 */
export const unlockPdf: ToolRunner<'unlock-pdf'> = async (files, options, context) => {
  const path = await checkAfter<string>([requireOneFile(files)], context, {
    writtenBy: 'qpdf',
    unlockPassword: options.password ?? '',
    outputs: (output) => [{ path: output }],
    run: async ({ sources: [input], session }) =>
      diskPath(await unlockDocument(session, diskDocument(input!), options.password)),
  });
  return { path, download: tools['unlock-pdf'].download };
};
