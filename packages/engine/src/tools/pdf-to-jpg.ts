import { readFile, rm } from 'node:fs/promises';
import { brokenImagesHeader } from '@paperknife/catalog/http-api';
import { tools } from '@paperknife/catalog/tools';
import { renderUploadedPages } from '../render/render-each-page.js';
import { partName } from '@paperknife/qpdf-jobs/part-names';
import { tempPath } from '../jobs/temp-path.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';
import { type ZipEntry, writeZip } from '../jobs/zip-output.js';
import { loadSharp } from '../jobs/image-library.js';

/**
 * Every page as a JPEG: MuPDF renders (in the worker pool) what a viewer shows, sharp encodes with the chosen
 * quality and records the resolution in the JPEG, pages side by side and beside the upload's preflight
 * (renderUploadedPages). One page gives page-1.jpg, more give a ZIP named after the upload.
 */
export const pdfToJpg: ToolRunner<'pdf-to-jpg'> = async (files, options, context) => {
  const file = requireOneFile(files);
  const tool = tools['pdf-to-jpg'];
  const sharp = await loadSharp();
  const rendered = await renderUploadedPages(
    file,
    { dpi: options.dpi, pixels: 'rgb' },
    context,
    async (page, pageCount, attempt): Promise<ZipEntry> => {
      const jpeg = tempPath(attempt, `page-${page.page}`, '.jpg');
      await sharp(await readFile(page.pixels), {
        raw: { width: page.width, height: page.height, channels: 3 },
        limitInputPixels: false,
      })
        .withMetadata({ density: page.dpi })
        .jpeg({ quality: options.quality, mozjpeg: true })
        .toFile(jpeg);
      await rm(page.pixels, { force: true });
      return { name: partName(file.name, [page.page], pageCount, '.jpg'), path: jpeg, store: true };
    },
  );
  const entries = rendered.pages;
  const headers = { [brokenImagesHeader.name]: String(rendered.pagesWithBrokenImages) };
  if (entries.length === 1) return { path: entries[0]!.path!, download: tool.singlePageDownload, headers };
  const output = tempPath(context, 'pdf-pages-jpg', '.zip');
  await writeZip(output, entries, context.signal);
  return { path: output, download: tool.download, headers };
};
