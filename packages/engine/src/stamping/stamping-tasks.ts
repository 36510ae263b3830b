import type { TaskTable } from '../mupdf/task-table.js';
import { placeItems } from './place-items-task.js';
import { stampText } from './stamp-text-task.js';

/** Watermark, Page numbers and Add Text and Images' work in the MuPDF worker, by task name. */
export const stampingTasks = { 'stamp-text': stampText, 'place-items': placeItems } satisfies TaskTable;
export type StampingTasks = typeof stampingTasks;
