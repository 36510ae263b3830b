import type { QpdfFile } from './qpdf-runner.js';
import { type QpdfSession, outputOf, runChecked } from './qpdf-session.js';
import { WRITE_OPTIONS } from './page-range.js';

/**
 * A new document of some pages of one input, in the order `range` (qpdf's page range) gives them (`--empty`: links
 * and form fields of the pages come along, nothing else of the input stays behind).
 */
export async function copyPages(session: QpdfSession, input: QpdfFile, range: string): Promise<QpdfFile> {
  const run = await runChecked(session, {
    args: [...WRITE_OPTIONS, '--empty', '--pages', 'input.pdf', range, '--', 'pages.pdf'],
    inputs: new Map([['input.pdf', input]]),
    outputs: ['pages.pdf'],
  });
  return outputOf(run, 'pages.pdf');
}
