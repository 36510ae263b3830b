import { serveTasks } from './mupdf/worker.js';

/**
 * The MuPDF worker thread's entry (mupdf/pool.ts starts it). mupdf/worker.ts loads MuPDF with a heap it can measure
 * before anything else imports it; the tasks, which import MuPDF themselves, are loaded after that, which is why
 * this is a dynamic import (a bundler hoists static imports of MuPDF above any code).
 */
const { workerTasks } = await import('./worker-tasks.js');

export default serveTasks(workerTasks);
