import { tools } from '@paperknife/catalog/tools';
import { convertToGray } from '../ghostscript.js';
import { preparePdfInput, tempPath } from '../pdf-input.js';
import { optimizeLossless } from '../qpdf.js';
import { requireOneFile } from '../single-file.js';
import type { ToolRunner } from '../tool-runner.js';

/** Ghostscript converts; qpdf then rewrites the result losslessly, so it is compact and passes qpdf --check. */
export const grayscalePdf: ToolRunner<'grayscale-pdf'> = async (files, _options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const gray = tempPath(context, 'gray');
  await convertToGray(input.path, gray, context);
  const output = tempPath(context, 'grayscale-document');
  await optimizeLossless(gray, output, context);
  return { path: output, download: tools['grayscale-pdf'].download };
};
