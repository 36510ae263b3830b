import { selectPages } from '@paperknife/catalog/page-ranges';
import { tools } from '@paperknife/catalog/tools';
import { checkAfter } from '../preflight/check-after.js';
import { tempPath } from '../jobs/temp-path.js';
import { qpdfPageRange } from '../programs/qpdf.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/** Copies the pages the user lists, in the order written, into a new PDF (lossless: qpdf copies objects). */
export const extractPages: ToolRunner<'extract-pages'> = async (files, options, context) => {
  const path = await checkAfter<string>([requireOneFile(files)], context, {
    writtenBy: 'qpdf',
    outputs: (output) => [{ path: output }],
    run: async ({ sources: [input], qpdf }) => {
      const pages = selectPages(options.pages, (await input!.opened).pageCount);
      const output = tempPath(context, 'extracted-pages');
      await qpdf(['--empty', '--pages', input!.path, qpdfPageRange(pages), '--', output]);
      return output;
    },
  });
  return { path, download: tools['extract-pages'].download };
};
