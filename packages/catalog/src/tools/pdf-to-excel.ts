import Sheet from 'lucide/dist/esm/icons/sheet.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { recognisedPagesHeader } from '../http-api.js';
import { enumField } from '../option-fields.js';
import { scannedPageOptions } from '../scanned-pages.js';
import { type ToolEntry, pdfInput } from '../tool-entry.js';

export const pdfToExcel = {
  functionName: 'pdf-to-excel',
  title: 'PDF to Excel',
  shortDescription: 'Turn the tables of a PDF into an Excel workbook',
  description:
    'Convert the tables of a PDF into an Excel workbook (.xlsx). Tables with lines, with some lines or with none are found, merged cells stay merged, and numbers, percentages, amounts and dates become values you can calculate with. Each page becomes a sheet, or each table one of its own; pages without tables give their text, one line per row. Scanned pages are read with OCR first.',
  keywords: ['pdf to excel', 'convert pdf to xlsx', 'pdf table to excel', 'pdf to spreadsheet'],
  category: 'convert-from-pdf',
  searchKeywords: ['xlsx', 'xls', 'spreadsheet', 'sheet', 'table', 'office', 'convert'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: z.object({
    sheets: enumField('Sheets', ['per-page', 'per-table'], 'per-page').register(formFields, {
      label: 'Sheets',
      control: {
        kind: 'select',
        choices: [
          { value: 'per-page', label: 'One sheet per page' },
          { value: 'per-table', label: 'One sheet per table' },
        ],
      },
      hint: 'One sheet per page keeps the text around the tables; one sheet per table holds the tables alone.',
    }),
    ...scannedPageOptions(
      'Pages without text that show an image are read with OCR, which takes a few seconds per page. Never: such pages stay empty.',
    ),
  }),
  actionLabel: 'Convert to Excel',
  busyLabel: 'Converting...',
  successToast: 'Your PDF has been converted to Excel successfully.',
  errorToast: 'Failed to convert PDF to Excel. Please try again.',
  invalidTypeDescription: 'Only PDF files are supported for conversion to Excel.',
  noFileDescription: 'Please upload a PDF file to convert to Excel.',
  download: {
    name: 'converted-tables.xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  responseHeaders: [recognisedPagesHeader],
  icon: Sheet,
  apiExample: { sheets: 'per-table' },
  // OCR takes seconds per scanned page: the sweep converts text only (OCR PDF's own sweep runs OCRmyPDF).
  sampleOptions: { sheets: 'per-page', ocr: 'never' },
  readsPageContent: true,
  longJobFromBytes: 0,
} as const satisfies ToolEntry;
