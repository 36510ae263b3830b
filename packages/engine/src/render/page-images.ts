import { readFile, rm } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { Sharp } from 'sharp';
import { brokenImagesHeader } from '@paperknife/catalog/http-api';
import type { Download } from '@paperknife/catalog/tools';
import { partName } from '@paperknife/qpdf-jobs/part-names';
import { loadSharp } from '../jobs/image-library.js';
import { tempPath } from '../jobs/temp-path.js';
import type { InputFile, ToolContext, ToolResult } from '../jobs/tool-runner.js';
import { writeZip } from '../jobs/zip-output.js';
import { renderUploadedPages } from './render-each-page.js';

/**
 * Pages as image files (PDF to JPG, PDF to PNG): every page rendered beside the upload's preflight
 * (renderUploadedPages), its pixels handed to sharp with the page's resolution and encoded by `encode`. One page
 * gives the tool's single-page download (page-1.jpg), more a ZIP of the pages named after the upload, each stored as
 * it is (JPEG and PNG are compressed already).
 */
export async function pagesAsImages(
  { download, singlePageDownload }: { download: Download; singlePageDownload: Download },
  upload: InputFile,
  context: ToolContext,
  request: { dpi: number; alpha: boolean },
  encode: (image: Sharp) => Sharp,
): Promise<ToolResult> {
  const extension = extname(singlePageDownload.name);
  const sharp = await loadSharp();
  const rendered = await renderUploadedPages(
    upload,
    { dpi: request.dpi, pixels: request.alpha ? 'rgba' : 'rgb' },
    context,
    async (page, pageCount, attempt) => {
      const path = tempPath(attempt, `page-${page.page}`, extension);
      const raw = { width: page.width, height: page.height, channels: request.alpha ? 4 : 3 } as const;
      await encode(
        sharp(await readFile(page.pixels), { raw, limitInputPixels: false }).withMetadata({ density: page.dpi }),
      ).toFile(path);
      await rm(page.pixels, { force: true });
      return { name: partName(upload.name, [page.page], pageCount, extension), path, store: true };
    },
  );
  const entries = rendered.pages;
  const headers = { [brokenImagesHeader.name]: String(rendered.pagesWithBrokenImages) };
  if (entries.length === 1) return { path: entries[0]!.path, download: singlePageDownload, headers };
  const output = tempPath(context, basename(download.name, '.zip'), '.zip');
  await writeZip(output, entries, context.signal);
  return { path: output, download, headers };
}
