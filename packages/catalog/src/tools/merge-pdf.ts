import Combine from 'lucide/dist/esm/icons/combine.mjs';
import { type ToolEntry, noOptions, pdfDownload, pdfInput } from '../tool-entry.js';

export const mergePdf = {
  functionName: 'merge-pdf',
  title: 'Merge PDF',
  shortDescription: 'Combine multiple PDFs into one',
  description:
    'Combine several PDFs into one document in the order you choose. Drag files to reorder them or move them with the keyboard, remove any you do not need, and download a single PDF that keeps every page, its links and form fields, and the bookmarks where the files allow.',
  keywords: ['merge pdf', 'combine pdf', 'join pdf files', 'pdf merger'],
  category: 'organize',
  searchKeywords: ['combine', 'join', 'append', 'bind'],
  popular: true,
  inMenu: true,
  input: pdfInput,
  files: { min: 2, max: null },
  options: noOptions,
  actionLabel: 'Merge PDF Files',
  busyLabel: 'Merging PDFs...',
  successToast: 'Your PDF files have been merged successfully.',
  errorToast: 'Failed to merge PDF files. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for merging.',
  noFileDescription: 'Please upload at least 2 PDF files to merge.',
  moreFilesHint: 'Add at least one more PDF to merge.',
  download: pdfDownload('merged-document.pdf'),
  icon: Combine,
  apiExample: {},
  sampleOptions: {},
  readsPageContent: false,
} as const satisfies ToolEntry;
