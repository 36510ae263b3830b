import type { z } from 'zod';
import { FUNCTIONS_PREFIX } from './http-api.js';
import type { Limits } from './limits.js';
import type { ToolEntry } from './tool-entry.js';
import { comparePdf } from './tools/compare-pdf.js';
import { compressPdf } from './tools/compress-pdf.js';
import { deletePages } from './tools/delete-pages.js';
import { editMetadata } from './tools/edit-metadata.js';
import { extractImages } from './tools/extract-images.js';
import { extractPages } from './tools/extract-pages.js';
import { excelToPdf } from './tools/excel-to-pdf.js';
import { extractText } from './tools/extract-text.js';
import { fillPdf } from './tools/fill-pdf.js';
import { flattenPdf } from './tools/flatten-pdf.js';
import { grayscalePdf } from './tools/grayscale-pdf.js';
import { htmlToPdf } from './tools/html-to-pdf.js';
import { jpgToPdf } from './tools/jpg-to-pdf.js';
import { mergePdf } from './tools/merge-pdf.js';
import { ocrPdf } from './tools/ocr-pdf.js';
import { organizePdf } from './tools/organize-pdf.js';
import { cropPdf } from './tools/crop-pdf.js';
import { nUpPdf } from './tools/n-up-pdf.js';
import { bookletPdf } from './tools/booklet-pdf.js';
import { pageNumbers } from './tools/page-numbers.js';
import { pdfToJpg } from './tools/pdf-to-jpg.js';
import { pdfToPng } from './tools/pdf-to-png.js';
import { pdfToTiff } from './tools/pdf-to-tiff.js';
import { pdfToPdfa } from './tools/pdf-to-pdfa.js';
import { pdfToPowerpoint } from './tools/pdf-to-powerpoint.js';
import { pdfToWord } from './tools/pdf-to-word.js';
import { pdfToExcel } from './tools/pdf-to-excel.js';
import { powerpointToPdf } from './tools/powerpoint-to-pdf.js';
import { protectPdf } from './tools/protect-pdf.js';
import { repairPdf } from './tools/repair-pdf.js';
import { redactPdf } from './tools/redact-pdf.js';
import { removeBlankPages } from './tools/remove-blank-pages.js';
import { rotatePdf } from './tools/rotate-pdf.js';
import { sanitizePdf } from './tools/sanitize-pdf.js';
import { splitPdf } from './tools/split-pdf.js';
import { unlockPdf } from './tools/unlock-pdf.js';
import { watermarkPdf } from './tools/watermark-pdf.js';
import { signPdf } from './tools/sign-pdf.js';
import { addTextImages } from './tools/add-text-images.js';
import { wordToPdf } from './tools/word-to-pdf.js';

export { type Download, type FileKind, imageInput, pdfInput, wordInput } from './tool-entry.js';
export { pageNumberPositions } from './tools/page-numbers.js';
export { rotateAngles } from './tools/rotate-pdf.js';
export { splitModes } from './tools/split-pdf.js';
export { watermarkPositions } from './tools/watermark-pdf.js';

/**
 * THE tool catalogue: every tool by id, each entry in its own file under tools/. Routes, the prerender list, the
 * sitemap, the API docs, the engine registry and the server routes are all derived from it, so a tool missing
 * here or in the engine registry fails to compile. The order is the order of the grids and menus.
 */
export const tools = {
  'compress-pdf': compressPdf,
  'repair-pdf': repairPdf,
  'merge-pdf': mergePdf,
  'split-pdf': splitPdf,
  'rotate-pdf': rotatePdf,
  'protect-pdf': protectPdf,
  'redact-pdf': redactPdf,
  'unlock-pdf': unlockPdf,
  'sanitize-pdf': sanitizePdf,
  'watermark-pdf': watermarkPdf,
  'sign-pdf': signPdf,
  'add-text-images': addTextImages,
  'page-numbers': pageNumbers,
  'edit-metadata': editMetadata,
  'grayscale-pdf': grayscalePdf,
  'fill-pdf': fillPdf,
  'flatten-pdf': flattenPdf,
  'pdf-to-jpg': pdfToJpg,
  'pdf-to-png': pdfToPng,
  'pdf-to-tiff': pdfToTiff,
  'pdf-to-word': pdfToWord,
  'pdf-to-excel': pdfToExcel,
  'pdf-to-pdfa': pdfToPdfa,
  'pdf-to-powerpoint': pdfToPowerpoint,
  'word-to-pdf': wordToPdf,
  'html-to-pdf': htmlToPdf,
  'excel-to-pdf': excelToPdf,
  'powerpoint-to-pdf': powerpointToPdf,
  'jpg-to-pdf': jpgToPdf,
  'extract-pages': extractPages,
  'delete-pages': deletePages,
  'remove-blank-pages': removeBlankPages,
  'organize-pdf': organizePdf,
  'crop-pdf': cropPdf,
  'n-up-pdf': nUpPdf,
  'booklet-pdf': bookletPdf,
  'extract-text': extractText,
  'extract-images': extractImages,
  'compare-pdf': comparePdf,
  'ocr-pdf': ocrPdf,
} as const satisfies Record<string, ToolEntry>;

export type ToolId = keyof typeof tools;
export type Tool<Id extends ToolId = ToolId> = (typeof tools)[Id];
export type ToolOptions<Id extends ToolId> = z.output<Tool<Id>['options']>;
export type FunctionName = Tool['functionName'];

/** Tool ids in catalogue order (the order of the grids and menus). */
export const toolIds = Object.keys(tools) as ToolId[];

export const functionNames = toolIds.map((id) => tools[id].functionName);

export function toolByFunction(name: string): ToolId | undefined {
  return toolIds.find((id) => tools[id].functionName === name);
}

export function isToolId(value: string): value is ToolId {
  return Object.hasOwn(tools, value);
}

/** The API path of a tool's function. */
export function functionPath(id: ToolId): string {
  return `${FUNCTIONS_PREFIX}/${tools[id].functionName}`;
}

/** Every download a tool can give, the usual one first (PDF to JPG: the ZIP, or one JPG for a one-page PDF). */
export function toolDownloads(id: ToolId): readonly { name: string; contentType: string }[] {
  const tool: ToolEntry = tools[id];
  return [tool.download, ...(tool.singlePageDownload ? [tool.singlePageDownload] : []), ...(tool.extraDownloads ?? [])];
}

/** Most files a tool takes in one request: its own maximum, within the configured limit. */
export function maxFilesFor(id: ToolId, limits: Pick<Limits, 'maxFiles'>): number {
  const max = tools[id].files.max;
  return max === null ? limits.maxFiles : Math.min(max, limits.maxFiles);
}

/** The page paths of a tool: `/{tool}` (canonical) and `/tools/{tool}`. */
export function toolPaths(id: ToolId): { canonical: string; alias: string } {
  return { canonical: `/${id}`, alias: `/tools/${id}` };
}

/** Old paths that move to a tool for good. */
export const toolRedirects = { '/secure-pdf': '/protect-pdf' } as const satisfies Record<string, string>;
