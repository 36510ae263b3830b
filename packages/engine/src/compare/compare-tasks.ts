import type { TaskTable } from '../mupdf/task-table.js';
import { compareDocuments } from './compare-documents-task.js';

/** Compare PDF's work in the MuPDF worker, by task name. */
export const compareTasks = {
  'compare-documents': compareDocuments,
} satisfies TaskTable;
export type CompareTasks = typeof compareTasks;
