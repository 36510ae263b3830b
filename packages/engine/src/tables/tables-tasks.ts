import type { TaskTable } from '../mupdf/task-table.js';
import { writeExcelWorkbook } from './excel-workbook-task.js';

/** Table conversions in the MuPDF worker, by task name. */
export const tablesTasks = {
  'excel-workbook': writeExcelWorkbook,
} satisfies TaskTable;
export type TablesTasks = typeof tablesTasks;
