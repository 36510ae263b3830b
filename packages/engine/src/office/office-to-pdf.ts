import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolError } from '@paperknife/catalog/errors';
import type { OfficeType } from '@paperknife/catalog/file-types';
import { type ToolId, tools } from '@paperknife/catalog/tools';
import { type OfficeConversion, convertToPdfParts } from '../programs/libreoffice.js';
import { runQpdf } from '../programs/qpdf.js';
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
  const [first, ...rest] = await convertToPdfParts(
    document,
    folder,
    context,
    await job.conversion(officeType, document),
  );
  // qpdf rewrites LibreOffice's PDF with object streams (smaller, and checked on the way), joining the pages of a
  // spreadsheet exported in parts to the first part's.
  const output = tempPath(context, 'converted');
  // LibreOffice gives each page its own resources: nothing to look for in every content stream (qpdf's default with
  // --pages, 250 ms on an 18-page part).
  const joined = rest.length > 0 ? ['--remove-unreferenced-resources=no', '--pages', first!, ...rest, '--'] : [];
  await runQpdf(['--warning-exit-0', '--object-streams=generate', first!, ...joined, output], context);
  return { path: output, download: tool.download };
}
