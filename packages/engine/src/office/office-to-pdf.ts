import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolError } from '@paperknife/catalog/errors';
import type { OfficeType } from '@paperknife/catalog/file-types';
import { type ToolId, tools } from '@paperknife/catalog/tools';
import { type OfficeConversion, convertToPdfParts } from '../programs/libreoffice.js';
import { addBookmarks, oneAfterAnother, readOutline } from '@paperknife/qpdf-jobs/bookmarks';
import { runQpdf } from '../programs/qpdf.js';
import { serverSession } from '../programs/qpdf-child-runner.js';
import { identifyFileAt } from '../preflight/file-type.js';
import { isEncryptedOfficeFile } from '../preflight/office-encryption.js';
import { tempPath } from '../jobs/temp-path.js';
import type { InputFile, ToolContext, ToolResult } from '../jobs/tool-runner.js';

export interface OfficeJob {
  /** The tool handing its document over: its refusals and download come from its catalogue entry. */
  tool: ToolId;
  /** The document types the tool converts ('encrypted-office' among them, to say so rather than refuse). */
  accepted: readonly OfficeType[];
  /** The conversion for a type (a spreadsheet's options, CSV's import filter). */
  conversion: (type: OfficeType, path: string) => Promise<OfficeConversion>;
  /**
   * What the API and the English site say about a password-protected file, naming the program to open it in; the
   * other languages show `encrypted_document`'s translated message, which fits every tool.
   */
  encryptedMessage: string;
}

/**
 * One office document to PDF through the warm LibreOffice instance, macros never run: checked by content, refused
 * with `encrypted_document` when it needs a password, copied under the extension its content says (so LibreOffice
 * picks the right import filter whatever the upload was called), converted (a long spreadsheet in two parts side by
 * side: docs/decisions/220), and rewritten by qpdf.
 */
export async function officeToPdf(file: InputFile, job: OfficeJob, context: ToolContext): Promise<ToolResult> {
  const tool = tools[job.tool];
  const type = await identifyFileAt(file.path);
  const accepted: readonly string[] = job.accepted;
  if (!type || !accepted.includes(type)) throw new ToolError('unsupported_file_type', tool.invalidTypeDescription);
  const officeType = type as OfficeType;
  if (officeType === 'encrypted-office' || (await isEncryptedOfficeFile(file.path))) {
    throw new ToolError('encrypted_document', job.encryptedMessage);
  }

  const folder = tempPath(context, job.tool, '');
  await mkdir(folder);
  const document = join(folder, `document.${officeType}`);
  await copyFile(file.path, document);
  const parts = await convertToPdfParts(document, folder, context, await job.conversion(officeType, document));
  // qpdf rewrites LibreOffice's PDF with object streams: smaller, and checked on the way.
  const output = tempPath(context, 'converted');
  if (parts.length === 1) {
    await runQpdf(['--warning-exit-0', '--object-streams=generate', parts[0]!, output], context);
    return { path: output, download: tool.download };
  }
  return { path: await joinedParts(parts, output, context), download: tool.download };
}

/**
 * A spreadsheet exported in parts (docs/decisions/220) as one PDF, as Merge joins PDFs: the parts' pages in one
 * rewrite, then the bookmarks each part has (LibreOffice marks where each sheet starts) pointing at their pages in
 * it, appended. The document information of the parts (LibreOffice as producer) is not carried over, as in Merge.
 * LibreOffice gives each page its own resources: nothing to look for in every content stream (qpdf's default with
 * --pages, 250 ms on an 18-page part).
 */
async function joinedParts(parts: readonly string[], output: string, context: ToolContext): Promise<string> {
  const session = serverSession(context);
  const [outlines] = await Promise.all([
    Promise.all(parts.map((path) => readOutline(session, { path }))),
    runQpdf(
      [
        '--warning-exit-0',
        '--object-streams=generate',
        '--remove-unreferenced-resources=no',
        '--empty',
        '--pages',
        ...parts,
        '--',
        output,
      ],
      context,
    ),
  ]);
  const pageCounts = outlines.map((outline) => outline.pageRefs.length);
  const joined = await addBookmarks(session, oneAfterAnother(outlines, pageCounts), { path: output });
  if (!('path' in joined)) throw new Error('the bookmarks were written to memory, not to the job folder');
  return joined.path;
}
