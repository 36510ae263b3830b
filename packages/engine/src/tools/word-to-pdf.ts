import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';
import { officeToPdf } from '../office/office-to-pdf.js';
import { textDocumentConversion } from '../programs/libreoffice.js';

/** Word (.doc, .docx) to PDF through the warm LibreOffice instance (office/office-to-pdf.ts). */
export const wordToPdf: ToolRunner<'word-to-pdf'> = async (files, _options, context) =>
  officeToPdf(
    requireOneFile(files),
    {
      tool: 'word-to-pdf',
      accepted: ['docx', 'doc', 'encrypted-office'],
      conversion: async () => textDocumentConversion,
      encryptedMessage:
        'This document is password-protected: open it in Word, remove the password, save it and try again.',
    },
    context,
  );
