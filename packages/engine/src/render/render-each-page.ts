import { availableParallelism } from 'node:os';
import { mupdfPool } from '../mupdf/pool.js';
import { concurrencyLimit } from '../jobs/concurrency-limit.js';
import { allDone, valueOf } from '../jobs/settle.js';
import { runBesidePreflight } from '../preflight/beside-preflight.js';
import { abortError } from '../programs/run-process.js';
import type { InputFile, ToolContext } from '../jobs/tool-runner.js';
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
 * Pages whose pixels are at most this size are encoded side by side (`inParallel`); a larger one alone, so a job
 * holds no more pixels at once than before: a letter page at 300 dpi is 25 MB of RGB.
 */
const PARALLEL_PAGE_BYTES = 32 * 1024 * 1024;

/**
 * Renders every page as a viewer shows it, in the MuPDF worker pool a batch at a time, and hands each page's raw
 * pixel file to `onPage` in page order; `onPage` encodes it and may delete it. Shared by the tools that turn pages
 * into images (JPG, PNG, TIFF), so they differ only in how they encode and package the pixels.
 *
 * `inParallel`: the pages of a batch are handed over without waiting for the one before to finish, as many at once
 * as the job has cores (a page larger than PARALLEL_PAGE_BYTES alone), for an `onPage` that does not depend on the
 * order its calls end in. Each batch ends before the next is rendered.
 */
export async function renderEachPage(
  input: { path: string; pageCount: number },
  request: { dpi: number; pixels: PagePixels },
  context: ToolContext,
  onPage: (page: RenderedPage, pageCount: number) => Promise<void>,
  { inParallel = false }: { inParallel?: boolean } = {},
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
    if (inParallel) {
      await handOverSideBySide(batch.rendered, BYTES_PER_PIXEL[request.pixels], context, (page) =>
        onPage(page, pageCount),
      );
    } else for (const page of batch.rendered) await onPage(page, pageCount);
    from = batch.rendered[batch.rendered.length - 1]!.page;
  }
  return { pageCount, pagesWithBrokenImages };
}

/**
 * `render` run on the upload beside its preflight (runBesidePreflight, docs/decisions/105): the pages are drawn while
 * qpdf checks the file, and drawn again from the preflight's copy only when it decrypted or repaired one. On the
 * upload the page count is not known yet: renderEachPage takes it from the first batch, and the preflight's limit
 * stops the run if it refuses the file.
 */
export async function renderBesidePreflight<R>(
  upload: InputFile,
  context: ToolContext,
  render: (input: { path: string; pageCount: number }, attempt: ToolContext) => Promise<R>,
): Promise<R> {
  const { outcome } = await runBesidePreflight(upload, context, {
    onUpload: (early) => render({ path: upload.path, pageCount: Number.POSITIVE_INFINITY }, early),
    onPrepared: (prepared, late) => render(prepared, late),
  });
  return valueOf(outcome);
}

/**
 * Every page of an upload rendered beside its preflight (renderBesidePreflight), pages side by side, and turned into
 * a `T` by `onPage`. `pages[i]` is page i + 1's.
 */
export function renderUploadedPages<T>(
  upload: InputFile,
  request: { dpi: number; pixels: PagePixels },
  context: ToolContext,
  onPage: (page: RenderedPage, pageCount: number, attempt: ToolContext) => Promise<T>,
): Promise<RenderedDocument & { pages: T[] }> {
  return renderBesidePreflight(upload, context, async (input, attempt) => {
    const pages: T[] = [];
    const rendered = await renderEachPage(
      input,
      request,
      attempt,
      async (page, pageCount) => {
        pages[page.page - 1] = await onPage(page, pageCount, attempt);
      },
      { inParallel: true },
    );
    return { ...rendered, pages };
  });
}

/** What one pixel of each raw format takes. */
const BYTES_PER_PIXEL: Record<PagePixels, number> = { rgb: 3, rgba: 4, bilevel: 1 / 8 };

/** `onPage` on each page, up to the job's cores at once, a page past PARALLEL_PAGE_BYTES alone; all end first. */
async function handOverSideBySide(
  pages: readonly RenderedPage[],
  bytesPerPixel: number,
  context: ToolContext,
  onPage: (page: RenderedPage) => Promise<void>,
): Promise<void> {
  const gate = concurrencyLimit(context.cores ?? availableParallelism());
  const running: Promise<void>[] = [];
  for (const page of pages) {
    if (page.width * page.height * bytesPerPixel > PARALLEL_PAGE_BYTES) {
      await allDone(running.splice(0));
      await onPage(page);
    } else {
      const handed = gate(() => onPage(page));
      handed.catch(() => undefined); // awaited by allDone, which waits for every page before throwing
      running.push(handed);
    }
  }
  await allDone(running);
}
