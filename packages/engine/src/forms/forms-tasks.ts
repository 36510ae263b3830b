import type { TaskTable } from '../mupdf/task-table.js';
import { fillForm } from './fill-form-task.js';
import { flattenDocument } from './flatten-task.js';
import { listFormFields } from './list-form-fields-task.js';

/** Fill PDF forms and Flatten PDF in the MuPDF worker, by task name. */
export const formsTasks = {
  'list-form-fields': listFormFields,
  'fill-form': fillForm,
  'flatten-document': flattenDocument,
} satisfies TaskTable;
export type FormsTasks = typeof formsTasks;
