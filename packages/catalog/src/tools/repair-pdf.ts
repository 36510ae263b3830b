import Wrench from 'lucide/dist/esm/icons/wrench.mjs';
import { repairReportHeader } from '../http-api.js';
import { type ToolEntry, noOptions, pdfDownload, pdfInput } from '../tool-entry.js';

export const repairPdf = {
  functionName: 'repair-pdf',
  title: 'Repair PDF',
  shortDescription: 'Recover a damaged or corrupted PDF',
  description:
    'Recover what can be read from a damaged PDF: a broken cross-reference table, wrong stream lengths, a truncated download, a broken page tree. Three engines (qpdf, MuPDF and Ghostscript) each repair it, and you get the copy that keeps the most pages and text, with a short report of what was wrong.',
  keywords: ['repair pdf', 'fix corrupted pdf', 'recover pdf', 'damaged pdf repair'],
  category: 'optimize',
  searchKeywords: ['fix', 'corrupt', 'broken', 'recover', 'damaged', 'restore'],
  popular: false,
  inMenu: false,
  input: pdfInput,
  files: { min: 1, max: 1 },
  options: noOptions,
  actionLabel: 'Repair PDF',
  busyLabel: 'Repairing PDF...',
  successToast: 'Your PDF has been repaired successfully.',
  errorToast: 'Failed to repair PDF file. Please try again.',
  invalidTypeDescription: 'Only PDF files can be repaired.',
  noFileDescription: 'Please upload a PDF file to repair.',
  download: pdfDownload('repaired-document.pdf'),
  responseHeaders: [repairReportHeader],
  icon: Wrench,
  apiExample: {},
  sampleOptions: {},
  readsPageContent: true,
  longJobFromBytes: 10 * 1024 * 1024,
} as const satisfies ToolEntry;
