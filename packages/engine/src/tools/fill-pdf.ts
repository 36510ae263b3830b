import { ToolError } from '@paperknife/catalog/errors';
import type { FormValues } from '@paperknife/catalog/pdf-form-fields';
import { tools } from '@paperknife/catalog/tools';
import { fillFormCopies } from '../forms/forms-pool.js';
import { readFormRows } from '../forms/form-rows.js';
import { padPage, uploadStem } from '@paperknife/qpdf-jobs/part-names';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolRunner } from '../jobs/tool-runner.js';
import { writeZip } from '../jobs/zip-output.js';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { runQpdf } from '../programs/qpdf.js';

const tool = tools['fill-pdf'];

/**
 * Fills a form with `values`; with a rows file (the server hands it over after the PDF), one copy per row, each
 * row's values over `values`, as a ZIP (named by a column or the row number) or one PDF of every copy in turn
 * (qpdf joins them, renaming the copies' fields apart). Values are checked in the worker against the fields.
 */
export const fillPdf: ToolRunner<'fill-pdf'> = async (files, options, context) => {
  const [upload, rowsFile] = files;
  if (!upload) throw new ToolError('missing_file', tool.noFileDescription);
  const input = await preparePdfInput(upload, context);
  const common = options.values ?? {};
  if (!rowsFile) {
    const output = tempPath(context, 'filled-form');
    await fillFormCopies(input.path, [common], [output], options.flatten, context);
    return { path: output, download: tool.download };
  }

  const rows = await readFormRows(rowsFile.path);
  const nameColumn = options.nameColumn;
  if (nameColumn && !rows.some((row) => Object.hasOwn(row, nameColumn))) {
    throw new ToolError('invalid_option', `The rows file has no column "${nameColumn}" to name the files by.`);
  }
  const names = rows.map((row, index) => fileName(row, nameColumn, index, rows.length, upload.name));
  const values = rows.map((row): FormValues => {
    const { [nameColumn ?? '']: _name, ...fields } = row;
    return { ...common, ...(nameColumn ? fields : row) };
  });
  const copies = rows.map((_row, index) => tempPath(context, `filled-${index + 1}`));
  await fillFormCopies(input.path, values, copies, options.flatten, context);

  if (options.bulkOutput === 'merged') {
    const output = tempPath(context, 'filled-forms');
    await runQpdf(['--empty', '--pages', ...copies, '--', output], context);
    return { path: output, download: tool.download };
  }
  const output = tempPath(context, 'filled-forms', '.zip');
  const entries = uniqueNames(names).map((name, index) => ({ name, path: copies[index]!, store: false }));
  await writeZip(output, entries, context.signal);
  return { path: output, download: tool.extraDownloads[0] };
};

/** A copy's name in the ZIP: the row's value in the name column, else the upload's name and the row number. */
function fileName(
  row: FormValues,
  column: string | undefined,
  index: number,
  count: number,
  uploadName: string,
): string {
  const named = column === undefined ? '' : String(row[column] ?? '').trim();
  return named ? `${uploadStem(named)}.pdf` : `${uploadStem(uploadName)}-${padPage(index + 1, count)}.pdf`;
}

/** Two rows with one name get `-2`, `-3` after the second and third, so no copy overwrites another. */
function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const key = name.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? name : name.replace(/\.pdf$/, `-${count}.pdf`);
  });
}
