import { tools } from '@paperknife/catalog/tools';
import { convertToGray } from '../ghostscript.js';
import { runMupdfTask } from '../mupdf/pool.js';
import type { GrayPreparePayload, GrayPrepareResult } from '../mupdf/tasks/gray-prepare.js';
import { preparePdfInput, tempPath } from '../pdf-input.js';
import { optimizeLossless } from '../qpdf.js';
import { requireOneFile } from '../single-file.js';
import type { ToolRunner } from '../tool-runner.js';

/**
 * MuPDF first turns the colours Ghostscript would copy unconverted (annotation colours, their state appearances and
 * icons, outline colours, uncoloured tiling patterns) to gray; Ghostscript converts everything drawn; qpdf then
 * rewrites the result losslessly, so it is compact and passes qpdf --check. See docs/decisions/013.
 */
export const grayscalePdf: ToolRunner<'grayscale-pdf'> = async (files, _options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const payload: GrayPreparePayload = { input: input.path, output: tempPath(context, 'gray-prepared') };
  const prepared = await runMupdfTask<GrayPrepareResult>('gray-prepare', payload, {
    signal: context.signal,
    timeoutMs: context.limits.jobTimeoutMs,
  });
  const gray = tempPath(context, 'gray');
  await convertToGray(prepared.changed > 0 ? payload.output : input.path, gray, context);
  const output = tempPath(context, 'grayscale-document');
  await optimizeLossless(gray, output, context);
  return { path: output, download: tools['grayscale-pdf'].download };
};
