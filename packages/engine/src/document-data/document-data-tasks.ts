import type { TaskTable } from '../mupdf/task-table.js';
import { sanitizeDocument } from './sanitize-document-task.js';
import { textAmount } from './text-amount-task.js';
import { writeMetadata } from './write-metadata-task.js';

/** Repair PDF, Remove hidden data and Edit metadata's work in the MuPDF worker, by task name. */
export const documentDataTasks = {
  'sanitize-document': sanitizeDocument,
  'write-metadata': writeMetadata,
  'text-amount': textAmount,
} satisfies TaskTable;
export type DocumentDataTasks = typeof documentDataTasks;
