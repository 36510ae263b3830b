import { sanitizeReportHeader } from '@paperknife/catalog/http-api';
import { type SanitizeReport, formatSanitizeReport } from '@paperknife/catalog/sanitize-report';
import { tools } from '@paperknife/catalog/tools';
import { sanitizeInPool } from '../document-data/document-data-runs.js';
import { checkAfter } from '../preflight/check-after.js';
import { tempPath } from '../jobs/temp-path.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * Removes the chosen kinds of hidden data (scripts and actions, attachments, metadata, hidden layers, comments,
 * form fields, links) in one MuPDF pass; the answer's report counts what was found and removed. MuPDF writes the
 * file, so the output is checked with `qpdf --check` (decision 115).
 */
export const sanitizePdf: ToolRunner<'sanitize-pdf'> = async (files, options, context) => {
  const result = await checkAfter<{ path: string; report: SanitizeReport }>([requireOneFile(files)], context, {
    writtenBy: 'tool',
    outputs: ({ path }) => [{ path }],
    run: async ({ sources: [input], context: attemptContext }) => {
      const output = tempPath(context, 'sanitized-document');
      const report = await sanitizeInPool({ input: input!.path, output, remove: options }, attemptContext);
      return { path: output, report };
    },
  });
  return {
    path: result.path,
    download: tools['sanitize-pdf'].download,
    headers: { [sanitizeReportHeader.name]: formatSanitizeReport(result.report) },
  };
};
