import type * as mupdf from 'mupdf';
import { ToolError } from '@paperknife/catalog/errors';
import { brokenImagesHeader, recognisedPagesHeader, skippedImagesHeader } from '@paperknife/catalog/http-api';
import { defaultLimits } from '@paperknife/catalog/limits';
import type { Download, ToolId, ToolOptions } from '@paperknife/catalog/tools';
import { extractImages } from '@paperknife/catalog/tools/extract-images';
import { extractText } from '@paperknife/catalog/tools/extract-text';
import { pdfToJpg } from '@paperknife/catalog/tools/pdf-to-jpg';
import { pdfToPng } from '@paperknife/catalog/tools/pdf-to-png';
import { padPage, partName, uploadStem } from '@paperknife/qpdf-jobs/part-names';
import type { RawPixels } from './image-pixels.js';
import type { Mupdf } from './mupdf-module.js';
import { openUpload } from './open-document.js';
import { findPageImages } from './page-images.js';
import { readPageText } from './page-text.js';
import { encodePng } from './png.js';
import { packedPixels, renderPage } from './render-pages.js';

/**
 * The MuPDF tools that run on the device with the `mupdf` module (mupdf.js in a Web Worker): the same page drawing,
 * text reading and image finding the server's worker tasks run, from the document's bytes to the output files' bytes.
 */
export const mupdfDeviceToolIds = [
  'pdf-to-jpg',
  'pdf-to-png',
  'extract-text',
  'extract-images',
] as const satisfies readonly ToolId[];

export type MupdfDeviceToolId = (typeof mupdfDeviceToolIds)[number];

export function isMupdfDeviceTool(id: string): id is MupdfDeviceToolId {
  return (mupdfDeviceToolIds as readonly string[]).includes(id);
}

/** A file the user chose: its name and its bytes. */
export interface MupdfJobInput {
  name: string;
  bytes: Uint8Array;
}

/** A file the job wrote, with the name to save it under. */
export interface MupdfJobFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface MupdfJobResult {
  /**
   * The catalogue's download: the one file's name (PDF to JPG and PNG of one page, Extract Text), or the ZIP's that
   * holds `files` (more pages; Extract Images always), which the caller zips.
   */
  download: Download;
  files: MupdfJobFile[];
  /** The answer headers the server sends with the same result (`X-Pages-With-Broken-Images`, ...). */
  headers: Record<string, string>;
  /**
   * Extract Text: the 1-based pages that look scanned (no text, an image over a tenth of the page). The device does
   * no OCR: with the `ocr: 'auto'` option and such pages, the server would have recognised them, so the page must
   * offer the server for them rather than pass this result off as the server's.
   */
  scannedPages?: number[];
}

export interface MupdfJobSettings {
  /** Most pages of a document; the catalogue's default limit unless given. */
  maxPages?: number;
  /** Checked between pages: an aborted job throws the signal's reason. */
  signal?: AbortSignal;
  /**
   * PDF to JPG's encoder of a page's RGB pixels. Unless given, MuPDF's own (`Pixmap.asJPEG`: libjpeg, no chroma
   * subsampling), whose files are 1.1 to 3.7 times the server's (sharp's mozjpeg, 4:2:0) at the same quality.
   */
  encodeJpeg?: (page: RawPixels, quality: number, dpi: number) => Promise<Uint8Array>;
}

/**
 * Runs a MuPDF device tool on its one input: the bytes opened as the server's preflight lets a file through
 * (openUpload), the tool's work done page by page, the outputs named as the server names them. Options are the
 * catalogue schema's parsed output; `mupdf` is the loaded module. Errors are ToolErrors with the catalogue's codes;
 * `damaged_pdf` here means the file needs the server's repair.
 */
export async function runMupdfJob<Id extends MupdfDeviceToolId>(
  toolId: Id,
  inputs: readonly MupdfJobInput[],
  options: ToolOptions<Id>,
  mupdf: Mupdf,
  settings: MupdfJobSettings = {},
): Promise<MupdfJobResult> {
  if (inputs.length === 0) throw new ToolError('missing_file');
  if (inputs.length > 1) throw new ToolError('too_many_files', 'This tool takes one file at a time.');
  const input = inputs[0]!;
  const doc = openUpload(mupdf, input.bytes, settings.maxPages ?? defaultLimits.maxPages);
  try {
    const job = deviceJobs[toolId] as DeviceJob<Id>;
    return await job(
      { mupdf, doc, name: input.name, signal: settings.signal, encodeJpeg: settings.encodeJpeg },
      options,
    );
  } finally {
    doc.destroy();
  }
}

interface JobScope {
  mupdf: Mupdf;
  doc: mupdf.PDFDocument;
  /** The upload's name, for the names of the parts. */
  name: string;
  signal: AbortSignal | undefined;
  encodeJpeg: MupdfJobSettings['encodeJpeg'];
}

type DeviceJob<Id extends MupdfDeviceToolId> = (scope: JobScope, options: ToolOptions<Id>) => Promise<MupdfJobResult>;

const deviceJobs: { [Id in MupdfDeviceToolId]: DeviceJob<Id> } = {
  'pdf-to-jpg': (scope, options) =>
    pageImages(scope, pdfToJpg, { dpi: options.dpi, pixels: 'rgb' }, '.jpg', (pixmap, dpi) => {
      if (scope.encodeJpeg) {
        const data = packedPixels(pixmap, 'rgb');
        return scope.encodeJpeg(
          { data, width: pixmap.getWidth(), height: pixmap.getHeight(), channels: 3 },
          options.quality,
          dpi,
        );
      }
      pixmap.setResolution(Math.round(dpi), Math.round(dpi));
      return pixmap.asJPEG(options.quality, false).slice();
    }),
  'pdf-to-png': (scope, options) => {
    const pixels = options.transparent ? 'rgba' : 'rgb';
    return pageImages(scope, pdfToPng, { dpi: options.dpi, pixels }, '.png', (pixmap, dpi) => {
      const channels = pixels === 'rgba' ? 4 : 3;
      const data = packedPixels(pixmap, pixels);
      return encodePng({ data, width: pixmap.getWidth(), height: pixmap.getHeight(), channels }, dpi);
    });
  },
  'extract-text': async ({ doc }) => {
    const pieces: string[] = [];
    const { scannedPages } = readPageText(doc, (text) => pieces.push(text));
    const bytes = new TextEncoder().encode(pieces.join(''));
    const download = extractText.download;
    return {
      download,
      files: [{ name: download.name, contentType: download.contentType, bytes }],
      headers: { [recognisedPagesHeader.name]: '0' },
      scannedPages,
    };
  },
  'extract-images': async ({ mupdf, doc, name, signal }) => {
    const pageCount = doc.countPages();
    const stem = uploadStem(name);
    const perPage = new Map<number, number>();
    const files: MupdfJobFile[] = [];
    const { undecodable } = await findPageImages(mupdf, doc, async (image) => {
      signal?.throwIfAborted();
      const number = (perPage.get(image.page) ?? 0) + 1;
      perPage.set(image.page, number);
      const base = `${stem}-page-${padPage(image.page, pageCount)}-image-${number}`;
      if ('jpeg' in image) files.push({ name: `${base}.jpg`, contentType: 'image/jpeg', bytes: image.jpeg });
      else files.push({ name: `${base}.png`, contentType: 'image/png', bytes: await encodePng(image.pixels) });
    });
    if (files.length === 0) throw new ToolError(undecodable > 0 ? 'damaged_images' : 'no_images');
    return { download: extractImages.download, files, headers: { [skippedImagesHeader.name]: String(undecodable) } };
  },
};

/**
 * Every page drawn as the server draws it and encoded by `encode`: one page gives the catalogue's single-page
 * download, more give parts named after the upload and their page, for the caller's ZIP.
 */
async function pageImages(
  { mupdf, doc, name, signal }: JobScope,
  tool: { download: Download; singlePageDownload: Download },
  request: Parameters<typeof renderPage>[3],
  extension: string,
  encode: (pixmap: mupdf.Pixmap, dpi: number) => Uint8Array | Promise<Uint8Array>,
): Promise<MupdfJobResult> {
  const pageCount = doc.countPages();
  const contentType = tool.singlePageDownload.contentType;
  const files: MupdfJobFile[] = [];
  let pagesWithBrokenImages = 0;
  for (let index = 0; index < pageCount; index++) {
    signal?.throwIfAborted();
    const page = renderPage(mupdf, doc, index, request);
    try {
      if (page.brokenImages) pagesWithBrokenImages++;
      const bytes = await encode(page.pixmap, page.dpi);
      files.push({ name: partName(name, [index + 1], pageCount, extension), contentType, bytes });
    } finally {
      page.pixmap.destroy();
    }
  }
  const headers = { [brokenImagesHeader.name]: String(pagesWithBrokenImages) };
  if (files.length === 1) {
    return {
      download: tool.singlePageDownload,
      files: [{ ...files[0]!, name: tool.singlePageDownload.name }],
      headers,
    };
  }
  return { download: tool.download, files, headers };
}
