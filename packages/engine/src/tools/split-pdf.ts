import { tools } from '@paperknife/catalog/tools';
import { type SplitPart, partNames, splitDocument } from '@paperknife/qpdf-jobs/tools/split-pdf';
import { checkAfter } from '../preflight/check-after.js';
import { tempPath } from '../jobs/temp-path.js';
import { diskDocument, diskPath } from '../programs/qpdf-child-runner.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';
import { writeZip } from '../jobs/zip-output.js';

/**
 * Splits into parts (one per page, per range, or every N pages) and returns them in one ZIP: the shared job
 * (`@paperknife/qpdf-jobs`) on the server's qpdf, each part named after the upload and its pages.
 */
export const splitPdf: ToolRunner<'split-pdf'> = async (files, options, context) => {
  const file = requireOneFile(files);
  const { parts, pageCount } = await checkAfter<{ parts: SplitPart[]; pageCount: number }>([file], context, {
    writtenBy: 'qpdf',
    outputs: (split) => split.parts.map((part) => ({ path: diskPath(part.file) })),
    run: ({ sources: [input], session }) => splitDocument(session, diskDocument(input!), options),
  });
  const names = partNames(file.name, parts, pageCount);
  const entries = parts.map((part, index) => ({
    name: names[index]!,
    path: diskPath(part.file),
    store: 'if-incompressible' as const,
  }));
  const output = tempPath(context, 'split-pages', '.zip');
  await writeZip(output, entries, context.signal);
  return { path: output, download: tools['split-pdf'].download };
};
