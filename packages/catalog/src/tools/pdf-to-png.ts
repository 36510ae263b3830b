import Image from 'lucide/dist/esm/icons/image.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { brokenImagesHeader } from '../http-api.js';
import { booleanField } from '../option-fields.js';
import { renderResolution } from '../render-resolution.js';
import { type ToolEntry, pdfInput, zipDownload } from '../tool-entry.js';

export const pdfToPng = {
  functionName: 'pdf-to-png',
  title: 'PDF to PNG',
  shortDescription: 'Turn each page into a lossless PNG image',
  description:
    'Render every page of a PDF as a sharp, lossless PNG image at the resolution you choose (72 to 300 dpi), on white or with a transparent background. A one-page PDF gives one PNG; longer documents give a ZIP with one image per page, numbered in order.',
  keywords: ['pdf to png', 'convert pdf to png', 'pdf to transparent png', 'pdf page to image'],
  category: 'convert-from-pdf',
  searchKeywords: ['image', 'picture', 'png', 'transparent', 'lossless', 'convert'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    dpi: renderResolution(),
    transparent: booleanField('Transparent background', false).register(formFields, {
      label: 'Transparent background',
      control: { kind: 'checkbox' },
      hint: 'Leave the page background see-through instead of white, for logos and drawings.',
    }),
  }),
  formColumns: 2,
  actionLabel: 'Convert to PNG',
  busyLabel: 'Converting...',
  successToast: 'Your PDF has been converted to PNG successfully.',
  errorToast: 'Failed to convert PDF to PNG. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for conversion to PNG.',
  noFileDescription: 'Please upload a PDF file to convert to PNG.',
  download: zipDownload('pdf-pages-png.zip'),
  singlePageDownload: { name: 'page-1.png', contentType: 'image/png' },
  responseHeaders: [brokenImagesHeader],
  icon: Image,
  apiExample: { dpi: '300', transparent: 'true' },
  sampleOptions: { dpi: 72 },
  readsPageContent: true,
} as const satisfies ToolEntry;
