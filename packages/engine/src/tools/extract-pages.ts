import { selectPages } from '@paperknife/catalog/page-ranges';
import { tools } from '@paperknife/catalog/tools';
import { preparePdfInput, tempPath } from '../preflight/pdf-input.js';
import { copyPages } from '../programs/qpdf.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/** Copies the pages the user lists, in the order written, into a new PDF (lossless: qpdf copies objects). */
export const extractPages: ToolRunner<'extract-pages'> = async (files, options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const pages = selectPages(options.pages, input.pageCount);
  const output = tempPath(context, 'extracted-pages');
  await copyPages(input.path, pages, output, context);
  return { path: output, download: tools['extract-pages'].download };
};
