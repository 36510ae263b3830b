import { Type } from 'lucide';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { recognisedPagesHeader } from '../http-api.js';
import { ocrLanguageCodes, ocrLanguages, ocrLanguagesField } from '../ocr-languages.js';
import { enumField } from '../option-fields.js';
import { type ToolEntry, pdfInput } from '../tool-entry.js';

const scannedPages = 'Scanned pages';

export const extractText = {
  functionName: 'extract-text-pdf',
  title: 'Extract Text',
  shortDescription: 'Get the text of a PDF as a .txt file',
  description:
    'Pull all the text out of a PDF into a plain UTF-8 text file, in reading order, with a line marking where each page starts. Scanned pages hold pictures of text rather than text: their text is recognised (OCR) first.',
  keywords: ['extract text from pdf', 'pdf to text', 'pdf to txt', 'copy text from pdf'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    ocr: enumField('OCR of scanned pages', ['auto', 'never'], 'auto').register(formFields, {
      label: 'Text in scanned pages',
      control: {
        kind: 'select',
        choices: [
          { value: 'auto', label: 'Recognise it (OCR)' },
          { value: 'never', label: 'Leave scanned pages empty' },
        ],
      },
      hint: 'Pages without text that show an image are read with OCR, which takes a few seconds per page.',
      group: scannedPages,
    }),
    languages: ocrLanguagesField().register(formFields, {
      label: 'Language of scanned pages',
      control: {
        kind: 'select',
        choices: ocrLanguageCodes.map((code) => ({ value: code, label: ocrLanguages[code] })),
      },
      group: scannedPages,
      shownWhen: { field: 'ocr', equals: 'auto' },
    }),
  }),
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
