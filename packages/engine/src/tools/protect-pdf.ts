import { randomBytes } from 'node:crypto';
import { tools } from '@paperknife/catalog/tools';
import { checkAfter } from '../preflight/check-after.js';
import { tempPath } from '../jobs/temp-path.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * AES-256 (security handler revision 6). Without an owner password we set a random one nobody knows, so the
 * chosen restrictions cannot be lifted with the open password alone.
 */
export const protectPdf: ToolRunner<'protect-pdf'> = async (files, options, context) => {
  const ownerPassword = options.ownerPassword || randomBytes(24).toString('base64url');
  const path = await checkAfter<string>([requireOneFile(files)], context, {
    writtenBy: 'qpdf',
    outputs: (output) => [{ path: output, password: options.userPassword || undefined }],
    run: async ({ sources: [input], qpdfJob }) => {
      const output = tempPath(context, 'protected-document');
      await qpdfJob({
        inputFile: input!.path,
        outputFile: output,
        encrypt: {
          userPassword: options.userPassword,
          ownerPassword,
          '256bit': {
            print: options.allowPrinting ? 'full' : 'none',
            extract: options.allowCopying ? 'y' : 'n',
            modify: options.allowEditing ? 'all' : 'none',
          },
        },
      });
      return output;
    },
  });
  return { path, download: tools['protect-pdf'].download };
};
