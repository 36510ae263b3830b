import { tools } from '@paperknife/catalog/tools';
import { rotateDocument } from '@paperknife/qpdf-jobs/tools/rotate-pdf';
import { checkAfter } from '../preflight/check-after.js';
import { diskDocument, diskPath } from '../programs/qpdf-child-runner.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/** Turns pages clockwise by their /Rotate: the shared job (`@paperknife/qpdf-jobs`) on the server's qpdf. */
export const rotatePdf: ToolRunner<'rotate-pdf'> = async (files, options, context) => {
  const path = await checkAfter<string>([requireOneFile(files)], context, {
    writtenBy: 'qpdf',
    outputs: (output) => [{ path: output }],
    run: async ({ sources: [input], session }) =>
      diskPath(await rotateDocument(session, diskDocument(input!), options)),
  });
  return { path, download: tools['rotate-pdf'].download };
};
