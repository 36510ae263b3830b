import { ToolError } from '@paperknife/catalog/errors';
import { pageSet } from '@paperknife/catalog/page-ranges';
import { POINTS_PER_MM } from '@paperknife/catalog/paper-sizes';
import { tools } from '@paperknife/catalog/tools';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { requireOneFile } from '../jobs/single-file.js';
import { cropPageBoxes } from '../page-layout/layout-document.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * Crops the chosen pages (every page by default): white margins trimmed from each page's content, or the margins
 * given in millimetres cut from each side as the page is shown. Sets /CropBox only, or with `removeOutside` also
 * removes the content outside and makes the crop box the media box (docs/decisions/183, 202).
 */
export const cropPdf: ToolRunner<'crop-pdf'> = async (files, options, context) => {
  const { top, right, bottom, left } = options;
  if (options.mode === 'margins' && top + right + bottom + left === 0) {
    throw new ToolError('invalid_option', 'Set at least one margin above 0 mm to crop the pages.');
  }
  const input = await preparePdfInput(requireOneFile(files), context);
  const pages = [...pageSet(options.pages, input.pageCount)].sort((a, b) => a - b);
  const points = (mm: number) => mm * POINTS_PER_MM;
  const output = await cropPageBoxes(
    {
      input: input.path,
      pages,
      crop:
        options.mode === 'margins'
          ? {
              kind: 'margins',
              margins: { top: points(top), right: points(right), bottom: points(bottom), left: points(left) },
            }
          : { kind: 'trim-white', sameBox: options.sameBox },
      removeOutside: options.removeOutside,
    },
    context,
  );
  return { path: output, download: tools['crop-pdf'].download };
};
