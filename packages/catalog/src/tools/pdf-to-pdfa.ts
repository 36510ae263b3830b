import FileArchive from 'lucide/dist/esm/icons/file-archive.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { pdfaReportHeader } from '../http-api.js';
import { enumField } from '../option-fields.js';
import { pdfaLevels } from '../pdfa-report.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

export const pdfToPdfa = {
  functionName: 'pdf-to-pdfa',
  title: 'PDF to PDF/A',
  shortDescription: 'Make a PDF fit for long-term archiving',
  description:
    'Convert a PDF to PDF/A-1b, PDF/A-2b or PDF/A-3b, the ISO standard for archiving. Fonts are embedded (missing ones replaced by similar fonts), colours get an sRGB profile, and scripts, encryption and, except in PDF/A-3b, attached files are removed. A report lists each requirement, whether it is met and what was changed to meet it.',
  keywords: ['pdf to pdf/a', 'convert pdf to pdfa', 'pdf/a converter', 'archive pdf', 'pdf/a-2b'],
  category: 'convert-from-pdf',
  searchKeywords: ['pdfa', 'archive', 'archiving', 'long-term', 'iso 19005', 'conformance'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    level: enumField('PDF/A level', pdfaLevels, '2b').register(formFields, {
      label: 'PDF/A level',
      control: {
        kind: 'radio-cards',
        choices: [
          {
            value: '1b',
            label: 'PDF/A-1b',
            description: 'The oldest level, for archives that ask for it: transparency is flattened.',
          },
          {
            value: '2b',
            label: 'PDF/A-2b',
            description: 'Recommended: keeps transparency and layers, widely accepted.',
          },
          { value: '3b', label: 'PDF/A-3b', description: 'Like PDF/A-2b, and keeps the files attached to the PDF.' },
        ],
      },
    }),
  }),
  actionLabel: 'Convert to PDF/A',
  busyLabel: 'Converting...',
  successToast: 'Your PDF has been converted to PDF/A successfully.',
  errorToast: 'Failed to convert PDF to PDF/A. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for conversion to PDF/A.',
  noFileDescription: 'Please upload a PDF file to convert to PDF/A.',
  download: pdfDownload('pdfa-document.pdf'),
  responseHeaders: [pdfaReportHeader],
  icon: FileArchive,
  apiExample: { level: '3b' },
  sampleOptions: { level: '2b' },
  readsPageContent: true,
  longJobFromBytes: 10 * 1024 * 1024,
} as const satisfies ToolEntry;
