import type { ToolOptions } from '@paperknife/catalog/tools';
import type { QpdfFile } from '../qpdf-runner.js';
import { type QpdfSession, outputOf, runChecked } from '../qpdf-session.js';

/**
 * AES-256 (security handler revision 6). Without an owner password we set a random one nobody knows, so the
 * chosen restrictions cannot be lifted with the open password alone. The passwords reach qpdf in a job's JSON
 * (`--job-json-file`), among the run's inputs: never on a command line, and a password that starts with '-' cannot
 * be taken for an option. No `--deterministic-id`: qpdf refuses it with encryption (its ID is random).
 */
export async function protectDocument(
  session: QpdfSession,
  input: QpdfFile,
  options: ToolOptions<'protect-pdf'>,
): Promise<QpdfFile> {
  const job = {
    inputFile: 'input.pdf',
    outputFile: 'protected.pdf',
    encrypt: {
      userPassword: options.userPassword,
      ownerPassword: options.ownerPassword || randomPassword(),
      '256bit': {
        print: options.allowPrinting ? 'full' : 'none',
        extract: options.allowCopying ? 'y' : 'n',
        modify: options.allowEditing ? 'all' : 'none',
      },
    },
  };
  const run = await runChecked(session, {
    args: ['--job-json-file=job.json'],
    inputs: new Map<string, QpdfFile>([
      ['input.pdf', input],
      ['job.json', { bytes: new TextEncoder().encode(JSON.stringify(job)) }],
    ]),
    outputs: ['protected.pdf'],
  });
  return outputOf(run, 'protected.pdf');
}

/** 24 random bytes, base64url: 32 characters. */
function randomPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}
