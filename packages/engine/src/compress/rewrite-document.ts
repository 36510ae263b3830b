import type { CompressPreparePayload, CompressPrepareResult } from './compress-prepare-task.js';
import type { CompressTasks } from './compress-tasks.js';
import { imageEncoder } from './encode-images.js';
import type { LevelSettings } from './level-settings.js';
import { objectUpdate } from './object-update.js';
import type { SampledImage } from './resample-images.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import { mupdfPool } from '../mupdf/pool.js';

const pool = mupdfPool<CompressTasks>();

export interface Rewritten {
  path: string;
  /**
   * qpdf JSON (--update-from-json) that swaps the new image streams into `path`, when any pays, and makes the edits
   * MuPDF found (duplicates merged, private data dropped).
   */
  update?: string;
  /** Images whose streams were swapped for resampled or re-encoded ones (soft masks not counted). */
  imagesRecompressed: number;
  /** The object numbers (in `path`) of the streams swapped, soft masks included. */
  swapped: ReadonlySet<number>;
}

/**
 * The MuPDF pass and, at the lossy levels, the image swap. Each image the worker resamples is encoded here as soon
 * as it is written, while the worker decodes the next (a photo book's 42 pages took the sum of both before).
 */
export async function rewriteDocument(
  path: string,
  settings: LevelSettings | undefined,
  context: ToolContext,
): Promise<Rewritten> {
  const deduplicated = tempPath(context, 'deduplicated');
  const payload: CompressPreparePayload = {
    input: path,
    output: deduplicated,
    ...(settings
      ? { images: { ...settings.images, folder: context.workDir }, discardPrivateData: true, subsetFonts: true }
      : {}),
  };
  const encoder = settings ? imageEncoder(settings, context) : undefined;
  let prepared: CompressPrepareResult;
  try {
    prepared = await pool.run('compress-prepare', payload, {
      signal: context.signal,
      timeoutMs: context.limits.jobTimeoutMs,
      ...(encoder ? { onPart: (image) => encoder.add(image as SampledImage) } : {}),
    });
  } finally {
    // Nothing started here outlives the call, whether the worker's step succeeded or not.
    await encoder?.settled();
  }
  const replacements = (await encoder?.done()) ?? [];
  if (replacements.length === 0 && !prepared.edits) {
    return { path: prepared.path, imagesRecompressed: 0, swapped: new Set() };
  }
  const { update, swapped } = await objectUpdate(prepared.path, replacements, prepared.edits, context);
  const imagesRecompressed = replacements.filter((image) => !image.softMask && swapped.has(image.object)).length;
  return { path: prepared.path, update, imagesRecompressed, swapped };
}
