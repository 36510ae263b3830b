import { readFile, rm } from 'node:fs/promises';
import { ToolError } from '@paperknife/catalog/errors';
import { skippedImagesHeader } from '@paperknife/catalog/http-api';
import { tools } from '@paperknife/catalog/tools';
import { mupdfPool } from '../mupdf/pool.js';
import type { RenderTasks } from '../render/render-tasks.js';
import type { ExtractImagesPayload } from '../render/extract-page-images-task.js';
import { padPage, uploadStem } from '@paperknife/qpdf-jobs/part-names';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { tempPath } from '../jobs/temp-path.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';
import { type ZipEntry, writeZip } from '../jobs/zip-output.js';
import { loadSharp } from '../jobs/image-library.js';

const pool = mupdfPool<RenderTasks>();

/**
 * The images of a PDF in one ZIP: JPEGs exactly as stored, the others as PNG with their transparency, each once,
 * named after the upload and the page where it first appears (`report-page-03-image-2.png`).
 *
 * A damaged image does not fail the job: it is left out, and the answer's `X-Images-Skipped` says how many were.
 * When every image is damaged the answer is `damaged_images`, not `no_images`. The worker decodes each JPEG it
 * copies, so the preflight leaves JPEG data out of its check (`jpegDataCheckedByTool`): a damaged JPEG is one image
 * skipped rather than a PDF refused as `damaged_pdf`.
 */
export const extractImages: ToolRunner<'extract-images'> = async (files, _options, context) => {
  const file = requireOneFile(files);
  const input = await preparePdfInput(file, context, { jpegDataCheckedByTool: true });
  const payload: ExtractImagesPayload = { input: input.path, folder: context.workDir };
  const { images, undecodable } = await pool.run('extract-page-images', payload, {
    signal: context.signal,
    timeoutMs: context.limits.jobTimeoutMs,
  });
  if (images.length === 0) throw new ToolError(undecodable > 0 ? 'damaged_images' : 'no_images');
  const stem = uploadStem(file.name);
  const perPage = new Map<number, number>();
  const entries: ZipEntry[] = [];
  const sharp = await loadSharp();
  for (const image of images) {
    const number = (perPage.get(image.page) ?? 0) + 1;
    perPage.set(image.page, number);
    const name = `${stem}-page-${padPage(image.page, input.pageCount)}-image-${number}`;
    if (image.jpeg) {
      entries.push({ name: `${name}.jpg`, path: image.jpeg, store: true });
      continue;
    }
    const png = tempPath(context, 'image', '.png');
    await sharp(await readFile(image.pixels!), {
      raw: { width: image.width, height: image.height, channels: image.channels },
      limitInputPixels: false,
    })
      .png()
      .toFile(png);
    await rm(image.pixels!, { force: true });
    entries.push({ name: `${name}.png`, path: png, store: true });
  }
  const output = tempPath(context, 'extracted-images', '.zip');
  await writeZip(output, entries, context.signal);
  return {
    path: output,
    download: tools['extract-images'].download,
    headers: { [skippedImagesHeader.name]: String(undecodable) },
  };
};
