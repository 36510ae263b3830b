import { copyFile, stat } from 'node:fs/promises';
import type { Rewritten } from './rewrite-document.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import { optimizeLossless } from '../programs/qpdf.js';

export interface Compressed {
  path: string;
  size: number;
  imagesRecompressed: number;
  /** The file whose objects the output holds (its numbering), and the image streams in it that were swapped. */
  source: string;
  swapped: ReadonlySet<number>;
}

/**
 * The qpdf pass over the rewrite (or over `input` alone when there is none or its output fails `checkOutput`, the
 * preflight's clean-file check leaving JPEG data out), and the size rule: never larger than `input`, the file as the
 * preflight handed it back.
 */
export async function writeOutput(
  input: string,
  rewritten: Rewritten | undefined,
  context: ToolContext,
  checkOutput: (path: string, context: ToolContext) => Promise<boolean>,
): Promise<Compressed> {
  const output = tempPath(context, 'compressed-document');
  // The new image streams go in during the lossless pass: one qpdf write of the whole file, not two.
  const update = rewritten?.update ? [`--update-from-json=${rewritten.update}`] : [];
  await optimizeLossless(rewritten?.path ?? input, output, context, update);
  let taken = rewritten;
  // The output's JPEG data is the input's, which the preflight or jpegDataDecodes decodes, or sharp's new JPEGs:
  // decoding it here again took as long as the preflight (seconds on a scan). Everything MuPDF wrote is checked.
  if (rewritten && !(await checkOutput(output, context))) {
    await optimizeLossless(input, output, context);
    taken = undefined;
  }
  const size = (await stat(output)).size;
  const inputSize = (await stat(input)).size;
  if (size >= inputSize) {
    // Nothing gained: hand back the file as it came (or as the preflight had to decrypt or repair it, since a
    // damaged upload must not be returned).
    await copyFile(input, output);
    return { path: output, size: inputSize, imagesRecompressed: 0, source: input, swapped: new Set() };
  }
  if (!taken) return { path: output, size, imagesRecompressed: 0, source: input, swapped: new Set() };
  return {
    path: output,
    size,
    imagesRecompressed: taken.imagesRecompressed,
    source: taken.path,
    swapped: taken.swapped,
  };
}
