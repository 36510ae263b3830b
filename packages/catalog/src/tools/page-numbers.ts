import Hash from 'lucide/dist/esm/icons/hash.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { enumField, numberField, pagesToStampField } from '../option-fields.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

export const pageNumberPositions = [
  'bottom-center',
  'bottom-left',
  'bottom-right',
  'top-center',
  'top-left',
  'top-right',
] as const;

export const pageNumbers = {
  functionName: 'page-numbers-pdf',
  title: 'Add Page Numbers',
  shortDescription: 'Number the pages of your PDF',
  description:
    'Number the pages of a PDF in one of six positions, starting from any number, in the size you want and with a format such as "Page {n} of {total}". Number every page or only the ones you list; numbers stay inside the visible page, even on rotated pages.',
  keywords: ['add page numbers to pdf', 'number pdf pages', 'pdf page numbering', 'paginate pdf'],
  category: 'edit',
  searchKeywords: ['paginate', 'numbering', 'footer', 'header'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    position: enumField('Position', pageNumberPositions, 'bottom-center').register(formFields, {
      label: 'Position',
      control: { kind: 'select' },
    }),
    startNumber: numberField({
      label: 'Starting number',
      min: 1,
      max: 1_000_000,
      default: 1,
      integer: true,
    }).register(formFields, { label: 'Starting number', control: { kind: 'number' } }),
    fontSize: numberField({ label: 'Font size', min: 8, max: 24, default: 12 }).register(formFields, {
      label: 'Font size',
      control: { kind: 'slider', step: 1, unit: ' pt' },
    }),
    format: z
      .string()
      .trim()
      .max(64, 'The format can be at most 64 characters.')
      .refine((value) => value.includes('{n}'), 'The format must contain {n} where the page number goes.')
      .default('{n}')
      .meta({ description: 'Text of each number: {n} is the page number, {total} the page count. Default {n}.' })
      .register(formFields, {
        label: 'Format',
        control: { kind: 'text' },
        hint: '{n} is the page number, {total} the page count, e.g. Page {n} of {total}.',
      }),
    pages: pagesToStampField(),
  }),
  formColumns: 2,
  actionLabel: 'Add Page Numbers',
  busyLabel: 'Adding Page Numbers...',
  successToast: 'Page numbers have been added successfully.',
  errorToast: 'Failed to add page numbers to PDF. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for adding page numbers.',
  noFileDescription: 'Please upload a PDF file to add page numbers.',
  download: pdfDownload('page-numbered-document.pdf'),
  icon: Hash,
  apiExample: { position: 'bottom-right', format: 'Page {n} of {total}' },
  sampleOptions: {},
  readsPageContent: true,
} as const satisfies ToolEntry;
