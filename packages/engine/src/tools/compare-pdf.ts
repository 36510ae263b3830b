import { writeFile } from 'node:fs/promises';
import { ToolError } from '@paperknife/catalog/errors';
import { tools } from '@paperknife/catalog/tools';
import type { CompareDocumentsPayload } from '../compare/compare-documents-task.js';
import type { CompareTasks } from '../compare/compare-tasks.js';
import { allDone } from '../jobs/settle.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolRunner } from '../jobs/tool-runner.js';
import { mupdfPool } from '../mupdf/pool.js';
import { preparePdfInput } from '../preflight/pdf-input.js';

const pool = mupdfPool<CompareTasks>();
const tool = tools['compare-pdf'];
const [jsonDownload] = tool.extraDownloads;

/**
 * The differences between two PDFs, the original first: a PDF report of both versions side by side, or the
 * differences as JSON (`format=json`). Both uploads go through the preflight, so a protected or damaged one is
 * refused with its own error before any comparing.
 */
export const comparePdf: ToolRunner<'compare-pdf'> = async (files, options, context) => {
  if (files.length < 2) throw new ToolError('not_enough_files', tool.noFileDescription);
  if (files.length > 2)
    throw new ToolError('too_many_files', 'Compare PDF takes two files: the original and the changed version.');
  const [originalFile, changedFile] = files as [(typeof files)[0], (typeof files)[0]];
  const [original, changed] = await allDone([
    preparePdfInput(originalFile, context),
    preparePdfInput(changedFile, context),
  ]);
  const report = options.format === 'pdf' ? tempPath(context, 'compare-report', '.pdf') : undefined;
  const payload: CompareDocumentsPayload = {
    original: original.path,
    changed: changed.path,
    ...(report ? { report: { path: report, originalName: originalFile.name, changedName: changedFile.name } } : {}),
  };
  const differences = await pool.run('compare-documents', payload, {
    signal: context.signal,
    timeoutMs: context.limits.jobTimeoutMs,
    ...(context.progress ? { progress: context.progress } : {}),
  });
  if (report) return { path: report, download: tool.download };
  const json = tempPath(context, 'differences', '.json');
  await writeFile(json, JSON.stringify(differences));
  return { path: json, download: jsonDownload };
};
