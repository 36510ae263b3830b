import type { TaskTable } from '../mupdf/task-table.js';
import { writeSlidesFromPdf } from './slides-document-task.js';

/** PDF to PowerPoint's work in the MuPDF worker, by task name. */
export const pdfToPowerpointTasks = {
  'pdf-to-powerpoint-document': writeSlidesFromPdf,
} satisfies TaskTable;
export type PdfToPowerpointTasks = typeof pdfToPowerpointTasks;
