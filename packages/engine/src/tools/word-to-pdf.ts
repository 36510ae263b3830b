import { copyFile, mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolError } from '@paperknife/catalog/errors';
import { SNIFF_BYTES, detectFileType } from '@paperknife/catalog/file-types';
import { tools } from '@paperknife/catalog/tools';
import { convertWithLibreOffice } from '../programs/libreoffice.js';
import { tempPath } from '../jobs/temp-path.js';
import { runQpdf } from '../programs/qpdf.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';
import { isEncryptedWordFile } from '../preflight/word-encryption.js';

/**
 * Word (.doc, .docx) to PDF through the warm LibreOffice instance, macros never run. The input is copied under
 * the extension its content says, so LibreOffice picks the right import filter whatever the upload was called.
 */
export const wordToPdf: ToolRunner<'word-to-pdf'> = async (files, _options, context) => {
  const file = requireOneFile(files);
  const type = await sniff(file.path);
  if (type !== 'doc' && type !== 'docx') {
    throw new ToolError('unsupported_file_type', tools['word-to-pdf'].invalidTypeDescription);
  }
  // An encrypted .docx is a compound file like a .doc, so this check covers both.
  if (type === 'doc' && (await isEncryptedWordFile(file.path))) throw new ToolError('encrypted_document');

  const folder = tempPath(context, 'word', '');
  await mkdir(folder);
  const document = join(folder, `document.${type}`);
  await copyFile(file.path, document);
  const converted = await convertWithLibreOffice(document, folder, context);
  // qpdf rewrites LibreOffice's PDF with object streams: smaller, and checked on the way.
  const output = tempPath(context, 'converted-document');
  await runQpdf(['--warning-exit-0', '--object-streams=generate', converted, output], context);
  return { path: output, download: tools['word-to-pdf'].download };
};

async function sniff(path: string) {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return detectFileType(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
