import FileImage from 'lucide/dist/esm/icons/file-image.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { brokenImagesHeader } from '../http-api.js';
import { numberField } from '../option-fields.js';
import { renderResolution } from '../render-resolution.js';
import { type ToolEntry, pdfInput, zipDownload } from '../tool-entry.js';

export const pdfToJpg = {
  functionName: 'pdf-to-jpg',
  title: 'PDF to JPG',
  shortDescription: 'Turn each page into a JPG image',
  description:
    'Render every page of a PDF as a JPG image at the resolution (72 to 300 dpi) and quality you choose. A one-page PDF gives one JPG; longer documents give a ZIP with one image per page, numbered in order.',
  keywords: ['pdf to jpg', 'convert pdf to image', 'pdf to jpeg', 'pdf page to picture'],
  category: 'convert-from-pdf',
  searchKeywords: ['image', 'picture', 'jpeg', 'photo', 'convert'],
  popular: false,
  inMenu: true,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    dpi: renderResolution(),
    quality: numberField({ label: 'JPEG quality', min: 50, max: 100, default: 85, integer: true }).register(
      formFields,
      { label: 'JPEG quality', control: { kind: 'slider', step: 5 } },
    ),
  }),
  formColumns: 2,
  actionLabel: 'Convert to JPG',
  busyLabel: 'Converting...',
  successToast: 'Your PDF has been converted to JPG successfully.',
  errorToast: 'Failed to convert PDF to JPG. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for conversion to JPG.',
  noFileDescription: 'Please upload a PDF file to convert to JPG.',
  download: zipDownload('pdf-pages-jpg.zip'),
  singlePageDownload: { name: 'page-1.jpg', contentType: 'image/jpeg' },
  responseHeaders: [brokenImagesHeader],
  icon: FileImage,
  apiExample: { dpi: '200', quality: '90' },
  sampleOptions: { dpi: 72, quality: 60 },
  readsPageContent: true,
} as const satisfies ToolEntry;
