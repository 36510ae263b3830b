import { repairReportHeader } from '@paperknife/catalog/http-api';
import { ToolError } from '@paperknife/catalog/errors';
import { type RepairProblem, formatRepairReport } from '@paperknife/catalog/repair-report';
import { tools } from '@paperknife/catalog/tools';
import { damageFindings } from '../document-data/damage-findings.js';
import { bestCopy, repairedCopies } from '../document-data/repaired-copies.js';
import { assertPdf, encryptionOf, passwordRefusal } from '../preflight/pdf-input.js';
import { runQpdfCountingPages } from '../programs/qpdf.js';
import { allDone } from '../jobs/settle.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolContext, ToolRunner } from '../jobs/tool-runner.js';

/**
 * The best copy qpdf, MuPDF and Ghostscript can make of a damaged PDF: each repairs the upload, and the copy that
 * passes `qpdf --check` with the most pages and text is kept. Not the preflight's way, which refuses what it cannot
 * make sound (decision 115): the damage is this tool's input, so only a PDF that needs a password is refused
 * before the engines try.
 */
export const repairPdf: ToolRunner<'repair-pdf'> = async (files, _options, context) => {
  const { path } = requireOneFile(files);
  await assertPdf(path);
  if ((await encryptionOf(path, context)) === 'password') throw passwordRefusal(undefined);
  const [problems, copies] = await allDone([whatWasWrong(path, context), repairedCopies(path, context)]);
  const best = bestCopy(copies);
  if (!best) {
    throw new ToolError('damaged_pdf', 'This PDF is too badly damaged: no engine could recover a page from it.');
  }
  const report = formatRepairReport({ engine: best.engine, pages: best.pages, characters: best.characters, problems });
  return {
    path: best.path,
    download: tools['repair-pdf'].download,
    headers: { [repairReportHeader.name]: report },
  };
};

/** `qpdf --check`'s findings on the upload; a file qpdf cannot open at all has its cross-reference table broken. */
async function whatWasWrong(path: string, context: ToolContext): Promise<RepairProblem[]> {
  try {
    const { stdout, stderr, pages } = await runQpdfCountingPages(['--check', path], context, { okCodes: [0, 2, 3] });
    return damageFindings(`${stderr}\n${stdout}`, pages);
  } catch (error) {
    if (context.signal.aborted) throw error;
    return ['xref'];
  }
}
