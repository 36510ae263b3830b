import { readFile, rm } from 'node:fs/promises';
import sharp from 'sharp';
import { brokenImagesHeader } from '@paperknife/catalog/http-api';
import { tools } from '@paperknife/catalog/tools';
import { mupdfPool } from '../mupdf/pool.js';
import type { RenderTasks } from '../render/render-tasks.js';
import type { RenderPagesPayload } from '../render/render-jpg-pages-task.js';
import { partName } from '../jobs/output-names.js';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { tempPath } from '../jobs/temp-path.js';
import { abortError } from '../programs/run-process.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';
import { type ZipEntry, writeZip } from '../jobs/zip-output.js';

const pool = mupdfPool<RenderTasks>();

/** Pixels rendered per worker call before the main thread encodes them: bounds the job folder and the heap. */
const BATCH_BYTES = 256 * 1024 * 1024;

/**
 * Every page as a JPEG: MuPDF renders (in the worker pool) what a viewer shows, sharp encodes with the chosen
 * quality and records the resolution in the JPEG. One page gives page-1.jpg, more give a ZIP named after the upload.
 */
export const pdfToJpg: ToolRunner<'pdf-to-jpg'> = async (files, options, context) => {
  const file = requireOneFile(files);
  const input = await preparePdfInput(file, context);
  const tool = tools['pdf-to-jpg'];
  const started = Date.now();
  const entries: ZipEntry[] = [];
  let from = 0;
  let pageCount = input.pageCount;
  let pagesWithBrokenImages = 0;
  while (from < pageCount) {
    if (context.signal.aborted) throw abortError(context.signal);
    const payload: RenderPagesPayload = {
      input: input.path,
      from,
      dpi: options.dpi,
      folder: context.workDir,
      batchBytes: BATCH_BYTES,
    };
    const batch = await pool.run('render-jpg-pages', payload, {
      signal: context.signal,
      timeoutMs: Math.max(1000, context.limits.jobTimeoutMs - (Date.now() - started)),
    });
    pageCount = batch.pageCount;
    pagesWithBrokenImages += batch.pagesWithBrokenImages.length;
    if (batch.rendered.length === 0) break;
    for (const page of batch.rendered) {
      const jpeg = tempPath(context, `page-${page.page}`, '.jpg');
      await sharp(await readFile(page.pixels), {
        raw: { width: page.width, height: page.height, channels: 3 },
        limitInputPixels: false,
      })
        .withMetadata({ density: page.dpi })
        .jpeg({ quality: options.quality, mozjpeg: true })
        .toFile(jpeg);
      await rm(page.pixels, { force: true });
      entries.push({ name: partName(file.name, [page.page], pageCount, '.jpg'), path: jpeg, store: true });
    }
    from = batch.rendered[batch.rendered.length - 1]!.page;
  }
  const headers = { [brokenImagesHeader.name]: String(pagesWithBrokenImages) };
  if (entries.length === 1) return { path: entries[0]!.path!, download: tool.singlePageDownload, headers };
  const output = tempPath(context, 'pdf-pages-jpg', '.zip');
  await writeZip(output, entries, context.signal);
  return { path: output, download: tool.download, headers };
};
