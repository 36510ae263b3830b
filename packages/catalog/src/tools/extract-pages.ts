import FileOutput from 'lucide/dist/esm/icons/file-output.mjs';
import { z } from 'zod';
import { pagesToPickField } from '../option-fields.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

export const extractPages = {
  functionName: 'extract-pages-pdf',
  title: 'Extract Pages',
  shortDescription: 'Save selected pages as a new PDF',
  description:
    'Pick pages by number or range (such as 1-3,5,7-9) and get them as a new PDF, in the order you wrote them. The original pages are copied as they are, with no loss of quality.',
  keywords: ['extract pdf pages', 'select pages from pdf', 'save pdf pages', 'pdf page extractor'],
  category: 'organize',
  searchKeywords: ['select', 'pick', 'copy pages', 'save pages'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    pages: pagesToPickField({
      missing: 'Please specify which pages to extract (e.g., 1-3,5,7-9).',
      label: 'Pages to extract',
      hint: 'The new PDF keeps the order you write.',
      pickPages: { listLabel: 'Page previews: choose which to keep', shows: 'kept' },
    }),
  }),
  actionLabel: 'Extract Pages',
  busyLabel: 'Extracting Pages...',
  successToast: 'Pages have been extracted successfully.',
  errorToast: 'Failed to extract pages from PDF. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for page extraction.',
  noFileDescription: 'Please upload a PDF file to extract pages from.',
  download: pdfDownload('extracted-pages.pdf'),
  icon: FileOutput,
  apiExample: { pages: '1-3,5' },
  sampleOptions: { pages: '1' },
  readsPageContent: false,
} as const satisfies ToolEntry;
