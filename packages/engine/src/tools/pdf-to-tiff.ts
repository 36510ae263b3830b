import { readFile, rm } from 'node:fs/promises';
import { brokenImagesHeader } from '@paperknife/catalog/http-api';
import { tools } from '@paperknife/catalog/tools';
import { encodeCcittG4 } from '../compress/ccitt-g4-encode.js';
import { MultiPageTiff, deflateRgbStrips } from '../render/multi-page-tiff.js';
import { renderEachPage } from '../render/render-each-page.js';
import { preparePdfInput } from '../preflight/pdf-input.js';
import { tempPath } from '../jobs/temp-path.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

/**
 * The whole document as ONE multi-page TIFF, a TIFF page per PDF page at its own size: colour pages lossless
 * (Deflate), black-and-white pages 1-bit in CCITT Group 4, the fax and archive format. Pages are rendered by MuPDF
 * in the worker pool and appended to the file as they come. See docs/decisions/161.
 */
export const pdfToTiff: ToolRunner<'pdf-to-tiff'> = async (files, options, context) => {
  const file = requireOneFile(files);
  const input = await preparePdfInput(file, context);
  const tool = tools['pdf-to-tiff'];
  const output = tempPath(context, 'converted-document', '.tiff');
  const tiff = await MultiPageTiff.create(output);
  const bilevel = options.colorMode === 'black-and-white';
  try {
    const request = { dpi: options.dpi, pixels: bilevel ? 'bilevel' : 'rgb' } as const;
    const rendered = await renderEachPage(input, request, context, async (page) => {
      const pixels = await readFile(page.pixels);
      await rm(page.pixels, { force: true });
      const { width, height, dpi } = page;
      await tiff.addPage(
        bilevel
          ? { kind: 'bilevel', width, height, dpi, g4: encodeCcittG4({ width, height, rows: pixels, blackIs1: true }) }
          : { kind: 'rgb', width, height, dpi, strips: await deflateRgbStrips(pixels, width, height) },
      );
    });
    const headers = { [brokenImagesHeader.name]: String(rendered.pagesWithBrokenImages) };
    return { path: output, download: tool.download, headers };
  } finally {
    await tiff.close();
  }
};
