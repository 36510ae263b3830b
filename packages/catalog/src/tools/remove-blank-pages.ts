import FileX from 'lucide/dist/esm/icons/file-x.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { enumField, numberField, optionalPageRange } from '../option-fields.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

/** What Remove Blank Pages answers: the PDF without its blank pages, or the list of blank pages for review. */
export const blankPageOutputs = ['pdf', 'list'] as const;

/** The list `output: list` answers (`blank-pages.json`): every page's ink, the blank ones marked. */
export interface BlankPageList {
  pageCount: number;
  /** The threshold the pages were measured against, in percent of the page. */
  threshold: number;
  pages: { page: number; ink: number; blank: boolean }[];
}

export const removeBlankPages = {
  functionName: 'remove-blank-pages',
  title: 'Remove Blank Pages',
  shortDescription: 'Find and remove empty pages',
  description:
    'Find the blank pages of a PDF, such as the empty backs of scanned sheets, and remove them. A page counts as blank when less of it than the threshold is inked (near-white scanner noise is ignored). The blank pages are listed with their previews, ticked, so you can check them before they go.',
  keywords: ['remove blank pages from pdf', 'delete empty pages pdf', 'pdf blank page remover', 'remove white pages'],
  category: 'organize',
  searchKeywords: ['empty', 'white', 'blank', 'delete', 'scan', 'clean'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    threshold: numberField({ label: 'Ink threshold (%)', min: 0, max: 5, default: 0.02 }).register(formFields, {
      label: 'Ink threshold',
      control: { kind: 'slider', step: 0.01, unit: '%', pageRange: { min: 0, max: 0.5 } },
      hint: 'Pages with less ink than this share of the page count as blank. A line of text inks about 0.1 % of a page.',
    }),
    pages: optionalPageRange().register(formFields, {
      label: 'Pages to remove',
      control: { kind: 'text' },
      placeholder: 'The blank pages found',
      hint: 'Leave empty to remove every page found blank.',
      pickPages: { listLabel: 'Page previews: choose which to remove', shows: 'removed' },
    }),
    output: enumField('Output', blankPageOutputs, 'pdf').register(formFields, {
      label: 'Output',
      control: {
        kind: 'select',
        choices: [
          { value: 'pdf', label: 'The PDF without the pages' },
          { value: 'list', label: 'The list of blank pages (JSON)' },
        ],
      },
    }),
  }),
  actionLabel: 'Remove Blank Pages',
  busyLabel: 'Removing Pages...',
  successToast: 'The blank pages have been removed successfully.',
  errorToast: 'Failed to remove blank pages. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for removing blank pages.',
  noFileDescription: 'Please upload a PDF file to remove blank pages from.',
  download: pdfDownload('blank-pages-removed.pdf'),
  /** With `output: list`: every page's ink in percent and whether it counts as blank (`BlankPageList`). */
  extraDownloads: [{ name: 'blank-pages.json', contentType: 'application/json' }],
  icon: FileX,
  apiExample: { threshold: '0.2' },
  sampleOptions: { output: 'list' },
  readsPageContent: true,
} as const satisfies ToolEntry;
