import Grid2x2 from 'lucide/dist/esm/icons/grid-2x2.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { booleanField, enumField } from '../option-fields.js';
import { type PaperSize, paperLabel } from '../paper-sizes.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

export const pagesPerSheet = ['2', '4', '6', '9', '16'] as const;
export const sheetPapers = ['a4', 'letter', 'a3'] as const satisfies readonly PaperSize[];
export const sheetOrientations = ['auto', 'portrait', 'landscape'] as const;
export const sheetOrders = ['across', 'down'] as const;

export const nUpPdf = {
  functionName: 'n-up-pdf',
  title: 'N-up PDF',
  shortDescription: 'Print several pages on one sheet',
  description:
    'Put 2, 4, 6, 9 or 16 pages of a PDF on each sheet of A4, Letter or A3 paper, in rows or in columns, with a thin border around each page if you like. Pages keep their text and vector drawings, so the sheets print sharp; links and comments on the pages stay where they were, and the links still work.',
  keywords: [
    'n-up pdf',
    'multiple pages per sheet pdf',
    '2 pages per sheet pdf',
    '4 pages on one page pdf',
    'pdf handouts',
  ],
  category: 'organize',
  searchKeywords: ['pages per sheet', 'multiple pages', 'handout', 'print', 'imposition', '2-up', '4-up'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    perSheet: enumField('Pages per sheet', pagesPerSheet, '4').register(formFields, {
      label: 'Pages per sheet',
      control: { kind: 'select' },
    }),
    paper: enumField('Paper size', sheetPapers, 'a4').register(formFields, {
      label: 'Paper size',
      control: {
        kind: 'select',
        choices: [
          { value: 'a4', label: paperLabel('a4', 'A4') },
          { value: 'letter', label: paperLabel('letter', 'Letter') },
          { value: 'a3', label: paperLabel('a3', 'A3') },
        ],
      },
    }),
    orientation: enumField('Orientation', sheetOrientations, 'auto').register(formFields, {
      label: 'Orientation',
      control: {
        kind: 'select',
        choices: [
          { value: 'auto', label: 'Automatic (the larger pages)' },
          { value: 'portrait', label: 'Portrait' },
          { value: 'landscape', label: 'Landscape' },
        ],
      },
    }),
    order: enumField('Page order', sheetOrders, 'across').register(formFields, {
      label: 'Page order',
      control: {
        kind: 'select',
        choices: [
          { value: 'across', label: 'Across, then down' },
          { value: 'down', label: 'Down, then across' },
        ],
      },
    }),
    borders: booleanField('Borders', false).register(formFields, {
      label: 'Draw a border around each page',
      control: { kind: 'checkbox' },
    }),
  }),
  formColumns: 2,
  actionLabel: 'Create N-up PDF',
  busyLabel: 'Placing Pages...',
  successToast: 'Your pages have been placed on sheets successfully.',
  errorToast: 'Failed to place the pages on sheets. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for N-up.',
  noFileDescription: 'Please upload a PDF file to put several pages on a sheet.',
  download: pdfDownload('n-up-document.pdf'),
  icon: Grid2x2,
  apiExample: { perSheet: '4', paper: 'a4', borders: 'true' },
  sampleOptions: { perSheet: '4' },
  readsPageContent: false,
} as const satisfies ToolEntry;
