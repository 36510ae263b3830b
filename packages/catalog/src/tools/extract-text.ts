import Type from 'lucide/dist/esm/icons/type.mjs';
import { z } from 'zod';
import { recognisedPagesHeader } from '../http-api.js';
import { scannedPageOptions } from '../scanned-pages.js';
import { type ToolEntry, pdfInput } from '../tool-entry.js';

export const extractText = {
  functionName: 'extract-text-pdf',
  title: 'Extract Text',
  shortDescription: 'Get the text of a PDF as a .txt file',
  description:
    'Pull all the text out of a PDF into a plain UTF-8 text file, in reading order, with a line marking where each page starts. Scanned pages hold pictures of text rather than text: their text is recognised (OCR) first.',
  keywords: ['extract text from pdf', 'pdf to text', 'pdf to txt', 'copy text from pdf'],
  category: 'convert-from-pdf',
  searchKeywords: ['txt', 'plain text', 'copy', 'pdf to text'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object(
    scannedPageOptions(
      'Pages without text that show an image are read with OCR, which takes a few seconds per page. Never: such pages stay empty.',
    ),
  ),
  actionLabel: 'Extract Text',
  busyLabel: 'Extracting Text...',
  successToast: 'Text has been extracted successfully.',
  errorToast: 'Failed to extract text from PDF. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for text extraction.',
  noFileDescription: 'Please upload a PDF file to extract text from.',
  download: { name: 'extracted-text.txt', contentType: 'text/plain; charset=utf-8' },
  responseHeaders: [recognisedPagesHeader],
  icon: Type,
  apiExample: {},
  // OCR takes seconds per scanned page: the sweep reads text only (OCR PDF's own sweep runs OCRmyPDF).
  sampleOptions: { ocr: 'never' },
  readsPageContent: true,
  // Scanned pages go through OCR: a scan of a few pages already takes more than a few seconds.
  longJobFromBytes: 1024 * 1024,
  usesSeveralCores: true,
} as const satisfies ToolEntry;
