import type { TaskTable } from '../mupdf/task-table.js';
import { repairPdf } from './repair-pdf-task.js';

/** The preflight's work in the MuPDF worker, by task name: its last repair. */
export const preflightTasks = { 'rebuild-damaged-pdf': repairPdf } satisfies TaskTable;
export type PreflightTasks = typeof preflightTasks;
