import type { TaskTable } from '../mupdf/task-table.js';
import { stampText } from './stamp-text-task.js';

/** Watermark and Page numbers' work in the MuPDF worker, by task name. */
export const stampingTasks = { 'stamp-text': stampText } satisfies TaskTable;
export type StampingTasks = typeof stampingTasks;
