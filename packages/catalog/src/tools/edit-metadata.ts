import FilePen from 'lucide/dist/esm/icons/file-pen.mjs';
import { z } from 'zod';
import { ISO_DATE, type MetadataField, metadataFields, pdfDateFromIso } from '../document-metadata.js';
import { formFields } from '../form-fields.js';
import { booleanField } from '../option-fields.js';
import { type ToolEntry, pdfDownload, pdfInput } from '../tool-entry.js';

const MAX_TEXT = 2000;

/** A property's new text; left out, the document keeps its own. */
const textField = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(MAX_TEXT, `${label} can be at most ${MAX_TEXT} characters.`)
    .optional()
    .meta({ description: `${label}. Left out: kept as it is.` })
    .register(formFields, { label, control: { kind: 'text' } });

/** A date property's new value (ISO 8601); left out, the document keeps its own. */
const dateField = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .refine(
      (value) => pdfDateFromIso(value) !== undefined,
      `${label} must be a date such as 2024-05-31 or 2024-05-31T14:30:00+02:00.`,
    )
    .optional()
    .meta({
      description: `${label} as an ISO 8601 date or date and time. Left out: kept as it is.`,
      pattern: ISO_DATE.source,
    })
    .register(formFields, { label, control: { kind: 'text' }, placeholder: '2024-05-31T14:30:00+02:00' });

/** Properties to remove, by field name, comma-separated; left out, none. */
const clearField = () =>
  z
    .string({ error: 'The properties to remove must be text.' })
    .trim()
    .max(200, 'The properties to remove are too long.')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(metadataFields, { error: `Properties to remove are among: ${metadataFields.join(', ')}.` })))
    .optional()
    .meta({ description: `Properties to remove, comma-separated, among: ${metadataFields.join(', ')}.` })
    .register(formFields, {
      label: 'Properties to remove',
      control: { kind: 'text' },
      placeholder: 'keywords, producer',
      hint: 'The names of the properties to remove, separated by commas.',
    });

export const editMetadata = {
  functionName: 'edit-metadata',
  title: 'Edit metadata',
  shortDescription: 'Change the title, author and other properties',
  description:
    'See and change the properties stored in a PDF: title, author, subject, keywords, creator, producer and the creation and modification dates, or remove them all. The document information and the XMP metadata are kept in agreement, and the pages are not touched.',
  keywords: ['edit pdf metadata', 'change pdf title', 'pdf properties editor', 'remove pdf metadata'],
  category: 'edit',
  searchKeywords: ['properties', 'title', 'author', 'keywords', 'xmp', 'document info'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    title: textField('Title'),
    author: textField('Author'),
    subject: textField('Subject'),
    keywords: textField('Keywords'),
    creator: textField('Creator (application)'),
    producer: textField('Producer (PDF software)'),
    creationDate: dateField('Created'),
    modDate: dateField('Modified'),
    clear: clearField(),
    removeAll: booleanField('Remove all metadata', false).register(formFields, {
      label: 'Remove all metadata',
      control: { kind: 'checkbox' },
      hint: 'Removes every property and the XMP metadata; the fields above are ignored.',
    }),
  } satisfies Record<MetadataField | 'clear' | 'removeAll', unknown>),
  formColumns: 2,
  actionLabel: 'Save metadata',
  busyLabel: 'Saving metadata...',
  successToast: 'The metadata of your PDF has been updated.',
  errorToast: 'Failed to change the metadata of the PDF. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for editing metadata.',
  noFileDescription: 'Please upload a PDF file to edit its metadata.',
  download: pdfDownload('edited-document.pdf'),
  icon: FilePen,
  apiExample: { title: 'Annual report 2025', author: 'Jane Doe', modDate: '2025-03-01T09:00:00Z' },
  sampleOptions: { title: 'Sample title', keywords: 'sample, test' },
  readsPageContent: false,
} as const satisfies ToolEntry;
