import { readFile, rm } from 'node:fs/promises';
import { brokenImagesHeader } from '@paperknife/catalog/http-api';
import { tools } from '@paperknife/catalog/tools';
import { encodeCcittG4 } from '../compress/ccitt-g4-encode.js';
import { MultiPageTiff, deflateRgbStrips } from '../render/multi-page-tiff.js';
import { renderBesidePreflight, renderEachPage } from '../render/render-each-page.js';
import { tempPath } from '../jobs/temp-path.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolContext, ToolRunner } from '../jobs/tool-runner.js';

/**
 * The whole document as ONE multi-page TIFF, a TIFF page per PDF page at its own size: colour pages lossless
 * (Deflate), black-and-white pages 1-bit in CCITT Group 4, the fax and archive format. Pages are rendered by MuPDF
 * in the worker pool and appended to the file as they come, in order (docs/decisions/161), beside the upload's
 * preflight (renderBesidePreflight).
 */
export const pdfToTiff: ToolRunner<'pdf-to-tiff'> = async (files, options, context) => {
  const file = requireOneFile(files);
  const tool = tools['pdf-to-tiff'];
  const bilevel = options.colorMode === 'black-and-white';
  const request = { dpi: options.dpi, pixels: bilevel ? 'bilevel' : 'rgb' } as const;
  const writeTiff = async (input: { path: string; pageCount: number }, attempt: ToolContext) => {
    const output = tempPath(attempt, 'converted-document', '.tiff');
    const tiff = await MultiPageTiff.create(output);
    try {
      const rendered = await renderEachPage(input, request, attempt, async (page) => {
        const pixels = await readFile(page.pixels);
        await rm(page.pixels, { force: true });
        const { width, height, dpi } = page;
        await tiff.addPage(
          bilevel
            ? {
                kind: 'bilevel',
                width,
                height,
                dpi,
                g4: encodeCcittG4({ width, height, rows: pixels, blackIs1: true }),
              }
            : { kind: 'rgb', width, height, dpi, strips: await deflateRgbStrips(pixels, width, height) },
        );
      });
      return { output, rendered };
    } finally {
      await tiff.close();
    }
  };
  const { output, rendered } = await renderBesidePreflight(file, context, writeTiff);
  const headers = { [brokenImagesHeader.name]: String(rendered.pagesWithBrokenImages) };
  return { path: output, download: tool.download, headers };
};
