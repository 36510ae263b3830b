import Layers2 from 'lucide/dist/esm/icons/layers-2.mjs';
import { type ToolEntry, noOptions, pdfDownload, pdfInput } from '../tool-entry.js';

export const flattenPdf = {
  functionName: 'flatten-pdf',
  title: 'Flatten PDF',
  shortDescription: 'Make form fields and annotations part of the page',
  description:
    'Turn the form fields, comments, stamps and drawings of a PDF into ordinary page content. The document looks the same in every viewer and on paper, and nobody can change the values any more.',
  keywords: ['flatten pdf', 'flatten pdf form', 'flatten annotations', 'make pdf uneditable'],
  category: 'edit',
  searchKeywords: ['form', 'fields', 'annotations', 'comments', 'lock', 'uneditable', 'print'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: noOptions,
  actionLabel: 'Flatten PDF',
  busyLabel: 'Flattening...',
  successToast: 'Your PDF has been flattened successfully.',
  errorToast: 'Failed to flatten the PDF. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for flattening.',
  noFileDescription: 'Please upload a PDF file to flatten.',
  download: pdfDownload('flattened-document.pdf'),
  icon: Layers2,
  apiExample: {},
  sampleOptions: {},
  readsPageContent: false,
} as const satisfies ToolEntry;
