import { selectPages } from '@paperknife/catalog/page-ranges';
import { tools } from '@paperknife/catalog/tools';
import { checkAfter } from '../preflight/check-after.js';
import { tempPath } from '../jobs/temp-path.js';
import { qpdfPageRange } from '../programs/qpdf.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * Turns pages clockwise by changing their /Rotate only: content is untouched. qpdf's `+angle` is relative,
 * so a page already at 90 turned by 90 ends at 180, which is what the user sees and expects. `--decrypt` drops
 * the restrictions of an upload that opens without a password, as every tool but Protect does.
 */
export const rotatePdf: ToolRunner<'rotate-pdf'> = async (files, options, context) => {
  const path = await checkAfter<string>([requireOneFile(files)], context, {
    writtenBy: 'qpdf',
    outputs: (output) => [{ path: output }],
    run: async ({ sources: [input], qpdf }) => {
      // Every page: no count needed, so qpdf starts beside the upload's probe.
      const pages = options.pages?.trim()
        ? [...new Set(selectPages(options.pages, (await input!.opened).pageCount))].sort((a, b) => a - b)
        : undefined;
      const target = pages ? `:${qpdfPageRange(pages)}` : '';
      const output = tempPath(context, 'rotated-document');
      await qpdf(['--decrypt', `--rotate=+${options.angle}${target}`, input!.path, output]);
      return output;
    },
  });
  return { path, download: tools['rotate-pdf'].download };
};
