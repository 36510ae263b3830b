import { tools } from '@paperknife/catalog/tools';
import { convertToGray } from '../ghostscript.js';
import { runMupdfTask } from '../mupdf/pool.js';
import type { GrayPreparePayload, GrayPrepareResult } from '../mupdf/tasks/gray-prepare.js';
import { preparePdfInput, tempPath } from '../pdf-input.js';
import { runQpdf } from '../qpdf.js';
import { requireOneFile } from '../single-file.js';
import type { ToolRunner } from '../tool-runner.js';

/**
 * MuPDF first turns the colours Ghostscript would copy unconverted (annotation colours, their state appearances and
 * icons, outline colours, uncoloured tiling patterns) to gray; Ghostscript converts everything drawn; qpdf then
 * packs the result into object streams, so it is compact and passes qpdf --check. See docs/decisions/013.
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
  // Object streams, but no Flate recompression: Ghostscript has compressed every stream already, and recompressing
  // them at level 9 took a quarter to a third of Ghostscript's own time for a few percent (docs/decisions/013).
  await runQpdf(
    [
      '--warning-exit-0',
      '--object-streams=generate',
      '--compress-streams=y',
      '--remove-unreferenced-resources=auto',
      gray,
      output,
    ],
    context,
  );
  return { path: output, download: tools['grayscale-pdf'].download };
};
