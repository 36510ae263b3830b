import type { TaskTable } from '../mupdf/task-table.js';
import { compressPrepare } from './compress-prepare-task.js';

/** Compress PDF's work in the MuPDF worker, by task name. */
export const compressTasks = { 'compress-prepare': compressPrepare } satisfies TaskTable;
export type CompressTasks = typeof compressTasks;
