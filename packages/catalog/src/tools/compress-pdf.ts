import Minimize2 from 'lucide/dist/esm/icons/minimize-2.mjs';
import { z } from 'zod';
import { compressLevelImages, compressLevels } from '../compress-levels.js';
import { formFields } from '../form-fields.js';
import { sizeHeaders } from '../http-api.js';
import { enumField } from '../option-fields.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

const { medium, high } = compressLevelImages;

export const compressPdf = {
  functionName: 'compress-pdf',
  title: 'Compress PDF',
  shortDescription: 'Reduce file size while keeping quality',
  description:
    'Make PDFs smaller for email and upload. Low compression restructures the file without touching quality; medium and high also downsample large images and re-encode them as JPEG, while text and vector graphics stay sharp. You see the size before and after, and you never get a file larger than the one you sent.',
  keywords: ['compress pdf', 'reduce pdf size', 'shrink pdf', 'pdf compressor'],
  category: 'optimize',
  searchKeywords: ['reduce', 'shrink', 'smaller', 'file size', 'optimize'],
  popular: true,
  inMenu: true,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    level: enumField('Compression level', compressLevels, 'medium').register(formFields, {
      label: 'Compression level',
      control: {
        kind: 'radio-cards',
        choices: [
          { value: 'low', label: 'Low', description: 'Lossless clean-up: quality untouched, smaller savings.' },
          {
            value: 'medium',
            label: 'Medium',
            description: `Images above ${medium.dpi} dpi resampled: good quality, good savings.`,
          },
          {
            value: 'high',
            label: 'High',
            description: `Images at ${high.dpi} dpi: smallest file, for screens and email.`,
          },
        ],
      },
    }),
  }),
  actionLabel: 'Compress PDF',
  busyLabel: 'Compressing PDF...',
  successToast: 'Your PDF has been compressed successfully.',
  errorToast: 'Failed to compress PDF file. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for compression.',
  noFileDescription: 'Please upload a PDF file to compress.',
  download: pdfDownload('compressed-document.pdf'),
  responseHeaders: [sizeHeaders.original, sizeHeaders.output, sizeHeaders.imagesRecompressed, sizeHeaders.result],
  icon: Minimize2,
  apiExample: { level: 'high' },
  sampleOptions: {},
  readsPageContent: true,
  longJobFromBytes: 10 * 1024 * 1024,
} as const satisfies ToolEntry;
