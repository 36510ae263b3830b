import { compareTasks } from './compare/compare-tasks.js';
import { compressTasks } from './compress/compress-tasks.js';
import { documentDataTasks } from './document-data/document-data-tasks.js';
import { formsTasks } from './forms/forms-tasks.js';
import { grayscaleTasks } from './grayscale/grayscale-tasks.js';
import { poolTasks } from './mupdf/pool-tasks.js';
import { pageLayoutTasks } from './page-layout/page-layout-tasks.js';
import type { TaskTable } from './mupdf/task-table.js';
import { pdfToWordTasks } from './pdf-to-word/pdf-to-word-tasks.js';
import { pdfToPowerpointTasks } from './pdf-to-powerpoint/pdf-to-powerpoint-tasks.js';
import { preflightTasks } from './preflight/preflight-tasks.js';
import { redactionTasks } from './redaction/redaction-tasks.js';
import { renderTasks } from './render/render-tasks.js';
import { signingTasks } from './signing/signing-tasks.js';
import { stampingTasks } from './stamping/stamping-tasks.js';
import { tablesTasks } from './tables/tables-tasks.js';

/**
 * Every task the MuPDF worker runs, by name: each family's table, joined. Only the worker loads this module (it
 * loads MuPDF); the main thread imports the families' table types, never their code.
 */
export const workerTasks = {
  ...poolTasks,
  ...preflightTasks,
  ...compressTasks,
  ...grayscaleTasks,
  ...pdfToWordTasks,
  ...tablesTasks,
  ...pdfToPowerpointTasks,
  ...stampingTasks,
  ...pageLayoutTasks,
  ...signingTasks,
  ...renderTasks,
  ...documentDataTasks,
  ...compareTasks,
  ...formsTasks,
  ...redactionTasks,
} satisfies TaskTable;

export type WorkerTasks = typeof workerTasks;
