import FileText from 'lucide/dist/esm/icons/file-text.mjs';
import { z } from 'zod';
import { recognisedPagesHeader } from '../http-api.js';
import { scannedPageOptions } from '../scanned-pages.js';
import { type ToolEntry, pdfInput } from '../tool-entry.js';

export const pdfToWord = {
  functionName: 'pdf-to-word',
  title: 'PDF to Word',
  shortDescription: 'Convert PDFs to editable Word documents',
  description:
    'Turn a PDF into an editable Word document (.docx). Text comes out as normal flowing paragraphs with its bold, italic, size and colour, images stay where they were, and each PDF page starts a new page. Scanned pages hold pictures of text rather than text: their text is recognised (OCR) and comes out as editable paragraphs.',
  keywords: ['pdf to word', 'convert pdf to docx', 'pdf to editable word', 'pdf converter'],
  category: 'convert-from-pdf',
  searchKeywords: ['docx', 'doc', 'editable', 'office', 'convert'],
  popular: false,
  inMenu: true,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object(
    scannedPageOptions(
      'Pages without text that show an image are read with OCR, which takes a few seconds per page. Never: such pages stay pictures.',
    ),
  ),
  actionLabel: 'Convert to Word',
  busyLabel: 'Converting...',
  successToast: 'Your PDF has been converted to Word successfully.',
  errorToast: 'Failed to convert PDF to Word. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for conversion to Word.',
  noFileDescription: 'Please upload a PDF file to convert to Word.',
  download: {
    name: 'converted-document.docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  responseHeaders: [recognisedPagesHeader],
  icon: FileText,
  apiExample: {},
  // OCR takes seconds per scanned page: the sweep converts text only (OCR PDF's own sweep runs OCRmyPDF).
  sampleOptions: { ocr: 'never' },
  readsPageContent: true,
  longJobFromBytes: 0,
  usesSeveralCores: true,
} as const satisfies ToolEntry;
