import type { SampledImage } from './resample-images.js';

/**
 * The pixel files `resampleImage` wrote for an image (its pixels, 1-bit rows and G4 data, its soft mask's pixels),
 * for whoever is done with them: the worker when it drops an image, the main thread once it has encoded one. A
 * module without MuPDF, so the main thread can call it.
 */
export function sampledImageFiles(image: SampledImage): string[] {
  const paths = [image.pixels, image.bilevel?.rows, image.bilevel?.g4, image.smask?.pixels];
  return paths.filter((path): path is string => path !== undefined);
}
