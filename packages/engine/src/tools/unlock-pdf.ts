import { tools } from '@paperknife/catalog/tools';
import { checkAfter } from '../preflight/check-after.js';
import { tempPath } from '../jobs/temp-path.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * Removes encryption with the open or the owner password. A PDF that opens without a password (restrictions
 * only) needs none; one that is not encrypted at all comes back re-saved.
 */
export const unlockPdf: ToolRunner<'unlock-pdf'> = async (files, options, context) => {
  const path = await checkAfter<string>([requireOneFile(files)], context, {
    writtenBy: 'qpdf',
    unlockPassword: options.password ?? '',
    outputs: (output) => [{ path: output }],
    run: async ({ sources: [input], qpdf }) => {
      const output = tempPath(context, 'unlocked-document');
      const { password } = await input!.opened;
      await qpdf(['--decrypt', input!.path, output], { password, passwordError: 'wrong_password' });
      return output;
    },
  });
  return { path, download: tools['unlock-pdf'].download };
};
