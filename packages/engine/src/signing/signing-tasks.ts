import type { TaskTable } from '../mupdf/task-table.js';
import { placeSignature } from './place-signature-task.js';
import { addSignatureField } from './signature-field-task.js';

/** Sign PDF's work in the MuPDF worker, by task name. */
export const signingTasks = {
  'place-signature': placeSignature,
  'add-signature-field': addSignatureField,
} satisfies TaskTable;
export type SigningTasks = typeof signingTasks;
