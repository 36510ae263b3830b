import type { TaskTable } from '../mupdf/task-table.js';
import { cropPages } from './crop-pages-task.js';
import { placePages } from './place-pages-task.js';

/** Crop, N-up and Booklet's work in the MuPDF worker, by task name. */
export const pageLayoutTasks = { 'crop-pages': cropPages, 'place-pages': placePages } satisfies TaskTable;
export type PageLayoutTasks = typeof pageLayoutTasks;
