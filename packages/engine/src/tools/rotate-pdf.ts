import { selectPages } from '@paperknife/catalog/page-ranges';
import { tools } from '@paperknife/catalog/tools';
import { preparePdfInput, tempPath } from '../preflight/pdf-input.js';
import { qpdfPageRange, runQpdf } from '../programs/qpdf.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * Turns pages clockwise by changing their /Rotate only: content is untouched. qpdf's `+angle` is relative,
 * so a page already at 90 turned by 90 ends at 180, which is what the user sees and expects.
 */
export const rotatePdf: ToolRunner<'rotate-pdf'> = async (files, options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const pages = options.pages?.trim()
    ? [...new Set(selectPages(options.pages, input.pageCount))].sort((a, b) => a - b)
    : undefined;
  const target = pages ? `:${qpdfPageRange(pages)}` : '';
  const output = tempPath(context, 'rotated-document');
  await runQpdf(['--warning-exit-0', `--rotate=+${options.angle}${target}`, input.path, output], context);
  return { path: output, download: tools['rotate-pdf'].download };
};
