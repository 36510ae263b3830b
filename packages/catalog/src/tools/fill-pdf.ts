import FilePenLine from 'lucide/dist/esm/icons/file-pen-line.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { booleanField, enumField } from '../option-fields.js';
import { formValuesField } from '../pdf-form-fields.js';
import { type ToolEntry, pdfDownload, pdfInput, zipDownload } from '../tool-entry.js';

/** What a bulk fill gives: a ZIP of one PDF per row, or one PDF of every row's filled pages in turn. */
export const bulkOutputs = ['zip', 'merged'] as const;

/** Most rows one bulk fill takes. */
export const MAX_FORM_ROWS = 5000;

/**
 * The tool whose upload rules the form-field listing (`FORM_FIELDS_FUNCTION`, pdf-form-fields.ts) applies: it lists
 * the fields this tool fills, so it takes and checks a file as this tool does.
 */
export const formFieldsTool = 'fill-pdf' as const;

export const fillPdf = {
  functionName: 'fill-pdf',
  title: 'Fill PDF forms',
  shortDescription: 'Type into the fields of a PDF form',
  description:
    'Fill in the fields of a PDF form (text, checkboxes, radio buttons, lists and dates) and download it filled, so every viewer shows your values, or flattened into the page. Add a CSV or JSON file of rows to fill one copy per row.',
  keywords: ['fill pdf form', 'pdf form filler', 'fill in pdf', 'fill pdf online', 'bulk fill pdf forms'],
  category: 'edit',
  searchKeywords: ['form', 'fields', 'fillable', 'acroform', 'checkbox', 'mail merge', 'csv'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  dataFile: {
    field: 'data',
    extensions: ['.csv', '.json'],
    mimeTypes: ['text/csv', 'application/json'],
    maxBytes: 5 * 1024 * 1024,
  },
  options: z.object({
    values: formValuesField.register(formFields, {
      label: 'Field values (JSON)',
      control: { kind: 'text' },
      placeholder: '{"name": "Ada Lovelace"}',
      wide: true,
    }),
    flatten: booleanField('Flatten', false).register(formFields, {
      label: 'Flatten: make the values part of the page, no longer editable',
      control: { kind: 'checkbox' },
      wide: true,
    }),
    bulkOutput: enumField('Bulk output', bulkOutputs, 'zip').register(formFields, {
      label: 'With a file of rows',
      control: {
        kind: 'select',
        choices: [
          { value: 'zip', label: 'A ZIP with one PDF per row' },
          { value: 'merged', label: 'One PDF with every row' },
        ],
      },
    }),
    nameColumn: z
      .string()
      .trim()
      .max(200, 'The column name is too long.')
      .optional()
      .meta({ description: 'A column of the rows whose values name the PDFs in the ZIP; without it, row numbers.' })
      .register(formFields, {
        label: 'Name the files by column',
        control: { kind: 'text' },
        hint: 'A column of your rows file; blank: row numbers.',
      }),
  }),
  formColumns: 2,
  actionLabel: 'Fill PDF',
  busyLabel: 'Filling...',
  successToast: 'Your PDF form has been filled successfully.',
  errorToast: 'Failed to fill the PDF form. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for filling forms.',
  noFileDescription: 'Please upload a PDF form to fill.',
  download: pdfDownload('filled-form.pdf'),
  extraDownloads: [zipDownload('filled-forms.zip')],
  icon: FilePenLine,
  apiExample: { values: '{"name": "Ada Lovelace", "agree": true}', flatten: 'false' },
  sampleOptions: {},
  readsPageContent: false,
} as const satisfies ToolEntry;
