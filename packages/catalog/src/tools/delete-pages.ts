import FileMinus from 'lucide/dist/esm/icons/file-minus.mjs';
import { z } from 'zod';
import { pagesToPickField } from '../option-fields.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

export const deletePages = {
  functionName: 'delete-pages-pdf',
  title: 'Delete Pages',
  shortDescription: 'Remove pages you do not need',
  description:
    'Remove pages by number or range (such as 2,4-6) and keep the rest in their original order. At least one page has to stay.',
  keywords: ['delete pdf pages', 'remove pages from pdf', 'pdf page remover', 'cut pdf pages'],
  category: 'organize',
  searchKeywords: ['remove', 'erase', 'discard', 'drop pages'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    pages: pagesToPickField({
      missing: 'Please specify which pages to delete (e.g., 1-3,5,7-9).',
      label: 'Pages to delete',
      hint: 'At least one page has to stay.',
      pickPages: { listLabel: 'Page previews: choose which to remove', shows: 'removed' },
    }),
  }),
  actionLabel: 'Delete Pages',
  busyLabel: 'Deleting Pages...',
  successToast: 'Pages have been deleted successfully.',
  errorToast: 'Failed to delete pages from PDF. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for page deletion.',
  noFileDescription: 'Please upload a PDF file to delete pages from.',
  download: pdfDownload('pages-deleted.pdf'),
  icon: FileMinus,
  apiExample: { pages: '2,4-6' },
  sampleOptions: { pages: '1' },
  readsPageContent: false,
} as const satisfies ToolEntry;
