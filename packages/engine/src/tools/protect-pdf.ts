import { randomBytes } from 'node:crypto';
import { tools } from '@paperknife/catalog/tools';
import { preparePdfInput, tempPath } from '../preflight/pdf-input.js';
import { runQpdfJob } from '../programs/qpdf.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * AES-256 (security handler revision 6). Without an owner password we set a random one nobody knows, so the
 * chosen restrictions cannot be lifted with the open password alone.
 */
export const protectPdf: ToolRunner<'protect-pdf'> = async (files, options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const ownerPassword = options.ownerPassword || randomBytes(24).toString('base64url');
  const output = tempPath(context, 'protected-document');
  await runQpdfJob(
    {
      inputFile: input.path,
      outputFile: output,
      warningExit0: '',
      encrypt: {
        userPassword: options.userPassword,
        ownerPassword,
        '256bit': {
          print: options.allowPrinting ? 'full' : 'none',
          extract: options.allowCopying ? 'y' : 'n',
          modify: options.allowEditing ? 'all' : 'none',
        },
      },
    },
    context,
  );
  return { path: output, download: tools['protect-pdf'].download };
};
