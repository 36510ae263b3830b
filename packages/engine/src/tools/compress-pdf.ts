import { rm } from 'node:fs/promises';
import { ToolError } from '@paperknife/catalog/errors';
import { type compressResults, sizeHeaders } from '@paperknife/catalog/http-api';
import { tools } from '@paperknife/catalog/tools';
import { levels } from '../compress/level-settings.js';
import { type Rewritten, rewriteDocument } from '../compress/rewrite-document.js';
import { writeOutput } from '../compress/write-output.js';
import { runBesidePreflight } from '../preflight/beside-preflight.js';
import { assertPdf, isCleanLeavingJpegData, jpegDataDecodes, preparePdfInput } from '../preflight/pdf-input.js';
import { type Settled, settle } from '../jobs/settle.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolContext, ToolRunner } from '../jobs/tool-runner.js';

/**
 * Compress PDF. Every level merges duplicate objects (MuPDF) and runs qpdf's lossless pass (object streams, Flate
 * recompressed at level 9, unused objects dropped). Medium and high also resample images drawn above 150 or 96 dpi
 * down to that resolution and re-encode them, and drop other applications' private data (/PieceInfo, /Thumb);
 * text and vector graphics are never touched. 1-bit scans stay 1-bit, resampled to 300 dpi only when drawn well
 * above it (the catalogue's `compressBilevel`: above 450 dpi at medium, 330 at high), and are written as CCITT G4
 * when that is smaller; gray-looking scans become gray, CMYK images become RGB, and each JPEG gets the lowest
 * quality that meets its level's perceptual target. The result is never larger than the upload, and the answer's
 * headers say what happened. See docs/decisions/024, 100, 101 and 102.
 */
export const compressPdf: ToolRunner<'compress-pdf'> = async (files, options, context) => {
  const file = requireOneFile(files);
  await assertPdf(file.path);
  const settings = levels[options.level];

  // The MuPDF pass and the image encoding start on the upload while the preflight checks it; see
  // docs/decisions/105. At medium and high the preflight leaves JPEG data out, and only the JPEGs the output copies
  // as they are are decoded afterwards: most are re-encoded, and a scan's or a photo book's JPEGs took seconds to
  // decode in `qpdf --check` (Low copies every JPEG, so its preflight decodes them all at once).
  const { input, outcome } = await runBesidePreflight(file, context, {
    onUpload: (early) => rewriteDocument(file.path, settings, early),
    onPrepared: (prepared, late) => rewriteDocument(prepared.path, settings, late),
    ...(settings ? { preflight: { jpegDataCheckedByTool: true } } : {}),
  });
  let compressed = await writeOutput(input.path, rewriteOrLossless(outcome, context), context, isCleanLeavingJpegData);
  if (!input.jpegDataChecked && !(await jpegDataDecodes(compressed.source, context, compressed.swapped))) {
    // A JPEG copied as it is does not decode: the full preflight repairs the upload or refuses it, as at low.
    await rm(compressed.path, { force: true });
    const checked = await preparePdfInput(file, context);
    const again = await settle(rewriteDocument(checked.path, settings, context));
    compressed = await writeOutput(checked.path, rewriteOrLossless(again, context), context, isCleanLeavingJpegData);
  }
  const result: (typeof compressResults)[number] = compressed.size < file.size ? 'smaller' : 'unchanged';
  return {
    path: compressed.path,
    download: tools['compress-pdf'].download,
    headers: {
      [sizeHeaders.original.name]: String(file.size),
      [sizeHeaders.output.name]: String(compressed.size),
      [sizeHeaders.imagesRecompressed.name]: String(compressed.imagesRecompressed),
      [sizeHeaders.result.name]: result,
    },
  };
};

/**
 * The rewrite's result, or undefined when MuPDF or the image step failed on this file: the lossless pass alone
 * still gives a valid, smaller file. A timeout or a cancelled job is thrown.
 */
function rewriteOrLossless(outcome: Settled<Rewritten>, context: ToolContext): Rewritten | undefined {
  if (outcome.ok) return outcome.value;
  const { error } = outcome;
  if (context.signal.aborted || (error instanceof ToolError && error.code === 'processing_timeout')) throw error;
  return undefined;
}
