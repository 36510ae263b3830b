import type { JpegOptions } from 'sharp';
import { tools } from '@paperknife/catalog/tools';
import { pagesAsImages } from '../render/page-images.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * How a page image is encoded at `quality` (docs/decisions/218): libjpeg-turbo with mozjpeg's quantisation tables,
 * Huffman tables made for the image, progressive; without mozjpeg's trellis quantisation, which made the files
 * about a fifth smaller at six to eight times the encoding time (a poster page: 1.6 s of a 2.2 s job).
 */
export const pageJpegOptions = (quality: number): JpegOptions => ({
  quality,
  quantisationTable: 3,
  optimiseCoding: true,
  progressive: true,
});

/**
 * Every page as a JPEG: MuPDF renders (in the worker pool) what a viewer shows, sharp encodes with the chosen
 * quality and records the resolution in the JPEG, pages side by side and beside the upload's preflight
 * (pagesAsImages). One page gives page-1.jpg, more give a ZIP named after the upload.
 */
export const pdfToJpg: ToolRunner<'pdf-to-jpg'> = (files, options, context) =>
  pagesAsImages(tools['pdf-to-jpg'], requireOneFile(files), context, { dpi: options.dpi, alpha: false }, (image) =>
    image.jpeg(pageJpegOptions(options.quality)),
  );
