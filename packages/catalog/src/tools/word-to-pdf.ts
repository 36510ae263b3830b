import FileInput from 'lucide/dist/esm/icons/file-input.mjs';
import { type ToolEntry, noOptions, pdfDownload, wordInput } from '../tool-entry.js';

export const wordToPdf = {
  functionName: 'word-to-pdf',
  title: 'Word to PDF',
  shortDescription: 'Convert Word documents to PDF',
  description:
    'Convert Word documents (.docx and the older .doc) to PDF with their layout, fonts, tables and images, ready to share or print. Macros in the document never run.',
  keywords: ['word to pdf', 'docx to pdf', 'doc to pdf', 'convert word document'],
  category: 'convert-to-pdf',
  searchKeywords: ['docx', 'doc', 'office', 'document', 'convert'],
  popular: false,
  inMenu: true,
  input: wordInput,
  files: { min: 1, max: 1 },
  options: noOptions,
  actionLabel: 'Convert to PDF',
  busyLabel: 'Converting...',
  successToast: 'Your document has been converted to PDF successfully.',
  errorToast: 'Failed to convert Word document to PDF. Please try again.',
  invalidTypeDescription: 'Only Word files (.doc, .docx) are supported for conversion to PDF.',
  noFileDescription: 'Please upload a Word file to convert to PDF.',
  download: pdfDownload('converted-document.pdf'),
  icon: FileInput,
  apiExample: {},
  sampleOptions: {},
  readsPageContent: false,
  longJobFromBytes: 0,
} as const satisfies ToolEntry;
