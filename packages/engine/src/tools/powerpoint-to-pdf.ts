import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';
import { officeToPdf } from '../office/office-to-pdf.js';
import { pdfExport } from '../office/pdf-export.js';

/** Presentations (.pptx, .ppt, .odp) to PDF, one page per slide, through the warm LibreOffice instance. */
export const powerpointToPdf: ToolRunner<'powerpoint-to-pdf'> = async (files, _options, context) =>
  officeToPdf(
    requireOneFile(files),
    {
      tool: 'powerpoint-to-pdf',
      accepted: ['pptx', 'ppt', 'odp', 'encrypted-office'],
      conversion: async () => ({
        target: pdfExport('impress_pdf_Export'),
        damagedMessage:
          'This presentation is damaged and could not be opened. Save it again from your presentation program and try again.',
      }),
      encryptedMessage:
        'This presentation is password-protected: open it in PowerPoint, remove the password, save it and try again.',
    },
    context,
  );
