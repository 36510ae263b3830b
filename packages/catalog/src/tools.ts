import { z } from 'zod';
import type { Limits } from './limits.js';
import { PASSWORD_MIN_LENGTH } from './password-rules.js';
import { compressLevels } from './compress-levels.js';
import { FUNCTIONS_PREFIX } from './http-api.js';
import {
  booleanField,
  enumField,
  hexColorField,
  newPasswordField,
  numberField,
  optionalPageRange,
  requiredPageRange,
  requiredText,
} from './option-fields.js';

/**
 * THE tool catalogue: the single source of truth for every tool's id, routes, API function, texts, options,
 * limits and download. Routes, the prerender list, the sitemap, the API docs, the engine registry and the
 * server routes are all derived from it, so adding a tool here and nowhere else fails to compile.
 */

export interface FileKind {
  /** Words for messages: "PDF", "Word". */
  label: string;
  mimeTypes: readonly string[];
  extensions: readonly string[];
}

export const pdfInput = {
  label: 'PDF',
  mimeTypes: ['application/pdf'],
  extensions: ['.pdf'],
} as const satisfies FileKind;

export const wordInput = {
  label: 'Word',
  mimeTypes: ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  extensions: ['.doc', '.docx'],
} as const satisfies FileKind;

export interface Download {
  name: string;
  contentType: string;
}

const pdfDownload = (name: string) => ({ name, contentType: 'application/pdf' }) as const;
const zipDownload = (name: string) => ({ name, contentType: 'application/zip' }) as const;

export const watermarkPositions = [
  'center',
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;

export const pageNumberPositions = [
  'bottom-center',
  'bottom-left',
  'bottom-right',
  'top-center',
  'top-left',
  'top-right',
] as const;

export const splitModes = ['pages', 'ranges', 'every'] as const;
export const rotateAngles = [90, 180, 270] as const;

const noOptions = z.object({});

const splitOptions = z
  .object({
    mode: enumField('Split method', splitModes, 'pages'),
    ranges: optionalPageRange().meta({ description: 'With mode=ranges: one output file per range, e.g. 1-3,4-6,7-.' }),
    every: numberField({ label: 'Pages per file', min: 1, max: 10000, integer: true }),
  })
  .superRefine((value, ctx) => {
    if (value.mode === 'ranges' && !value.ranges) {
      ctx.addIssue({
        code: 'custom',
        path: ['ranges'],
        message: 'Enter the ranges to split at, for example 1-3,4-6,7-.',
        params: { errorCode: 'invalid_page_range' },
      });
    }
    if (value.mode === 'every' && value.every === undefined) {
      ctx.addIssue({ code: 'custom', path: ['every'], message: 'Enter how many pages each file should have.' });
    }
  });

const angleField = z
  .union([z.enum(['90', '180', '270']), z.literal(rotateAngles)], { error: 'Angle must be 90, 180 or 270.' })
  .default('90')
  .transform((angle) => Number(angle) as (typeof rotateAngles)[number])
  .meta({ description: 'Clockwise rotation in degrees: 90, 180 or 270. Default 90.' });

export const tools = {
  'compress-pdf': {
    functionName: 'compress-pdf',
    title: 'Compress PDF',
    shortDescription: 'Reduce file size while keeping quality',
    description:
      'Make PDFs smaller for email and upload. Low compression restructures the file without touching quality; medium and high also downsample large images and re-encode them as JPEG, while text and vector graphics stay sharp. You see the size before and after, and you never get a file larger than the one you sent.',
    keywords: ['compress pdf', 'reduce pdf size', 'shrink pdf', 'pdf compressor'],
    popular: true,
    inMenu: true,
    input: pdfInput,
    files: { min: 1, max: 1 },
    options: z.object({
      level: enumField('Compression level', compressLevels, 'medium'),
    }),
    actionLabel: 'Compress PDF',
    busyLabel: 'Compressing PDF...',
    successToast: 'Your PDF has been compressed successfully.',
    errorToast: 'Failed to compress PDF file. Please try again.',
    invalidTypeDescription: 'Only PDF files are supported for compression.',
    noFileDescription: 'Please upload a PDF file to compress.',
    download: pdfDownload('compressed-document.pdf'),
  },
  'merge-pdf': {
    functionName: 'merge-pdf',
    title: 'Merge PDF',
    shortDescription: 'Combine multiple PDFs into one',
    description:
      'Combine several PDFs into one document in the order you choose. Drag files to reorder them or move them with the keyboard, remove any you do not need, and download a single PDF that keeps every page, its links and form fields, and the bookmarks where the files allow.',
    keywords: ['merge pdf', 'combine pdf', 'join pdf files', 'pdf merger'],
    popular: true,
    inMenu: true,
    input: pdfInput,
    files: { min: 2, max: null },
    options: noOptions,
    actionLabel: 'Merge PDF Files',
    busyLabel: 'Merging PDFs...',
    successToast: 'Your PDF files have been merged successfully.',
    errorToast: 'Failed to merge PDF files. Please try again.',
    invalidTypeDescription: 'Only PDF files are supported for merging.',
    noFileDescription: 'Please upload at least 2 PDF files to merge.',
    download: pdfDownload('merged-document.pdf'),
  },
  'split-pdf': {
    functionName: 'split-pdf',
    title: 'Split PDF',
    shortDescription: 'Separate pages into individual files',
    description:
      'Break a PDF into smaller files: one file per page, one file per range you type (such as 1-3,4-6,7-), or a new file every N pages. The parts come back in one ZIP, each named after your original file and the pages it holds.',
    keywords: ['split pdf', 'separate pdf pages', 'pdf splitter', 'divide pdf'],
    popular: true,
    inMenu: true,
    input: pdfInput,
    files: { min: 1, max: 1 },
    options: splitOptions,
    actionLabel: 'Split PDF',
    busyLabel: 'Splitting PDF...',
    successToast: 'Your PDF has been split successfully.',
    errorToast: 'Failed to split PDF file. Please try again.',
    invalidTypeDescription: 'Only PDF files are supported for splitting.',
    noFileDescription: 'Please upload a PDF file to split.',
    download: zipDownload('split-pages.zip'),
  },
  'rotate-pdf': {
    functionName: 'rotate-pdf',
    title: 'Rotate PDF',
    shortDescription: 'Turn pages to the right orientation',
    description:
      'Turn every page, or only the pages you list, by 90, 180 or 270 degrees clockwise. The rotation is added to any rotation the pages already have, and the content itself is untouched, so nothing loses quality.',
    keywords: ['rotate pdf', 'turn pdf pages', 'pdf rotation', 'fix pdf orientation'],
    popular: false,
    inMenu: false,
    input: pdfInput,
    files: { min: 1, max: 1 },
    options: z.object({
      angle: angleField,
      pages: optionalPageRange(),
    }),
    actionLabel: 'Rotate PDF',
    busyLabel: 'Rotating Pages...',
    successToast: 'Your PDF has been rotated successfully.',
    errorToast: 'Failed to rotate PDF file. Please try again.',
    invalidTypeDescription: 'Only PDF files are supported for rotation.',
    noFileDescription: 'Please upload a PDF file to rotate.',
    download: pdfDownload('rotated-document.pdf'),
  },
  'protect-pdf': {
    functionName: 'protect-pdf',
    title: 'Protect PDF',
    shortDescription: 'Add a password with AES-256 encryption',
    description:
      'Lock a PDF with a password using AES-256 encryption. Optionally set a separate owner password and choose whether people who open the file may print it, copy its text or change it.',
    keywords: ['protect pdf', 'password protect pdf', 'encrypt pdf', 'lock pdf'],
    popular: false,
    inMenu: true,
    input: pdfInput,
    files: { min: 1, max: 1 },
    options: z.object({
      userPassword: newPasswordField(),
      ownerPassword: z
        .string()
        .max(256, 'The owner password can be at most 256 characters.')
        .optional()
        .meta({ description: 'Owner password for changing permissions. Default: a random one.' }),
      allowPrinting: booleanField('Allow printing', true),
      allowCopying: booleanField('Allow copying', true),
      allowEditing: booleanField('Allow editing', true),
    }),
    actionLabel: 'Protect PDF',
    busyLabel: 'Protecting PDF...',
    successToast: 'Your PDF has been password protected successfully.',
    errorToast: 'Failed to protect PDF file. Please try again.',
    invalidTypeDescription: 'Only PDF files are supported for protection.',
    noFileDescription: 'Please upload a PDF file to protect.',
    download: pdfDownload('protected-document.pdf'),
  },
  'unlock-pdf': {
    functionName: 'unlock-pdf',
    title: 'Unlock PDF',
    shortDescription: 'Remove the password from a PDF you can open',
    description:
      'Remove the password and the restrictions from a PDF you are allowed to open. Enter its password (the open password or the owner password); a PDF that opens without a password but blocks printing or copying unlocks with the field left empty.',
    keywords: ['unlock pdf', 'remove pdf password', 'decrypt pdf', 'pdf password remover'],
    popular: false,
    inMenu: false,
    input: pdfInput,
    files: { min: 1, max: 1 },
    options: z.object({
      password: z
        .string()
        .max(256, 'The password can be at most 256 characters.')
        .optional()
        .meta({ description: 'The open or owner password. Leave out for PDFs that only carry restrictions.' }),
    }),
    actionLabel: 'Unlock PDF',
    busyLabel: 'Unlocking PDF...',
    successToast: 'Your PDF has been unlocked successfully.',
    errorToast: 'Failed to unlock PDF file. Please try again.',
    invalidTypeDescription: 'Only PDF files are supported for unlocking.',
    noFileDescription: 'Please upload a PDF file to unlock.',
    download: pdfDownload('unlocked-document.pdf'),
  },
  'watermark-pdf': {
    functionName: 'watermark-pdf',
    title: 'Watermark PDF',
    shortDescription: 'Stamp text over your pages',
    description:
      'Stamp text such as CONFIDENTIAL or DRAFT on your pages. Choose the position, opacity, font size, colour and angle, and which pages get it. The watermark stays inside the visible page, even on rotated pages and documents with mixed page sizes, and non-Latin scripts are supported.',
    keywords: ['watermark pdf', 'add watermark', 'stamp pdf', 'pdf watermark text'],
    popular: false,
    inMenu: true,
    input: pdfInput,
    files: { min: 1, max: 1 },
    options: z.object({
      text: requiredText({ label: 'Watermark text', missing: 'Please enter text for the watermark.', maxLength: 200 }),
      opacity: numberField({ label: 'Opacity', min: 0.1, max: 1, default: 0.5 }),
      fontSize: numberField({ label: 'Font size', min: 8, max: 72, default: 24 }),
      color: hexColorField('#808080'),
      position: enumField('Position', watermarkPositions, 'center'),
      rotation: numberField({ label: 'Rotation', min: -360, max: 360, default: 0 }),
      pages: optionalPageRange(),
    }),
    actionLabel: 'Add Watermark',
    busyLabel: 'Adding Watermark...',
    successToast: 'Watermark has been added successfully.',
    errorToast: 'Failed to add watermark to PDF. Please try again.',
    invalidTypeDescription: 'Only PDF files are supported for watermarking.',
    noFileDescription: 'Please upload a PDF file to watermark.',
    download: pdfDownload('watermarked-document.pdf'),
  },
  'page-numbers': {
    functionName: 'page-numbers-pdf',
    title: 'Add Page Numbers',
    shortDescription: 'Number the pages of your PDF',
    description:
      'Number the pages of a PDF in one of six positions, starting from any number, in the size you want and with a format such as "Page {n} of {total}". Number every page or only the ones you list; numbers stay inside the visible page, even on rotated pages.',
    keywords: ['add page numbers to pdf', 'number pdf pages', 'pdf page numbering', 'paginate pdf'],
    popular: false,
    inMenu: false,
    input: pdfInput,
    files: { min: 1, max: 1 },
    options: z.object({
      position: enumField('Position', pageNumberPositions, 'bottom-center'),
      fontSize: numberField({ label: 'Font size', min: 8, max: 24, default: 12 }),
      startNumber: numberField({ label: 'Starting number', min: 1, max: 1_000_000, default: 1, integer: true }),
      format: z
        .string()
        .trim()
        .max(64, 'The format can be at most 64 characters.')
        .refine((value) => value.includes('{n}'), 'The format must contain {n} where the page number goes.')
        .default('{n}')
        .meta({ description: 'Text of each number: {n} is the page number, {total} the page count. Default {n}.' }),
      pages: optionalPageRange(),
    }),
    actionLabel: 'Add Page Numbers',
    busyLabel: 'Adding Page Numbers...',
    successToast: 'Page numbers have been added successfully.',
    errorToast: 'Failed to add page numbers to PDF. Please try again.',
    invalidTypeDescription: 'Only PDF files are supported for adding page numbers.',
    noFileDescription: 'Please upload a PDF file to add page numbers.',
    download: pdfDownload('page-numbered-document.pdf'),
  },
  'grayscale-pdf': {
    functionName: 'grayscale-pdf',
    title: 'Grayscale PDF',
    shortDescription: 'Convert colour pages to black and white',
    description:
      'Turn a colour PDF into shades of gray for cheaper printing or a uniform look. Text, vector graphics and images are all converted, and text stays text: you can still select and search it.',
    keywords: ['grayscale pdf', 'black and white pdf', 'remove color from pdf', 'pdf to grayscale'],
    popular: false,
    inMenu: false,
    input: pdfInput,
    files: { min: 1, max: 1 },
    options: noOptions,
    actionLabel: 'Convert to Grayscale',
    busyLabel: 'Converting...',
    successToast: 'Your PDF has been converted to grayscale successfully.',
    errorToast: 'Failed to convert PDF to grayscale. Please try again.',
    invalidTypeDescription: 'Only PDF files are supported for grayscale conversion.',
    noFileDescription: 'Please upload a PDF file to convert to grayscale.',
    download: pdfDownload('grayscale-document.pdf'),
  },
  'pdf-to-jpg': {
    functionName: 'pdf-to-jpg',
    title: 'PDF to JPG',
    shortDescription: 'Turn each page into a JPG image',
    description:
      'Render every page of a PDF as a JPG image at the resolution (72 to 300 dpi) and quality you choose. A one-page PDF gives one JPG; longer documents give a ZIP with one image per page, numbered in order.',
    keywords: ['pdf to jpg', 'convert pdf to image', 'pdf to jpeg', 'pdf page to picture'],
    popular: false,
    inMenu: true,
    input: pdfInput,
    files: { min: 1, max: 1 },
    options: z.object({
      dpi: numberField({ label: 'Resolution (dpi)', min: 72, max: 300, default: 150, integer: true }),
      quality: numberField({ label: 'JPEG quality', min: 50, max: 100, default: 85, integer: true }),
    }),
    actionLabel: 'Convert to JPG',
    busyLabel: 'Converting...',
    successToast: 'Your PDF has been converted to JPG successfully.',
    errorToast: 'Failed to convert PDF to JPG. Please try again.',
    invalidTypeDescription: 'Only PDF files are supported for conversion to JPG.',
    noFileDescription: 'Please upload a PDF file to convert to JPG.',
    download: zipDownload('pdf-pages-jpg.zip'),
    singlePageDownload: { name: 'page-1.jpg', contentType: 'image/jpeg' },
  },
  'pdf-to-word': {
    functionName: 'pdf-to-word',
    title: 'PDF to Word',
    shortDescription: 'Convert PDFs to editable Word documents',
    description:
      'Turn a PDF into an editable Word document (.docx). Text comes out as normal flowing paragraphs with its bold, italic, size and colour, images stay where they were, and each PDF page starts a new page. Scanned pages hold pictures of text, not text, so they come out as images.',
    keywords: ['pdf to word', 'convert pdf to docx', 'pdf to editable word', 'pdf converter'],
    popular: false,
    inMenu: true,
    input: pdfInput,
    files: { min: 1, max: 1 },
    options: noOptions,
    actionLabel: 'Convert to Word',
    busyLabel: 'Converting...',
    successToast: 'Your PDF has been converted to Word successfully.',
    errorToast: 'Failed to convert PDF to Word. Please try again.',
    invalidTypeDescription: 'Only PDF files are supported for conversion to Word.',
    noFileDescription: 'Please upload a PDF file to convert to Word.',
    download: {
      name: 'converted-document.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
  },
  'word-to-pdf': {
    functionName: 'word-to-pdf',
    title: 'Word to PDF',
    shortDescription: 'Convert Word documents to PDF',
    description:
      'Convert Word documents (.docx and the older .doc) to PDF with their layout, fonts, tables and images, ready to share or print. Macros in the document never run.',
    keywords: ['word to pdf', 'docx to pdf', 'doc to pdf', 'convert word document'],
    popular: false,
    inMenu: true,
    input: wordInput,
    files: { min: 1, max: 1 },
    options: noOptions,
    actionLabel: 'Convert to PDF',
    busyLabel: 'Converting...',
    successToast: 'Your document has been converted to PDF successfully.',
    errorToast: 'Failed to convert Word document to PDF. Please try again.',
    invalidTypeDescription: 'Only Word files (.doc, .docx) are supported for conversion to PDF.',
    noFileDescription: 'Please upload a Word file to convert to PDF.',
    download: pdfDownload('converted-document.pdf'),
  },
  'extract-pages': {
    functionName: 'extract-pages-pdf',
    title: 'Extract Pages',
    shortDescription: 'Save selected pages as a new PDF',
    description:
      'Pick pages by number or range (such as 1-3,5,7-9) and get them as a new PDF, in the order you wrote them. The original pages are copied as they are, with no loss of quality.',
    keywords: ['extract pdf pages', 'select pages from pdf', 'save pdf pages', 'pdf page extractor'],
    popular: false,
    inMenu: false,
    input: pdfInput,
    files: { min: 1, max: 1 },
    options: z.object({
      pages: requiredPageRange('Please specify which pages to extract (e.g., 1-3,5,7-9).'),
    }),
    actionLabel: 'Extract Pages',
    busyLabel: 'Extracting Pages...',
    successToast: 'Pages have been extracted successfully.',
    errorToast: 'Failed to extract pages from PDF. Please try again.',
    invalidTypeDescription: 'Only PDF files are supported for page extraction.',
    noFileDescription: 'Please upload a PDF file to extract pages from.',
    download: pdfDownload('extracted-pages.pdf'),
  },
  'delete-pages': {
    functionName: 'delete-pages-pdf',
    title: 'Delete Pages',
    shortDescription: 'Remove pages you do not need',
    description:
      'Remove pages by number or range (such as 2,4-6) and keep the rest in their original order. At least one page has to stay.',
    keywords: ['delete pdf pages', 'remove pages from pdf', 'pdf page remover', 'cut pdf pages'],
    popular: false,
    inMenu: false,
    input: pdfInput,
    files: { min: 1, max: 1 },
    options: z.object({
      pages: requiredPageRange('Please specify which pages to delete (e.g., 1-3,5,7-9).'),
    }),
    actionLabel: 'Delete Pages',
    busyLabel: 'Deleting Pages...',
    successToast: 'Pages have been deleted successfully.',
    errorToast: 'Failed to delete pages from PDF. Please try again.',
    invalidTypeDescription: 'Only PDF files are supported for page deletion.',
    noFileDescription: 'Please upload a PDF file to delete pages from.',
    download: pdfDownload('pages-deleted.pdf'),
  },
  'extract-text': {
    functionName: 'extract-text-pdf',
    title: 'Extract Text',
    shortDescription: 'Get the text of a PDF as a .txt file',
    description:
      'Pull all the text out of a PDF into a plain UTF-8 text file, in reading order, with a line marking where each page starts. Scanned pages hold pictures of text rather than text, so they give no text.',
    keywords: ['extract text from pdf', 'pdf to text', 'pdf to txt', 'copy text from pdf'],
    popular: false,
    inMenu: false,
    input: pdfInput,
    files: { min: 1, max: 1 },
    options: noOptions,
    actionLabel: 'Extract Text',
    busyLabel: 'Extracting Text...',
    successToast: 'Text has been extracted successfully.',
    errorToast: 'Failed to extract text from PDF. Please try again.',
    invalidTypeDescription: 'Only PDF files are supported for text extraction.',
    noFileDescription: 'Please upload a PDF file to extract text from.',
    download: { name: 'extracted-text.txt', contentType: 'text/plain; charset=utf-8' },
  },
  'extract-images': {
    functionName: 'extract-images-pdf',
    title: 'Extract Images',
    shortDescription: 'Save every image in a PDF',
    description:
      'Save the pictures embedded in a PDF as separate files in one ZIP. JPEG photos come out exactly as they are stored, with no re-compression; other images are saved as PNG, with their transparency. An image used many times is saved once.',
    keywords: ['extract images from pdf', 'pdf image extractor', 'save pictures from pdf', 'pdf to images'],
    popular: false,
    inMenu: false,
    input: pdfInput,
    files: { min: 1, max: 1 },
    options: noOptions,
    actionLabel: 'Extract Images',
    busyLabel: 'Extracting Images...',
    successToast: 'Images have been extracted successfully.',
    errorToast: 'Failed to extract images from PDF. Please try again.',
    invalidTypeDescription: 'Only PDF files are supported for image extraction.',
    noFileDescription: 'Please upload a PDF file to extract images from.',
    download: zipDownload('extracted-images.zip'),
  },
} as const;

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
  const tool = tools[id];
  return 'singlePageDownload' in tool ? [tool.download, tool.singlePageDownload] : [tool.download];
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

/** UI constants of the seed, in the units the page shows (the API takes opacity as 0.1..1). */
export const toolUi = {
  watermark: {
    opacityPercent: { min: 10, max: 100, step: 5, default: 50 },
    fontSize: { min: 8, max: 72, step: 2, default: 24 },
    color: '#808080',
    position: 'center',
    /** The page's slider; the API takes any angle from -360 to 360. */
    rotation: { min: -90, max: 90, step: 15, default: 0 },
  },
  pageNumbers: {
    fontSize: { min: 8, max: 24, step: 1, default: 12 },
    startNumber: { min: 1, default: '1' },
    position: 'bottom-center',
  },
  rotate: { defaultAngle: '90' },
  split: { defaultMode: 'pages', defaultEvery: 2 },
  pdfToJpg: {
    /** The resolutions the page offers; the API takes any from 72 to 300. */
    dpiChoices: [
      { dpi: 72, label: '72 dpi (screen)' },
      { dpi: 150, label: '150 dpi (default)' },
      { dpi: 200, label: '200 dpi' },
      { dpi: 300, label: '300 dpi (print)' },
    ],
    defaultDpi: 150,
    quality: { min: 50, max: 100, step: 5, default: 85 },
  },
  protect: { passwordMinLength: PASSWORD_MIN_LENGTH },
} as const;
