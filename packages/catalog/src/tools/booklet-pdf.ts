import BookOpen from 'lucide/dist/esm/icons/book-open.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { enumField } from '../option-fields.js';
import { type PaperSize, paperLabel } from '../paper-sizes.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

export const bookletPapers = ['fit', 'a4', 'letter', 'a3'] as const satisfies readonly ('fit' | PaperSize)[];
export const bookletBindings = ['left', 'right'] as const;

export const bookletPdf = {
  functionName: 'booklet-pdf',
  title: 'Booklet PDF',
  shortDescription: 'Print a PDF as a folded booklet',
  description:
    'Arrange the pages of a PDF for a saddle-stitched booklet: two pages side by side on each sheet, in the order that, printed on both sides and folded in the middle, reads from first page to last. Blank pages are added at the end to make a multiple of four, and right-to-left binding is there for Arabic, Hebrew and Japanese books.',
  keywords: ['booklet pdf', 'pdf booklet maker', 'print pdf as booklet', 'saddle stitch imposition', 'pdf zine'],
  category: 'organize',
  searchKeywords: ['booklet', 'imposition', 'saddle stitch', 'fold', 'zine', 'print', 'brochure'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    paper: enumField('Sheet size', bookletPapers, 'fit').register(formFields, {
      label: 'Sheet size',
      control: {
        kind: 'select',
        choices: [
          { value: 'fit', label: 'Two pages wide (pages keep their size)' },
          { value: 'a4', label: paperLabel('a4', 'A4') },
          { value: 'letter', label: paperLabel('letter', 'Letter') },
          { value: 'a3', label: paperLabel('a3', 'A3') },
        ],
      },
      hint: 'On a paper size the sheet lies landscape and the pages are scaled to fit its halves.',
    }),
    binding: enumField('Binding', bookletBindings, 'left').register(formFields, {
      label: 'Binding',
      control: {
        kind: 'select',
        choices: [
          { value: 'left', label: 'Left edge (left-to-right languages)' },
          { value: 'right', label: 'Right edge (right-to-left languages)' },
        ],
      },
    }),
  }),
  formColumns: 2,
  actionLabel: 'Create Booklet',
  busyLabel: 'Arranging Pages...',
  successToast: 'Your booklet has been created successfully.',
  errorToast: 'Failed to create the booklet. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for making a booklet.',
  noFileDescription: 'Please upload a PDF file to make a booklet.',
  download: pdfDownload('booklet.pdf'),
  icon: BookOpen,
  apiExample: { paper: 'a4', binding: 'left' },
  sampleOptions: {},
  readsPageContent: false,
} as const satisfies ToolEntry;
