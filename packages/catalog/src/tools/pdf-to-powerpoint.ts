import Presentation from 'lucide/dist/esm/icons/presentation.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { recognisedPagesHeader } from '../http-api.js';
import { booleanField } from '../option-fields.js';
import { scannedPageOptions } from '../scanned-pages.js';
import { type ToolEntry, pdfInput } from '../tool-entry.js';

export const pdfToPowerpoint = {
  functionName: 'pdf-to-powerpoint',
  title: 'PDF to PowerPoint',
  shortDescription: 'Turn PDF pages into editable PowerPoint slides',
  description:
    'Turn a PDF into a PowerPoint presentation (.pptx) with one slide per page at the size of its page. Text becomes editable text boxes in place, with its font, size and colour; pictures stay pictures, and simple lines and boxes become shapes. For an exact look, each page can become one picture instead. Scanned pages have their text recognised (OCR) first.',
  keywords: ['pdf to powerpoint', 'pdf to pptx', 'convert pdf to slides', 'pdf to ppt converter'],
  category: 'convert-from-pdf',
  searchKeywords: ['pptx', 'ppt', 'slides', 'presentation', 'editable', 'office', 'convert'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    pagesAsPictures: booleanField('Each page as a picture', false).register(formFields, {
      label: 'Each page as a picture',
      control: { kind: 'checkbox' },
      hint: 'Every slide shows its page exactly, as one picture: nothing on it can be edited.',
    }),
    ...scannedPageOptions(
      'Pages without text that show an image are read with OCR, which takes a few seconds per page. Never: such pages stay pictures.',
    ),
  }),
  actionLabel: 'Convert to PowerPoint',
  busyLabel: 'Converting...',
  successToast: 'Your PDF has been converted to PowerPoint successfully.',
  errorToast: 'Failed to convert PDF to PowerPoint. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for conversion to PowerPoint.',
  noFileDescription: 'Please upload a PDF file to convert to PowerPoint.',
  download: {
    name: 'converted-presentation.pptx',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  responseHeaders: [recognisedPagesHeader],
  icon: Presentation,
  apiExample: { pagesAsPictures: 'false' },
  // OCR takes seconds per scanned page: the sweep converts text only (OCR PDF's own sweep runs OCRmyPDF).
  sampleOptions: { ocr: 'never' },
  readsPageContent: true,
  longJobFromBytes: 0,
  usesSeveralCores: true,
} as const satisfies ToolEntry;
