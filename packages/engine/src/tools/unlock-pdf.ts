import { tools } from '@paperknife/catalog/tools';
import { preparePdfInput, tempPath } from '../preflight/pdf-input.js';
import { runQpdf } from '../programs/qpdf.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * Removes encryption with the open or the owner password. A PDF that opens without a password (restrictions
 * only) needs none; one that is not encrypted at all comes back re-saved.
 */
export const unlockPdf: ToolRunner<'unlock-pdf'> = async (files, options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context, { unlockPassword: options.password ?? '' });
  const output = tempPath(context, 'unlocked-document');
  await runQpdf(['--warning-exit-0', '--decrypt', input.path, output], context);
  return { path: output, download: tools['unlock-pdf'].download };
};
