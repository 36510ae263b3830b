import {
  type MetadataField,
  metadataDateFields,
  metadataTextFields,
  pdfDateFromIso,
} from '@paperknife/catalog/document-metadata';
import { tools } from '@paperknife/catalog/tools';
import { writeMetadataInPool } from '../document-data/document-data-runs.js';
import { checkAfter } from '../preflight/check-after.js';
import { tempPath } from '../jobs/temp-path.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * Writes the properties given, removes those listed in `clear` (the others stay), or removes them all, in the information dictionary and the XMP
 * packet alike. MuPDF writes the file, so the output is checked with `qpdf --check` (decision 115).
 */
export const editMetadata: ToolRunner<'edit-metadata'> = async (files, options, context) => {
  const values: Partial<Record<MetadataField, string>> = {};
  for (const field of metadataTextFields) if (options[field] !== undefined) values[field] = options[field];
  for (const field of metadataDateFields) {
    const date = options[field] === undefined ? undefined : pdfDateFromIso(options[field]);
    if (date !== undefined) values[field] = date;
  }
  const path = await checkAfter<string>([requireOneFile(files)], context, {
    writtenBy: 'tool',
    outputs: (output) => [{ path: output }],
    run: async ({ sources: [input], context: attemptContext }) => {
      const output = tempPath(context, 'edited-document');
      await writeMetadataInPool(
        { input: input!.path, output, values, cleared: options.clear ?? [], removeAll: options.removeAll },
        attemptContext,
      );
      return output;
    },
  });
  return { path, download: tools['edit-metadata'].download };
};
