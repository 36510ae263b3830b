import type { TaskTable } from '../mupdf/task-table.js';
import { applyRedactions } from './apply-redactions-task.js';
import { findHits } from './find-hits-task.js';

/** Redact PDF's work in the MuPDF worker, by task name. */
export const redactionTasks = {
  'redaction-find-hits': findHits,
  'redaction-apply': applyRedactions,
} satisfies TaskTable;
export type RedactionTasks = typeof redactionTasks;
