import { tools } from '@paperknife/catalog/tools';
import { pagesAsImages } from '../render/page-images.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * Every page as a PNG, lossless: MuPDF renders (in the worker pool) what a viewer shows, on white or, with
 * `transparent`, with an alpha channel where the page draws nothing; sharp encodes and records the resolution.
 * Pages side by side and beside the upload's preflight (pagesAsImages). One page gives page-1.png, more give a ZIP
 * of PNGs named after the upload.
 */
export const pdfToPng: ToolRunner<'pdf-to-png'> = (files, options, context) =>
  pagesAsImages(
    tools['pdf-to-png'],
    requireOneFile(files),
    context,
    { dpi: options.dpi, alpha: options.transparent },
    (image) => image.png({ compressionLevel: 6 }),
  );
