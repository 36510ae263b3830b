import { POINTS_PER_MM, paperSizes } from '@paperknife/catalog/paper-sizes';
import { tools } from '@paperknife/catalog/tools';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { requireOneFile } from '../jobs/single-file.js';
import { placePagesOnSheets } from '../page-layout/layout-document.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * Saddle-stitch imposition: two pages a side, sides in print order, blanks added to a multiple of four; printed on
 * both sides (flipped on the short edge) and folded, the sheets read in order (docs/decisions/183).
 */
export const bookletPdf: ToolRunner<'booklet-pdf'> = async (files, options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const paper = options.paper === 'fit' ? 'fit' : paperSizes[options.paper];
  const output = await placePagesOnSheets(
    {
      input: input.path,
      layout: {
        kind: 'booklet',
        paper:
          paper === 'fit' ? 'fit' : { width: paper.widthMm * POINTS_PER_MM, height: paper.heightMm * POINTS_PER_MM },
        rightToLeft: options.binding === 'right',
      },
    },
    'booklet',
    context,
  );
  return { path: output, download: tools['booklet-pdf'].download };
};
