import FileDiff from 'lucide/dist/esm/icons/file-diff.mjs';
import { z } from 'zod';
import { compareFormats } from '../compare-differences.js';
import { formFields } from '../form-fields.js';
import { enumField } from '../option-fields.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

export const comparePdf = {
  functionName: 'compare-pdf',
  title: 'Compare PDF',
  shortDescription: 'See what changed between two PDFs',
  description:
    'Find every difference between two versions of a PDF: words inserted, deleted and changed on each page, pages moved to another place, and areas such as pictures and drawings that look different. See both documents side by side with the changes highlighted, and download a PDF report of them.',
  keywords: ['compare pdf', 'pdf diff', 'compare two pdf files', 'pdf difference checker'],
  category: 'edit',
  searchKeywords: ['diff', 'difference', 'changes', 'versions', 'side by side'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  // The original first, then the changed version.
  files: { min: 2, max: 2 },
  options: z.object({
    format: enumField('Result format', compareFormats, 'pdf').register(formFields, {
      label: 'Result format',
      control: {
        kind: 'radio-cards',
        choices: [
          {
            value: 'pdf',
            label: 'PDF report',
            description: 'Both versions side by side, page by page, with the differences highlighted.',
          },
          {
            value: 'json',
            label: 'JSON',
            description: 'The differences as data, with the position of every changed word, for programs.',
          },
        ],
      },
    }),
  }),
  actionLabel: 'Compare PDFs',
  busyLabel: 'Comparing PDFs...',
  successToast: 'Your PDFs have been compared.',
  errorToast: 'Failed to compare the PDF files. Please try again.',
  invalidTypeDescription: 'Only PDF files can be compared.',
  noFileDescription: 'Please upload two PDF files to compare: the original first, then the changed version.',
  moreFilesHint: 'Add the changed version of the PDF to compare it with the first.',
  download: pdfDownload('compare-report.pdf'),
  extraDownloads: [{ name: 'differences.json', contentType: 'application/json' }],
  icon: FileDiff,
  apiExample: { format: 'json' },
  sampleOptions: { format: 'json' },
  readsPageContent: true,
} as const satisfies ToolEntry;
