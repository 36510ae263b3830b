import type { TaskTable } from '../mupdf/task-table.js';
import { extractPageImages } from './extract-page-images-task.js';
import { extractPageText } from './extract-page-text-task.js';
import { renderJpgPages } from './render-jpg-pages-task.js';

/** Reading pages out in the MuPDF worker, by task name: as JPEG pixels, as images, as text. */
export const renderTasks = {
  'render-jpg-pages': renderJpgPages,
  'extract-page-images': extractPageImages,
  'extract-page-text': extractPageText,
} satisfies TaskTable;
export type RenderTasks = typeof renderTasks;
