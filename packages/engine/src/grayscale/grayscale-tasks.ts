import type { TaskTable } from '../mupdf/task-table.js';
import { grayPrepare } from './gray-prepare-task.js';

/** Grayscale PDF's work in the MuPDF worker, by task name. */
export const grayscaleTasks = { 'gray-prepare': grayPrepare } satisfies TaskTable;
export type GrayscaleTasks = typeof grayscaleTasks;
