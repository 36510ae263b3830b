import { pageSet } from '@paperknife/catalog/page-ranges';
import { tools } from '@paperknife/catalog/tools';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { requireOneFile } from '../jobs/single-file.js';
import { stampPages } from '../stamping/stamp-pages.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/** Numbers sit this far from the visible edges. */
const MARGIN = 28;

/**
 * Numbers the chosen pages: the first numbered page gets `startNumber`, the next one more, and so on; `{total}` is
 * the last number given (startNumber - 1 + pages numbered), so "Page {n} of {total}" reads right (decision 022).
 */
export const pageNumbers: ToolRunner<'page-numbers'> = async (files, options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const selected = pageSet(options.pages, input.pageCount);
  const pages = Array.from({ length: input.pageCount }, (_, i) => i + 1).filter((page) => selected.has(page));
  const total = options.startNumber - 1 + pages.length;
  const output = await stampPages(
    {
      input: input.path,
      stamps: pages.map((page, index) => ({
        page,
        text: options.format
          .replaceAll('{n}', String(options.startNumber + index))
          .replaceAll('{total}', String(total)),
      })),
      fontSize: options.fontSize,
      color: [0, 0, 0],
      opacity: 1,
      position: options.position,
      rotation: 0,
      margin: MARGIN,
    },
    'page-numbered-document',
    context,
  );
  return { path: output, download: tools['page-numbers'].download };
};
