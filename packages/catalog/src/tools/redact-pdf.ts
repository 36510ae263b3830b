import EyeOff from 'lucide/dist/esm/icons/eye-off.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { booleanField, enumField, hexColorField } from '../option-fields.js';
import {
  redactionBoxesField,
  redactionHeaders,
  redactionPresetLabels,
  redactionPresets,
  redactionPresetsField,
} from '../redaction.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

export const redactOutputs = ['redacted-pdf', 'hits'] as const;

const searchGroup = 'Search options';

/**
 * The search fields go to the API only when asking for hits: on the page the search panel sends them itself with
 * `output=hits`, and the run sends the reviewed boxes alone, so a match dropped in the review is not redacted.
 */
const whenSearching = { field: 'output', equals: 'hits' } as const;

export const redactPdf = {
  functionName: 'redact-pdf',
  title: 'Redact PDF',
  shortDescription: 'Black out text and areas for good',
  description:
    'Find names, e-mail addresses, phone numbers, IBANs, card numbers or dates, or any words or pattern you type, review each match, draw boxes over anything else, and black it out for good. What lies under each box is removed from the file: its text, the covered pixels of images and the drawings, and the redacted words also leave bookmarks, metadata, notes and form fields.',
  keywords: ['redact pdf', 'black out pdf text', 'remove sensitive data pdf', 'pdf redaction tool'],
  category: 'security',
  searchKeywords: ['redaction', 'black out', 'censor', 'hide text', 'anonymize', 'privacy', 'gdpr'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z
    .object({
      search: z
        .string()
        .trim()
        .max(500, 'The search can be at most 500 characters.')
        .optional()
        .meta({ description: 'Words to find and black out everywhere they appear.' })
        .register(formFields, {
          label: 'Find text',
          control: { kind: 'text' },
          placeholder: 'Jane Doe',
          wide: true,
          shownWhen: whenSearching,
        }),
      regex: booleanField('Regular expression', false).register(formFields, {
        label: 'Search with a regular expression',
        control: { kind: 'checkbox' },
        group: searchGroup,
        shownWhen: whenSearching,
      }),
      caseSensitive: booleanField('Match case', false).register(formFields, {
        label: 'Match upper and lower case',
        control: { kind: 'checkbox' },
        group: searchGroup,
        shownWhen: whenSearching,
      }),
      presets: redactionPresetsField().register(formFields, {
        label: 'Also find',
        control: {
          kind: 'checkboxes',
          choices: redactionPresets.map((value) => ({ value, label: redactionPresetLabels[value] })),
          joiner: ',',
        },
        wide: true,
        shownWhen: whenSearching,
      }),
      boxes: redactionBoxesField().register(formFields, {
        label: 'Areas to black out',
        control: { kind: 'text' },
        hint: 'The matches you keep and the boxes you draw on the pages.',
        wide: true,
        whenBlank: 'disables-action',
      }),
      fill: hexColorField('#000000').register(formFields, { label: 'Box colour', control: { kind: 'colour' } }),
      output: enumField('Output', redactOutputs, 'redacted-pdf')
        .meta({
          description:
            'redacted-pdf: the redacted document. hits: only search, and answer the matches as JSON (page, text, words around it, rectangles) to review before redacting.',
        })
        .register(formFields, {
          label: 'Output',
          control: {
            kind: 'select',
            choices: [
              { value: 'redacted-pdf', label: 'Redacted PDF' },
              { value: 'hits', label: 'Matches only (JSON)' },
            ],
          },
          shownWhen: whenSearching,
        }),
    })
    .superRefine((options, ctx) => {
      const searches = Boolean(options.search) || (options.presets?.length ?? 0) > 0;
      if (searches || (options.output === 'redacted-pdf' && (options.boxes?.length ?? 0) > 0)) return;
      ctx.addIssue({
        code: 'custom',
        message:
          options.output === 'hits'
            ? 'Type words to find or pick a kind of data to search for.'
            : 'Type words to find, pick a kind of data or draw a box to redact.',
      });
    }),
  formColumns: 2,
  actionLabel: 'Redact PDF',
  busyLabel: 'Redacting...',
  successToast: 'Your PDF has been redacted successfully.',
  errorToast: 'Failed to redact the PDF. Please try again.',
  invalidTypeDescription: 'Only PDF files can be redacted.',
  noFileDescription: 'Please upload a PDF file to redact.',
  download: pdfDownload('redacted-document.pdf'),
  extraDownloads: [{ name: 'redaction-hits.json', contentType: 'application/json' }],
  responseHeaders: [redactionHeaders.pages, redactionHeaders.elsewhere],
  icon: EyeOff,
  apiExample: { search: 'Jane Doe', presets: 'email,phone' },
  sampleOptions: { presets: 'email,phone,iban,card,date' },
  readsPageContent: true,
} as const satisfies ToolEntry;
