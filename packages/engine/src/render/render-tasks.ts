import type { TaskTable } from '../mupdf/task-table.js';
import { extractPageImages } from './extract-page-images-task.js';
import { extractPageText } from './extract-page-text-task.js';
import { measurePageInk } from './page-ink-task.js';
import { renderPages } from './render-pages-task.js';

/** Reading pages out in the MuPDF worker, by task name: as pixels, as images, as text, as ink. */
export const renderTasks = {
  'render-pages': renderPages,
  'extract-page-images': extractPageImages,
  'extract-page-text': extractPageText,
  'page-ink': measurePageInk,
} satisfies TaskTable;
export type RenderTasks = typeof renderTasks;
