import type { QpdfFile } from './qpdf-runner.js';
import { type QpdfSession, outputOf, runChecked } from './qpdf-session.js';
import { WRITE_OPTIONS, qpdfPageRange } from './page-range.js';

/**
 * A new document of some pages of one input, in the order given (`--empty`: links and form fields of the pages
 * come along, nothing else of the input stays behind).
 */
export async function copyPages(session: QpdfSession, input: QpdfFile, pages: readonly number[]): Promise<QpdfFile> {
  const run = await runChecked(session, {
    args: [...WRITE_OPTIONS, '--empty', '--pages', 'input.pdf', qpdfPageRange(pages), '--', 'pages.pdf'],
    inputs: new Map([['input.pdf', input]]),
    outputs: ['pages.pdf'],
  });
  return outputOf(run, 'pages.pdf');
}
