import { ToolError } from '@paperknife/catalog/errors';
import { selectPages } from '@paperknife/catalog/page-ranges';
import { tools } from '@paperknife/catalog/tools';
import { checkAfter } from '../preflight/check-after.js';
import { tempPath } from '../jobs/temp-path.js';
import { qpdfPageRange } from '../programs/qpdf.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/** Keeps every page the user did not list, in the original order. */
export const deletePages: ToolRunner<'delete-pages'> = async (files, options, context) => {
  const path = await checkAfter<string>([requireOneFile(files)], context, {
    writtenBy: 'qpdf',
    outputs: (output) => [{ path: output }],
    run: async ({ sources: [input], qpdf }) => {
      const { pageCount } = await input!.opened;
      const doomed = new Set(selectPages(options.pages, pageCount));
      const kept = Array.from({ length: pageCount }, (_, i) => i + 1).filter((page) => !doomed.has(page));
      if (kept.length === 0) throw new ToolError('no_pages_left');
      const output = tempPath(context, 'pages-deleted');
      await qpdf(['--empty', '--pages', input!.path, qpdfPageRange(kept), '--', output]);
      return output;
    },
  });
  return { path, download: tools['delete-pages'].download };
};
