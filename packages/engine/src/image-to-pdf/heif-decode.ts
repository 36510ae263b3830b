import { ToolError } from '@paperknife/catalog/errors';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import { ProcessFailure, runProcess } from '../programs/run-process.js';
import { checkPixels } from './pdf-image.js';

/** A decoded HEIF image: the file and its format. */
export interface DecodedHeif {
  path: string;
  type: 'jpeg' | 'png';
}

/** JPEG quality of a decoded HEIF photo: past what the eye tells apart from the HEVC original. */
const HEIF_JPEG_QUALITY = 92;

/**
 * HEIC/HEIF (phone photos are HEVC, which the prebuilt sharp cannot decode, and no PDF holds) through libheif's
 * tools (Debian's libheif-examples): `heif-info` reads the size from the header first, so an image past the pixel
 * limit is refused before anything is decoded; `heif-convert` applies the file's rotation and mirroring. A photo
 * becomes a high-quality JPEG (a lossless PNG of a 12-megapixel photo is 8 times the HEIC, and 4 times slower to
 * write); an image with transparency a PNG, which keeps it.
 */
export async function decodeHeif(path: string, context: ToolContext): Promise<DecodedHeif> {
  const options = { cwd: context.workDir, signal: context.signal, timeoutMs: context.limits.jobTimeoutMs };
  try {
    const info = await runProcess('heif-info', [path], options);
    const size = /^image: (\d+)x(\d+).*primary/m.exec(info.stdout);
    if (!size) throw new ToolError('damaged_image');
    checkPixels(Number(size[1]), Number(size[2]));
    const type = /^\s*alpha channel: yes/m.test(info.stdout) ? 'png' : 'jpeg';
    const output = tempPath(context, 'heif', type === 'png' ? '.png' : '.jpg');
    await runProcess('heif-convert', ['--quiet', '-q', String(HEIF_JPEG_QUALITY), path, output], options);
    return { path: output, type };
  } catch (error) {
    if (error instanceof ProcessFailure) throw new ToolError('damaged_image', undefined, { cause: error });
    throw error;
  }
}
