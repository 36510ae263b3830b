import FileSpreadsheet from 'lucide/dist/esm/icons/file-spreadsheet.mjs';
import { z } from 'zod';
import { formFields } from '../form-fields.js';
import { booleanField } from '../option-fields.js';
import { type ToolEntry, excelInput, pdfDownload } from '../tool-entry.js';

export const excelToPdf = {
  functionName: 'excel-to-pdf',
  title: 'Excel to PDF',
  shortDescription: 'Convert spreadsheets to PDF',
  description:
    'Convert Excel workbooks (.xlsx, .xls), OpenDocument spreadsheets (.ods) and CSV files to PDF, every sheet with its tables, charts and formatting. Wide sheets can go on one page each, so no column is cut off. Macros never run.',
  keywords: ['excel to pdf', 'xlsx to pdf', 'xls to pdf', 'csv to pdf', 'spreadsheet to pdf'],
  category: 'convert-to-pdf',
  searchKeywords: ['xlsx', 'xls', 'ods', 'csv', 'spreadsheet', 'sheet', 'workbook', 'office'],
  popular: false,
  inMenu: false,
  input: excelInput,
  files: { min: 1, max: 1 },
  options: z.object({
    onePagePerSheet: booleanField('One page per sheet', false).register(formFields, {
      label: 'One page per sheet',
      control: { kind: 'checkbox' },
      hint: 'Each sheet on a single page sized to fit it, instead of printed pages that cut wide sheets apart.',
    }),
  }),
  actionLabel: 'Convert to PDF',
  busyLabel: 'Converting...',
  successToast: 'Your spreadsheet has been converted to PDF successfully.',
  errorToast: 'Failed to convert spreadsheet to PDF. Please try again.',
  invalidTypeDescription: 'Only spreadsheet files (.xlsx, .xls, .ods, .csv) are supported for conversion to PDF.',
  noFileDescription: 'Please upload a spreadsheet file to convert to PDF.',
  download: pdfDownload('converted-spreadsheet.pdf'),
  icon: FileSpreadsheet,
  apiExample: { onePagePerSheet: 'true' },
  sampleOptions: { onePagePerSheet: false },
  readsPageContent: false,
  longJobFromBytes: 0,
  // A long sheet is exported in two parts side by side, by LibreOffice and its helper (decision 220).
  usesSeveralCores: true,
} as const satisfies ToolEntry;
