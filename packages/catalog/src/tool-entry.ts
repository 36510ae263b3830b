// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient declaration has nothing to import
/// <reference path="./lucide-icons.d.ts" />
import { z } from 'zod';
import type { PageOnlyField } from './form-fields.js';
import type { ToolCategoryId } from './tool-categories.js';

/** The shape every catalogue entry (`tools/<tool id>.ts`) satisfies, and the pieces entries share. */

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

export const excelInput = {
  label: 'Excel',
  mimeTypes: [
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.oasis.opendocument.spreadsheet',
    'text/csv',
  ],
  extensions: ['.xlsx', '.xls', '.ods', '.csv'],
} as const satisfies FileKind;

export const powerpointInput = {
  label: 'PowerPoint',
  mimeTypes: [
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.presentation',
  ],
  extensions: ['.pptx', '.ppt', '.odp'],
} as const satisfies FileKind;

/** Photos and pictures: named after the commonest kind, in the words people search for ("JPG to PDF"). */
export const imageInput = {
  label: 'JPG',
  mimeTypes: [
    'image/jpeg',
    'image/png',
    'image/gif',
    'image/webp',
    'image/bmp',
    'image/tiff',
    'image/heic',
    'image/heif',
  ],
  extensions: ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.bmp', '.tif', '.tiff', '.heic', '.heif'],
} as const satisfies FileKind;

/** A second upload beside the documents: its multipart field (or JSON key) and what it may hold. */
export interface DataFileInput {
  field: string;
  extensions: readonly string[];
  mimeTypes: readonly string[];
  /** Its most bytes, within the file size limit. */
  maxBytes: number;
  /** How many files the field takes (repeated in multipart, a list in JSON); 1 when absent. */
  maxCount?: number;
  /** What the field holds, for the API docs; Fill PDF forms' rows of values when absent. */
  description?: string;
}

export interface Download {
  name: string;
  contentType: string;
}

export const pdfDownload = <const Name extends string>(name: Name) =>
  ({ name, contentType: 'application/pdf' }) as const;
export const zipDownload = <const Name extends string>(name: Name) =>
  ({ name, contentType: 'application/zip' }) as const;

/** The options of a tool that has none. */
export const noOptions = z.object({});

/**
 * An icon as data, in lucide's shape: the [tag, attributes] children of a 24x24 stroked SVG. Data rather than a
 * React component, so the catalogue stays framework-free; the site draws it with one small component.
 */
export type IconData = readonly (readonly [
  tag: string,
  attributes: Readonly<Record<string, string | number | undefined>>,
])[];

/** A header a tool's answer carries besides the file's own. */
export interface ResponseHeader {
  name: string;
  description: string;
}

export interface ToolEntry {
  /** The API function: `POST {FUNCTIONS_PREFIX}/{functionName}`. */
  functionName: string;
  title: string;
  shortDescription: string;
  description: string;
  /** The page's meta keywords: phrases people search the web for. */
  keywords: readonly string[];
  /** The tool index's group (tool-categories.ts). */
  category: ToolCategoryId;
  /**
   * Other words someone looking for the tool may type in the tool index's filter ("combine" for merge), besides
   * the words of its title and short description.
   */
  searchKeywords: readonly string[];
  popular: boolean;
  inMenu: boolean;
  input: FileKind;
  /** How many files one request takes; `max: null` means up to the configured limit. */
  files: { min: number; max: number | null };
  /**
   * A file of another kind a request may add in its own field (Fill PDF forms' rows of values, CSV or JSON). The
   * server hands it to the runner after the documents, as the last of its files.
   */
  dataFile?: DataFileInput;
  /** The options, checked on the page, the server and the worker. Each field carries form metadata. */
  options: z.ZodObject;
  /** Controls the page shows that the API does not take (protect's confirmation, rotate's page scope). */
  pageOnlyFields?: Readonly<Record<string, PageOnlyField>>;
  /** The option controls in two columns on wide screens. */
  formColumns?: 2;
  actionLabel: string;
  busyLabel: string;
  successToast: string;
  errorToast: string;
  invalidTypeDescription: string;
  noFileDescription: string;
  /** Shown while fewer files than `files.min` are ready (merge: "Add at least one more PDF to merge."). */
  moreFilesHint?: string;
  download: Download;
  /** The download of a one-page document when it differs (PDF to JPG: one JPG instead of a ZIP). */
  singlePageDownload?: Download;
  /** Other downloads an option can ask for (OCR PDF's PDF with its text as a ZIP); the API docs list them. */
  extraDownloads?: readonly Download[];
  /** Headers the answer carries besides the file's own; the page shows compress's sizes from them. */
  responseHeaders?: readonly ResponseHeader[];
  icon: IconData;
  /** Option values of the API reference's curl example: the required ones and one or two that show off. */
  apiExample: Readonly<Record<string, string>>;
  /** Options that make a run meaningful on any document: the corpus sweep's and the benchmark's. */
  sampleOptions: Readonly<Record<string, unknown>>;
  /** Whether the tool reads what pages draw (text, images), not only the document's structure. */
  readsPageContent: boolean;
  /**
   * The corpus sweep gives the tool only documents within these bounds, for tools that take seconds per page (OCR);
   * others get every document (content readers up to the sweep's own page bound).
   */
  sampleLimits?: { maxPages: number; maxBytes: number };
  /**
   * Uploads of at least this many bytes may take more than a few seconds: the website runs them through the job
   * API, with processing progress and a Cancel button. 0: every upload. Absent: one synchronous request.
   */
  longJobFromBytes?: number;
  /**
   * The engine can spread one run over several processes (OCR's page workers): the server lends such a run the
   * queue's free slots, so one user's OCR uses every core while several runs share them.
   */
  usesSeveralCores?: boolean;
}
