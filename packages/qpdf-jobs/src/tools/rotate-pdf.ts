import { selectPages } from '@paperknife/catalog/page-ranges';
import type { ToolOptions } from '@paperknife/catalog/tools';
import type { QpdfFile } from '../qpdf-runner.js';
import { type QpdfSession, type SourceDocument, outputOf, runChecked } from '../qpdf-session.js';
import { WRITE_OPTIONS, qpdfPageRange } from '../page-range.js';

/**
 * Turns pages clockwise by changing their /Rotate only: content is untouched. qpdf's `+angle` is relative,
 * so a page already at 90 turned by 90 ends at 180, which is what the user sees and expects. `--decrypt` drops
 * the restrictions of an input that opens without a password, as every tool but Protect does. Every page: no count
 * needed, so qpdf starts at once.
 */
export async function rotateDocument(
  session: QpdfSession,
  source: SourceDocument,
  options: ToolOptions<'rotate-pdf'>,
): Promise<QpdfFile> {
  const pages = options.pages?.trim()
    ? [...new Set(selectPages(options.pages, (await source.opened).pageCount))].sort((a, b) => a - b)
    : undefined;
  const target = pages ? `:${qpdfPageRange(pages)}` : '';
  const run = await runChecked(session, {
    args: [...WRITE_OPTIONS, '--decrypt', `--rotate=+${options.angle}${target}`, 'input.pdf', 'rotated.pdf'],
    inputs: new Map([['input.pdf', source.file]]),
    outputs: ['rotated.pdf'],
  });
  return outputOf(run, 'rotated.pdf');
}
