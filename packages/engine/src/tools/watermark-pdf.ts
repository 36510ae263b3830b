import { pageSet } from '@paperknife/catalog/page-ranges';
import { tools } from '@paperknife/catalog/tools';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { requireOneFile } from '../jobs/single-file.js';
import { hexToRgb, stampPages } from '../stamping/stamp-pages.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/** Half an inch from the visible edges for the six edge positions. */
const MARGIN = 36;

/** Text stamped on the chosen pages, with real transparency, upright in the visible page (docs/decisions/022). */
export const watermarkPdf: ToolRunner<'watermark-pdf'> = async (files, options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const selected = pageSet(options.pages, input.pageCount);
  const pages = Array.from({ length: input.pageCount }, (_, i) => i + 1).filter((page) => selected.has(page));
  const output = await stampPages(
    {
      input: input.path,
      stamps: pages.map((page) => ({ page, text: options.text })),
      fontSize: options.fontSize,
      color: hexToRgb(options.color),
      opacity: options.opacity,
      position: options.position,
      rotation: options.rotation,
      margin: MARGIN,
    },
    'watermarked-document',
    context,
  );
  return { path: output, download: tools['watermark-pdf'].download };
};
