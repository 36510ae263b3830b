import { Type } from 'lucide';
import { type ToolEntry, noOptions, pdfInput } from '../tool-entry.js';

export const extractText = {
  functionName: 'extract-text-pdf',
  title: 'Extract Text',
  shortDescription: 'Get the text of a PDF as a .txt file',
  description:
    'Pull all the text out of a PDF into a plain UTF-8 text file, in reading order, with a line marking where each page starts. Scanned pages hold pictures of text rather than text, so they give no text.',
  keywords: ['extract text from pdf', 'pdf to text', 'pdf to txt', 'copy text from pdf'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: noOptions,
  actionLabel: 'Extract Text',
  busyLabel: 'Extracting Text...',
  successToast: 'Text has been extracted successfully.',
  errorToast: 'Failed to extract text from PDF. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for text extraction.',
  noFileDescription: 'Please upload a PDF file to extract text from.',
  download: { name: 'extracted-text.txt', contentType: 'text/plain; charset=utf-8' },
  icon: Type,
  apiExample: {},
  sampleOptions: {},
  readsPageContent: true,
} as const satisfies ToolEntry;
