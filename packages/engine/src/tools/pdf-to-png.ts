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
 * Every page as a PNG, lossless: MuPDF renders (in the worker pool) what a viewer shows, on white or, with
 * `transparent`, with an alpha channel where the page draws nothing; sharp encodes and records the resolution.
 * Pages side by side and beside the upload's preflight (renderUploadedPages). One page gives page-1.png, more give a
 * ZIP of PNGs named after the upload.
 */
export const pdfToPng: ToolRunner<'pdf-to-png'> = async (files, options, context) => {
  const file = requireOneFile(files);
  const tool = tools['pdf-to-png'];
  const channels = options.transparent ? 4 : 3;
  const sharp = await loadSharp();
  const request = { dpi: options.dpi, pixels: options.transparent ? 'rgba' : 'rgb' } as const;
  const rendered = await renderUploadedPages(
    file,
    request,
    context,
    async (page, pageCount, attempt): Promise<ZipEntry> => {
      const png = tempPath(attempt, `page-${page.page}`, '.png');
      await sharp(await readFile(page.pixels), {
        raw: { width: page.width, height: page.height, channels },
        limitInputPixels: false,
      })
        .withMetadata({ density: page.dpi })
        .png({ compressionLevel: 6 })
        .toFile(png);
      await rm(page.pixels, { force: true });
      // PNG is deflated already: stored in the ZIP as it is.
      return { name: partName(file.name, [page.page], pageCount, '.png'), path: png, store: true };
    },
  );
  const entries = rendered.pages;
  const headers = { [brokenImagesHeader.name]: String(rendered.pagesWithBrokenImages) };
  if (entries.length === 1) return { path: entries[0]!.path!, download: tool.singlePageDownload, headers };
  const output = tempPath(context, 'pdf-pages-png', '.zip');
  await writeZip(output, entries, context.signal);
  return { path: output, download: tool.download, headers };
};
