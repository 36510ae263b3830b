import { tools } from '@paperknife/catalog/tools';
import { protectDocument } from '@paperknife/qpdf-jobs/tools/protect-pdf';
import { checkAfter } from '../preflight/check-after.js';
import { diskPath } from '../programs/qpdf-child-runner.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * AES-256 with the user's passwords and restrictions: the shared job (`@paperknife/qpdf-jobs`) on the server's
 * qpdf, the passwords in a job file private to the job.
 */
export const protectPdf: ToolRunner<'protect-pdf'> = async (files, options, context) => {
  const path = await checkAfter<string>([requireOneFile(files)], context, {
    writtenBy: 'qpdf',
    outputs: (output) => [{ path: output, password: options.userPassword || undefined }],
    run: async ({ sources: [input], session }) =>
      diskPath(await protectDocument(session, { path: input!.path }, options)),
  });
  return { path, download: tools['protect-pdf'].download };
};
