import { tools } from '@paperknife/catalog/tools';
import { pagesAsImages } from '../render/page-images.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * Every page as a JPEG: MuPDF renders (in the worker pool) what a viewer shows, sharp encodes with the chosen
 * quality and records the resolution in the JPEG, pages side by side and beside the upload's preflight
 * (pagesAsImages). One page gives page-1.jpg, more give a ZIP named after the upload.
 */
export const pdfToJpg: ToolRunner<'pdf-to-jpg'> = (files, options, context) =>
  pagesAsImages(tools['pdf-to-jpg'], requireOneFile(files), context, { dpi: options.dpi, alpha: false }, (image) =>
    image.jpeg({ quality: options.quality, mozjpeg: true }),
  );
