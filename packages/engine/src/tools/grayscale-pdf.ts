import { tools } from '@paperknife/catalog/tools';
import { convertToGray } from '../ghostscript.js';
import { runMupdfTask } from '../mupdf/pool.js';
import type { GrayPreparePayload, GrayPrepareResult } from '../mupdf/tasks/gray-prepare.js';
import { assertPdf, preparePdfInput, tempPath } from '../pdf-input.js';
import { runQpdf } from '../qpdf.js';
import { settle, type Settled, valueOf } from '../settle.js';
import { requireOneFile } from '../single-file.js';
import type { ToolContext, ToolRunner } from '../tool-runner.js';

function prepare(input: string, context: ToolContext): Promise<GrayPrepareResult & { output: string }> {
  const payload: GrayPreparePayload = { input, output: tempPath(context, 'gray-prepared') };
  return runMupdfTask<GrayPrepareResult>('gray-prepare', payload, {
    signal: context.signal,
    timeoutMs: context.limits.jobTimeoutMs,
  }).then((result) => ({ ...result, output: payload.output }));
}

/**
 * MuPDF first turns the colours Ghostscript would copy unconverted (annotation colours, their state appearances and
 * icons, outline colours, uncoloured tiling patterns) to gray; Ghostscript converts everything drawn; qpdf then
 * packs the result into object streams, so it is compact and passes qpdf --check. See docs/decisions/013.
 *
 * Ghostscript is the long step, and most uploads are clean and need no MuPDF change: the MuPDF step starts on the
 * upload beside the preflight, and Ghostscript on the upload as soon as MuPDF has changed nothing. Its output is
 * kept when the preflight hands back the upload itself (not encrypted, nothing repaired); otherwise it is stopped
 * as soon as that is known and both run again on the file the preflight gives (docs/decisions/014).
 */
export const grayscalePdf: ToolRunner<'grayscale-pdf'> = async (files, _options, context) => {
  const upload = requireOneFile(files);
  // Ghostscript is a PostScript interpreter: it never sees anything the preflight would not call a PDF.
  await assertPdf(upload.path);
  const early = new AbortController();
  const earlyContext: ToolContext = { ...context, signal: AbortSignal.any([context.signal, early.signal]) };
  const earlyGray = tempPath(context, 'gray');
  const earlyPreparation = settle(prepare(upload.path, earlyContext));
  // Started once MuPDF has answered (a few ms): a file it changed would waste a whole Ghostscript run.
  const earlyConversion = earlyPreparation.then((prepared): Promise<Settled<void>> =>
    prepared.ok && prepared.value.changed === 0 && !early.signal.aborted
      ? settle(convertToGray(upload.path, earlyGray, earlyContext))
      : Promise.resolve({ ok: false, error: new Error('Ghostscript was not started on the upload') }),
  );

  let gray: string;
  try {
    const input = await settle(preparePdfInput(upload, context, { imagesDecodedByTool: true }));
    const asUploaded = input.ok && input.value.path === upload.path;
    // Refused, decrypted or repaired: nothing done on the upload counts (a damaged file can keep Ghostscript busy
    // for minutes, e.g. a content stream that inflates without end).
    if (!asUploaded) early.abort();
    const { path } = valueOf(input);
    const prepared = asUploaded ? valueOf(await earlyPreparation) : await prepare(path, context);
    if (asUploaded && prepared.changed === 0) {
      valueOf(await earlyConversion);
      gray = earlyGray;
    } else {
      gray = tempPath(context, 'gray');
      await convertToGray(prepared.changed > 0 ? prepared.output : path, gray, context);
    }
  } finally {
    // Nothing started on the upload may outlive the job (its folder goes away after it).
    early.abort();
    await Promise.all([earlyConversion, earlyPreparation]);
  }

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
