import FileStack from 'lucide/dist/esm/icons/file-stack.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { brokenImagesHeader } from '../http-api.js';
import { enumField } from '../option-fields.js';
import { renderResolution } from '../render-resolution.js';
import { type ToolEntry, pdfInput } from '../tool-entry.js';

export const tiffColorModes = ['color', 'black-and-white'] as const;

export const pdfToTiff = {
  functionName: 'pdf-to-tiff',
  title: 'PDF to TIFF',
  shortDescription: 'Turn a whole PDF into one multi-page TIFF',
  description:
    'Convert every page of a PDF into a single multi-page TIFF file at the resolution you choose (72 to 300 dpi). Colour keeps every pixel with lossless compression; black and white makes small 1-bit pages with CCITT Group 4 compression, the format of fax machines and document archives.',
  keywords: ['pdf to tiff', 'convert pdf to tif', 'multi-page tiff', 'pdf to fax tiff'],
  category: 'convert-from-pdf',
  searchKeywords: ['image', 'tif', 'fax', 'archive', 'scan', 'black and white', 'convert'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    dpi: renderResolution('200 dpi (fax)'),
    colorMode: enumField('Colour mode', tiffColorModes, 'color').register(formFields, {
      label: 'Colour mode',
      control: {
        kind: 'radio-cards',
        choices: [
          { value: 'color', label: 'Colour', description: 'Every colour kept, lossless compression.' },
          {
            value: 'black-and-white',
            label: 'Black and white',
            description: '1-bit pages with CCITT Group 4: the smallest files, for text, fax and archives.',
          },
        ],
      },
    }),
  }),
  actionLabel: 'Convert to TIFF',
  busyLabel: 'Converting...',
  successToast: 'Your PDF has been converted to TIFF successfully.',
  errorToast: 'Failed to convert PDF to TIFF. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for conversion to TIFF.',
  noFileDescription: 'Please upload a PDF file to convert to TIFF.',
  download: { name: 'converted-document.tiff', contentType: 'image/tiff' },
  responseHeaders: [brokenImagesHeader],
  icon: FileStack,
  apiExample: { dpi: '200', colorMode: 'black-and-white' },
  sampleOptions: { dpi: 72, colorMode: 'black-and-white' },
  readsPageContent: true,
} as const satisfies ToolEntry;
