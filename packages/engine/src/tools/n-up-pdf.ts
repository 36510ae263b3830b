import { POINTS_PER_MM, paperSizes } from '@paperknife/catalog/paper-sizes';
import { tools } from '@paperknife/catalog/tools';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { requireOneFile } from '../jobs/single-file.js';
import { placePagesOnSheets } from '../page-layout/layout-document.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/** Several pages on each sheet of paper, each page a Form XObject scaled into its cell (docs/decisions/183). */
export const nUpPdf: ToolRunner<'n-up-pdf'> = async (files, options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const paper = paperSizes[options.paper];
  const output = await placePagesOnSheets(
    {
      input: input.path,
      layout: {
        kind: 'n-up',
        ...options,
        paper: { width: paper.widthMm * POINTS_PER_MM, height: paper.heightMm * POINTS_PER_MM },
      },
    },
    'n-up-document',
    context,
  );
  return { path: output, download: tools['n-up-pdf'].download };
};
