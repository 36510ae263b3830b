import { readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { encodeSampled } from './encode-sampled-image.js';
import { encodeFlate } from './image-recompress.js';
import type { Replacement } from './image-replacement.js';
import { type LevelSettings, MIN_SAVING } from './level-settings.js';
import type { SampledImage } from './resample-images.js';
import { sampledImageFiles } from './sampled-image-files.js';
import { concurrencyLimit } from '../jobs/concurrency-limit.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import { abortError } from '../programs/run-process.js';

/** Images encoded at once: sharp's encoders run on its own threads, one image each. */
const MAX_ENCODES_AT_ONCE = 2;

export interface ImageEncoder {
  /** Starts encoding an image (in turn); a soft mask shared by several images goes with the first. */
  add(image: SampledImage): void;
  /** Resolves when every encoding started has ended, however it ended. */
  settled(): Promise<void>;
  /** The replacements that pay, in the order the images came; rejects with the first encoding's error. */
  done(): Promise<Replacement[]>;
}

/** Encodes sampled images as they come, keeping only those whose new bytes (with their mask) save enough. */
export function imageEncoder(settings: LevelSettings, context: ToolContext): ImageEncoder {
  const inTurn = concurrencyLimit(Math.max(1, Math.min(MAX_ENCODES_AT_ONCE, context.cores ?? availableParallelism())));
  const masksTaken = new Set<number>();
  const encodings: Promise<Replacement[]>[] = [];
  return {
    add(image) {
      const smask = image.smask && !masksTaken.has(image.smask.object) ? image.smask : undefined;
      if (smask) masksTaken.add(smask.object);
      const encoding = inTurn(() => encodeImage(image, smask, settings, context));
      encoding.catch(() => undefined); // handled by done(); settled() only waits
      encodings.push(encoding);
    },
    async settled() {
      await Promise.allSettled(encodings);
    },
    async done() {
      return (await Promise.all(encodings)).flat();
    },
  };
}

/** The image's replacement and its soft mask's, or none when the new bytes do not save enough. */
async function encodeImage(
  image: SampledImage,
  smask: SampledImage['smask'],
  settings: LevelSettings,
  context: ToolContext,
): Promise<Replacement[]> {
  try {
    if (context.signal.aborted) throw abortError(context.signal);
    const { encoded, targetMet, decodeParms } = await encodeSampled(image, settings.jpeg);
    const maskData = smask ? await encodeFlate(await readFile(smask.pixels)) : undefined;

    const before = image.originalBytes + (smask?.originalBytes ?? 0);
    const after = encoded.data.length + (maskData?.length ?? 0);
    // 1-bit samples re-encoded as they are lose nothing: any saving will do.
    const recode = image.lossyAtOwnSize
      ? settings.lossyRecode
      : { minSaving: image.bilevel?.asStored ? 0 : MIN_SAVING, targetMet: false };
    const pays = after < before && after <= before * (1 - recode.minSaving) && (targetMet || !recode.targetMet);
    // A converted CMYK image goes in whatever it saves: the output intent its colours relied on may be gone.
    if (!image.convertedFromCmyk && !pays) return [];

    const data = tempPath(context, `image-${image.object}`, '.bin');
    await writeFile(data, encoded.data);
    const replacements: Replacement[] = [
      {
        object: image.object,
        softMask: false,
        sourceWidth: image.sourceWidth,
        sourceHeight: image.sourceHeight,
        data,
        filter: encoded.filter,
        ...(decodeParms ? { decodeParms } : {}),
        width: image.width,
        height: image.height,
        bitsPerComponent: image.bilevel ? 1 : 8,
        ...(image.colorSpace ? { colorSpace: image.colorSpace } : {}),
        ...(image.bilevel?.asStored ? { keepDecode: true } : {}),
      },
    ];
    if (smask && maskData) {
      const maskFile = tempPath(context, `mask-${smask.object}`, '.bin');
      await writeFile(maskFile, maskData);
      replacements.push({
        object: smask.object,
        softMask: true,
        sourceWidth: smask.sourceWidth,
        sourceHeight: smask.sourceHeight,
        data: maskFile,
        filter: '/FlateDecode',
        width: smask.width,
        height: smask.height,
        bitsPerComponent: 8,
        colorSpace: '/DeviceGray',
      });
    }
    return replacements;
  } finally {
    for (const file of sampledImageFiles(image)) await rm(file, { force: true });
  }
}
