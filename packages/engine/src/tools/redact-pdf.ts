import { writeFile } from 'node:fs/promises';
import { formatRedactedAreas, redactionHeaders } from '@paperknife/catalog/redaction';
import { tools } from '@paperknife/catalog/tools';
import { mupdfPool } from '../mupdf/pool.js';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { optimizeLossless } from '../programs/qpdf.js';
import type { RedactionTasks } from '../redaction/redaction-tasks.js';
import type { RedactionSearch } from '../redaction/text-matches.js';
import { hexToRgb } from '../stamping/stamp-pages.js';
import { requireOneFile } from '../jobs/single-file.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

const pool = mupdfPool<RedactionTasks>();

/**
 * Redaction in the MuPDF pool (docs/decisions/188): `output=hits` answers the search's matches as JSON for review;
 * otherwise every match and box is blacked out for good and the redacted words leave the rest of the file too.
 * qpdf then rewrites the result, which also checks it.
 */
export const redactPdf: ToolRunner<'redact-pdf'> = async (files, options, context) => {
  const input = await preparePdfInput(requireOneFile(files), context);
  const tool = tools['redact-pdf'];
  const run = { signal: context.signal, timeoutMs: context.limits.jobTimeoutMs };
  const search: RedactionSearch = {
    search: options.search,
    regex: options.regex,
    caseSensitive: options.caseSensitive,
    presets: options.presets ?? [],
  };
  if (options.output === 'hits') {
    const hits = await pool.run('redaction-find-hits', { input: input.path, search }, run);
    const path = tempPath(context, 'redaction-hits', '.json');
    await writeFile(path, JSON.stringify(hits));
    return { path, download: tool.extraDownloads[0] };
  }
  const redacted = tempPath(context, 'redacted');
  const result = await pool.run(
    'redaction-apply',
    { input: input.path, output: redacted, boxes: options.boxes ?? [], search, fill: hexToRgb(options.fill) },
    run,
  );
  const output = tempPath(context, 'redacted-document');
  await optimizeLossless(redacted, output, context);
  return {
    path: output,
    download: tool.download,
    headers: {
      [redactionHeaders.pages.name]: formatRedactedAreas(new Map(result.areas)),
      [redactionHeaders.elsewhere.name]: String(result.elsewhere),
    },
  };
};
