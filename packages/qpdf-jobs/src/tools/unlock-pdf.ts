import type { QpdfFile } from '../qpdf-runner.js';
import {
  PASSWORD_FILE,
  type QpdfSession,
  type SourceDocument,
  outputOf,
  passwordFile,
  runChecked,
} from '../qpdf-session.js';
import { WRITE_OPTIONS } from '../page-range.js';

/**
 * Removes encryption with the password that opened the document (the open or the owner password; none for one that
 * opens without, which has restrictions only); one that is not encrypted at all comes back re-saved.
 */
export async function unlockDocument(session: QpdfSession, source: SourceDocument): Promise<QpdfFile> {
  const { password } = await source.opened;
  const inputs = new Map<string, QpdfFile>([['input.pdf', source.file]]);
  if (password !== undefined) inputs.set(PASSWORD_FILE, { bytes: passwordFile(password) });
  const run = await runChecked(
    session,
    {
      args: [
        ...(password === undefined ? [] : [`--password-file=${PASSWORD_FILE}`]),
        ...[...WRITE_OPTIONS, '--decrypt', 'input.pdf', 'unlocked.pdf'],
      ],
      inputs,
      outputs: ['unlocked.pdf'],
    },
    'wrong_password',
  );
  return outputOf(run, 'unlocked.pdf');
}
