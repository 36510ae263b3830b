import Images from 'lucide/dist/esm/icons/images.mjs';
import { skippedImagesHeader } from '../http-api.js';
import { type ToolEntry, noOptions, pdfInput, zipDownload } from '../tool-entry.js';

export const extractImages = {
  functionName: 'extract-images-pdf',
  title: 'Extract Images',
  shortDescription: 'Save every image in a PDF',
  description:
    'Save the pictures embedded in a PDF as separate files in one ZIP. JPEG photos come out exactly as they are stored, with no re-compression; other images are saved as PNG, with their transparency. An image used many times is saved once.',
  keywords: ['extract images from pdf', 'pdf image extractor', 'save pictures from pdf', 'pdf to images'],
  category: 'convert-from-pdf',
  searchKeywords: ['pictures', 'photos', 'save images', 'pdf to images'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: noOptions,
  actionLabel: 'Extract Images',
  busyLabel: 'Extracting Images...',
  successToast: 'Images have been extracted successfully.',
  errorToast: 'Failed to extract images from PDF. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for image extraction.',
  noFileDescription: 'Please upload a PDF file to extract images from.',
  download: zipDownload('extracted-images.zip'),
  responseHeaders: [skippedImagesHeader],
  icon: Images,
  apiExample: {},
  sampleOptions: {},
  readsPageContent: true,
} as const satisfies ToolEntry;
