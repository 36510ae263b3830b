import { tools } from '@paperknife/catalog/tools';
import { flattenPages } from '../forms/forms-pool.js';
import { requireOneFile } from '../jobs/single-file.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolRunner } from '../jobs/tool-runner.js';
import { preparePdfInput } from '../preflight/pdf-input.js';

/** Form fields and annotations drawn into the page content and removed (MuPDF's bake, in the worker). */
export const flattenPdf: ToolRunner<'flatten-pdf'> = async (files, _options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const output = tempPath(context, 'flattened-document');
  await flattenPages(input.path, output, context);
  return { path: output, download: tools['flatten-pdf'].download };
};
