import BrushCleaning from 'lucide/dist/esm/icons/brush-cleaning.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { sanitizeReportHeader } from '../http-api.js';
import { booleanField } from '../option-fields.js';
import type { SanitizeKind } from '../sanitize-report.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

/** One choice of what to remove: a checkbox, on unless said otherwise. */
const kind = (label: string, fallback: boolean, hint?: string) =>
  booleanField(label, fallback).register(formFields, {
    label,
    control: { kind: 'checkbox' },
    ...(hint === undefined ? {} : { hint }),
  });

export const sanitizePdf = {
  functionName: 'sanitize-pdf',
  title: 'Remove hidden data',
  shortDescription: 'Strip scripts, attachments, metadata and more',
  description:
    'Clean a PDF before you share it: remove JavaScript and actions, attached files, metadata, hidden layers, comments, form fields and links, each as you choose. The text and images of the pages stay as they are, and a report lists what was found and removed.',
  keywords: ['sanitize pdf', 'remove metadata from pdf', 'remove javascript from pdf', 'clean pdf hidden data'],
  category: 'security',
  searchKeywords: ['sanitize', 'clean', 'privacy', 'metadata', 'javascript', 'attachments', 'redact'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    javascript: kind(
      'JavaScript and actions',
      true,
      'Scripts that run when the PDF opens or a page, field or link is used, those of XFA forms included.',
    ),
    attachments: kind('Attached files', true),
    metadata: kind('Metadata (document properties and XMP)', true),
    hiddenLayers: kind('Hidden layers', true, 'What hidden layers draw is removed; visible layers stay.'),
    annotations: kind('Comments and annotations', true),
    formFields: kind(
      'Form fields',
      false,
      'Fields become plain page content showing their current values. An XFA form is removed.',
    ),
    links: kind('Links', true),
  } satisfies Record<SanitizeKind, unknown>),
  formColumns: 2,
  actionLabel: 'Remove hidden data',
  busyLabel: 'Removing hidden data...',
  successToast: 'Hidden data has been removed from your PDF.',
  errorToast: 'Failed to remove hidden data from the PDF. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for removing hidden data.',
  noFileDescription: 'Please upload a PDF file to remove hidden data from.',
  download: pdfDownload('sanitized-document.pdf'),
  responseHeaders: [sanitizeReportHeader],
  icon: BrushCleaning,
  apiExample: { formFields: 'true', links: 'false' },
  sampleOptions: {},
  readsPageContent: true,
} as const satisfies ToolEntry;
