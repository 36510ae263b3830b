import { ToolError } from '@paperknife/catalog/errors';
import { selectPages } from '@paperknife/catalog/page-ranges';
import { tools } from '@paperknife/catalog/tools';
import { preparePdfInput, tempPath } from '../preflight/pdf-input.js';
import { copyPages } from '../programs/qpdf.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/** Keeps every page the user did not list, in the original order. */
export const deletePages: ToolRunner<'delete-pages'> = async (files, options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const doomed = new Set(selectPages(options.pages, input.pageCount));
  const kept = Array.from({ length: input.pageCount }, (_, i) => i + 1).filter((page) => !doomed.has(page));
  if (kept.length === 0) throw new ToolError('no_pages_left');
  const output = tempPath(context, 'pages-deleted');
  await copyPages(input.path, kept, output, context);
  return { path: output, download: tools['delete-pages'].download };
};
