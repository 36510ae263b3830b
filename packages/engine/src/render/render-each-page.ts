import { mupdfPool } from '../mupdf/pool.js';
import { abortError } from '../programs/run-process.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import type { PagePixels, RenderedPage } from './render-pages-task.js';
import type { RenderTasks } from './render-tasks.js';

const pool = mupdfPool<RenderTasks>();

/** Pixels rendered per worker call before the main thread encodes them: bounds the job folder and the heap. */
const BATCH_BYTES = 256 * 1024 * 1024;

export interface RenderedDocument {
  pageCount: number;
  /** Pages drawn without an image that could not be decoded, as a viewer draws them. */
  pagesWithBrokenImages: number;
}

/**
 * Renders every page as a viewer shows it, in the MuPDF worker pool a batch at a time, and hands each page's raw
 * pixel file to `onPage` in page order; `onPage` encodes it and may delete it. Shared by the tools that turn pages
 * into images (JPG, PNG, TIFF), so they differ only in how they encode and package the pixels.
 */
export async function renderEachPage(
  input: { path: string; pageCount: number },
  request: { dpi: number; pixels: PagePixels },
  context: ToolContext,
  onPage: (page: RenderedPage, pageCount: number) => Promise<void>,
): Promise<RenderedDocument> {
  const started = Date.now();
  let from = 0;
  let pageCount = input.pageCount;
  let pagesWithBrokenImages = 0;
  while (from < pageCount) {
    if (context.signal.aborted) throw abortError(context.signal);
    const batch = await pool.run(
      'render-pages',
      { input: input.path, from, ...request, folder: context.workDir, batchBytes: BATCH_BYTES },
      { signal: context.signal, timeoutMs: Math.max(1000, context.limits.jobTimeoutMs - (Date.now() - started)) },
    );
    pageCount = batch.pageCount;
    pagesWithBrokenImages += batch.pagesWithBrokenImages.length;
    if (batch.rendered.length === 0) break;
    for (const page of batch.rendered) await onPage(page, pageCount);
    from = batch.rendered[batch.rendered.length - 1]!.page;
  }
  return { pageCount, pagesWithBrokenImages };
}
