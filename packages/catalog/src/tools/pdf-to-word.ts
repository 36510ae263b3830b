import { FileText } from 'lucide';
import { type ToolEntry, noOptions, pdfInput } from '../tool-entry.js';

export const pdfToWord = {
  functionName: 'pdf-to-word',
  title: 'PDF to Word',
  shortDescription: 'Convert PDFs to editable Word documents',
  description:
    'Turn a PDF into an editable Word document (.docx). Text comes out as normal flowing paragraphs with its bold, italic, size and colour, images stay where they were, and each PDF page starts a new page. Scanned pages hold pictures of text, not text, so they come out as images.',
  keywords: ['pdf to word', 'convert pdf to docx', 'pdf to editable word', 'pdf converter'],
  popular: false,
  inMenu: true,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: noOptions,
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
  icon: FileText,
  apiExample: {},
  sampleOptions: {},
  readsPageContent: true,
  longJobFromBytes: 0,
} as const satisfies ToolEntry;
