import { ToolError } from '@paperknife/catalog/errors';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import { runQpdf } from '../programs/qpdf.js';

/** `qpdf --check`'s exit code: 0 clean, 3 warnings, 2 errors. */
async function checkCode(path: string, context: ToolContext): Promise<number> {
  return (await runQpdf(['--check', path], context, { okCodes: [0, 2, 3] })).code;
}

/**
 * The converted file, once `qpdf --check` passes it. Ghostscript wrote its structure, so it is checked at every run
 * (docs/decisions/175). Ghostscript 10.00 writes some of it wrong: the parameters of a file attachment annotation's
 * embedded file are copied with names unescaped (`/text#2Fplain` becomes `/text/plain`, which ends the dictionary
 * early), even when the annotation itself is dropped. A file the check warns about is rewritten by qpdf, which keeps
 * the version, the XMP, the output intent and the first /ID string, and is checked again; one that still fails is
 * `damaged_pdf`. Answers the file that passed; the caller reads the PDF/A facts from that one.
 */
export async function checkedOutput(path: string, context: ToolContext): Promise<string> {
  if ((await checkCode(path, context)) === 0) return path;
  const rewritten = tempPath(context, 'pdfa-rewritten');
  await runQpdf([path, rewritten], context);
  if ((await checkCode(rewritten, context)) !== 0) throw new ToolError('damaged_pdf');
  return rewritten;
}
