import Contrast from 'lucide/dist/esm/icons/contrast.mjs';
import { type ToolEntry, noOptions, pdfDownload, pdfInput } from '../tool-entry.js';

export const grayscalePdf = {
  functionName: 'grayscale-pdf',
  title: 'Grayscale PDF',
  shortDescription: 'Convert colour pages to black and white',
  description:
    'Turn a colour PDF into shades of gray for cheaper printing or a uniform look. Text, vector graphics and images are all converted, and text stays text: you can still select and search it.',
  keywords: ['grayscale pdf', 'black and white pdf', 'remove color from pdf', 'pdf to grayscale'],
  category: 'optimize',
  searchKeywords: ['black and white', 'monochrome', 'greyscale', 'gray', 'remove colour', 'color'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: noOptions,
  actionLabel: 'Convert to Grayscale',
  busyLabel: 'Converting...',
  successToast: 'Your PDF has been converted to grayscale successfully.',
  errorToast: 'Failed to convert PDF to grayscale. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for grayscale conversion.',
  noFileDescription: 'Please upload a PDF file to convert to grayscale.',
  download: pdfDownload('grayscale-document.pdf'),
  icon: Contrast,
  apiExample: {},
  sampleOptions: {},
  readsPageContent: true,
} as const satisfies ToolEntry;
