import Presentation from 'lucide/dist/esm/icons/presentation.mjs';
import { type ToolEntry, noOptions, pdfDownload, powerpointInput } from '../tool-entry.js';

export const powerpointToPdf = {
  functionName: 'powerpoint-to-pdf',
  title: 'PowerPoint to PDF',
  shortDescription: 'Convert presentations to PDF',
  description:
    'Convert PowerPoint presentations (.pptx and the older .ppt) and OpenDocument presentations (.odp) to PDF, one page per slide with its text, images, tables and charts, ready to share or print. Macros never run.',
  keywords: ['powerpoint to pdf', 'pptx to pdf', 'ppt to pdf', 'presentation to pdf', 'slides to pdf'],
  category: 'convert-to-pdf',
  searchKeywords: ['pptx', 'ppt', 'odp', 'presentation', 'slides', 'slideshow', 'office'],
  popular: false,
  inMenu: false,
  input: powerpointInput,
  files: { min: 1, max: 1 },
  options: noOptions,
  actionLabel: 'Convert to PDF',
  busyLabel: 'Converting...',
  successToast: 'Your presentation has been converted to PDF successfully.',
  errorToast: 'Failed to convert presentation to PDF. Please try again.',
  invalidTypeDescription: 'Only presentation files (.pptx, .ppt, .odp) are supported for conversion to PDF.',
  noFileDescription: 'Please upload a presentation file to convert to PDF.',
  download: pdfDownload('converted-presentation.pdf'),
  icon: Presentation,
  apiExample: {},
  sampleOptions: {},
  readsPageContent: false,
  longJobFromBytes: 0,
} as const satisfies ToolEntry;
