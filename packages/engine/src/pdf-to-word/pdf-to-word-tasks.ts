import type { TaskTable } from '../mupdf/task-table.js';
import { pdfToWordPages } from './pdf-to-word-pages-task.js';
import { writeWordFromPdf } from './pdf-to-word-document-task.js';

/** PDF to Word's work in the MuPDF worker, by task name: the conversion, and its helper on a second worker. */
export const pdfToWordTasks = {
  'pdf-to-word-document': writeWordFromPdf,
  'pdf-to-word-pages': pdfToWordPages,
} satisfies TaskTable;
export type PdfToWordTasks = typeof pdfToWordTasks;
