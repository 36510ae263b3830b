import Stamp from 'lucide/dist/esm/icons/stamp.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { enumField, hexColorField, numberField, pagesToStampField, requiredText } from '../option-fields.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

export const watermarkPositions = [
  'center',
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;

export const watermarkPdf = {
  functionName: 'watermark-pdf',
  title: 'Watermark PDF',
  shortDescription: 'Stamp text over your pages',
  description:
    'Stamp text such as CONFIDENTIAL or DRAFT on your pages. Choose the position, opacity, font size, colour and angle, and which pages get it. The watermark stays inside the visible page, even on rotated pages and documents with mixed page sizes, and non-Latin scripts are supported.',
  keywords: ['watermark pdf', 'add watermark', 'stamp pdf', 'pdf watermark text'],
  category: 'edit',
  searchKeywords: ['stamp', 'confidential', 'draft', 'mark', 'text'],
  popular: false,
  inMenu: true,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    text: requiredText({
      label: 'Watermark text',
      missing: 'Please enter text for the watermark.',
      maxLength: 200,
    }).register(formFields, {
      label: 'Watermark text',
      control: { kind: 'text' },
      placeholder: 'CONFIDENTIAL',
      wide: true,
      whenBlank: 'disables-action',
      missingTitle: 'No watermark text',
      clearedAfterSuccess: true,
    }),
    position: enumField('Position', watermarkPositions, 'center').register(formFields, {
      label: 'Position',
      control: { kind: 'select' },
    }),
    opacity: numberField({ label: 'Opacity', min: 0.1, max: 1, default: 0.5 }).register(formFields, {
      label: 'Opacity',
      control: { kind: 'slider', step: 5, unit: '%' },
      pageScale: 100,
    }),
    fontSize: numberField({ label: 'Font size', min: 8, max: 72, default: 24 }).register(formFields, {
      label: 'Font size',
      control: { kind: 'slider', step: 2, unit: ' pt' },
    }),
    color: hexColorField('#808080').register(formFields, { label: 'Colour', control: { kind: 'colour' } }),
    // The page's slider covers the usual angles; the API takes any from -360 to 360.
    rotation: numberField({ label: 'Rotation', min: -360, max: 360, default: 0 }).register(formFields, {
      label: 'Rotation',
      control: { kind: 'slider', step: 15, unit: '°', pageRange: { min: -90, max: 90 } },
    }),
    pages: pagesToStampField(),
  }),
  formColumns: 2,
  actionLabel: 'Add Watermark',
  busyLabel: 'Adding Watermark...',
  successToast: 'Watermark has been added successfully.',
  errorToast: 'Failed to add watermark to PDF. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for watermarking.',
  noFileDescription: 'Please upload a PDF file to watermark.',
  download: pdfDownload('watermarked-document.pdf'),
  icon: Stamp,
  apiExample: { text: 'CONFIDENTIAL', opacity: '0.3', rotation: '45' },
  sampleOptions: { text: 'CONFIDENTIAL' },
  readsPageContent: true,
} as const satisfies ToolEntry;
