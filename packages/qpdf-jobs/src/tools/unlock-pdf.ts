import type { QpdfFile } from '../qpdf-runner.js';
import {
  PASSWORD_FILE,
  type QpdfSession,
  type SourceDocument,
  outputOf,
  passwordFile,
  checkedBeside,
  runChecked,
} from '../qpdf-session.js';
import { WRITE_OPTIONS } from '../page-range.js';

/**
 * Removes encryption with the password that opened the document (the open or the owner password; none for one that
 * opens without, which has restrictions only); one that is not encrypted at all comes back re-saved. The run starts
 * at once with the password the visitor gave (`given`), beside the opening that finds which password opens the
 * document: that is the one nearly always, and when it is not (a wrong password for a document that needs none),
 * the run is made again with the one that opened it.
 */
export async function unlockDocument(session: QpdfSession, source: SourceDocument, given?: string): Promise<QpdfFile> {
  const tried = given || undefined;
  const first = decrypt(session, source.file, tried);
  const { password } = await checkedBeside(first, source.opened);
  if (password === tried) return first;
  await first.catch(() => undefined);
  return decrypt(session, source.file, password);
}

async function decrypt(session: QpdfSession, file: QpdfFile, password: string | undefined): Promise<QpdfFile> {
  const inputs = new Map<string, QpdfFile>([['input.pdf', file]]);
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
