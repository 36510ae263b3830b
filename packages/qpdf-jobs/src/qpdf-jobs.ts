import { ToolError } from '@paperknife/catalog/errors';
import { defaultLimits } from '@paperknife/catalog/limits';
import type { Download, ToolId, ToolOptions } from '@paperknife/catalog/tools';
import { deletePages } from '@paperknife/catalog/tools/delete-pages';
import { extractPages } from '@paperknife/catalog/tools/extract-pages';
import { mergePdf } from '@paperknife/catalog/tools/merge-pdf';
import { organizePdf } from '@paperknife/catalog/tools/organize-pdf';
import { protectPdf } from '@paperknife/catalog/tools/protect-pdf';
import { rotatePdf } from '@paperknife/catalog/tools/rotate-pdf';
import { splitPdf } from '@paperknife/catalog/tools/split-pdf';
import { unlockPdf } from '@paperknife/catalog/tools/unlock-pdf';
import type { QpdfFile, QpdfRunner } from './qpdf-runner.js';
import { type QpdfSession, type SourceDocument, openDocument } from './qpdf-session.js';
import { deleteDocumentPages } from './tools/delete-pages.js';
import { extractDocumentPages } from './tools/extract-pages.js';
import { mergeDocuments } from './tools/merge-pdf.js';
import { organizeDocument } from './tools/organize-pdf.js';
import { protectDocument } from './tools/protect-pdf.js';
import { rotateDocument } from './tools/rotate-pdf.js';
import { partNames, splitDocument } from './tools/split-pdf.js';
import { unlockDocument } from './tools/unlock-pdf.js';

/**
 * The page tools whose work is qpdf's alone, run on the device with any QpdfRunner (qpdf in WebAssembly in the
 * browser): the same functions the server's runners call, so both write the same bytes from the same input.
 */
export const deviceToolIds = [
  'merge-pdf',
  'split-pdf',
  'rotate-pdf',
  'extract-pages',
  'delete-pages',
  'organize-pdf',
  'protect-pdf',
  'unlock-pdf',
] as const satisfies readonly ToolId[];

export type DeviceToolId = (typeof deviceToolIds)[number];

export function isDeviceTool(id: string): id is DeviceToolId {
  return (deviceToolIds as readonly string[]).includes(id);
}

/** A file the user chose: its name, and its bytes (or path). */
export interface JobInput {
  name: string;
  file: QpdfFile;
}

/** A file the job wrote, with the name to save it under. */
export interface JobFile {
  name: string;
  contentType: string;
  file: QpdfFile;
}

export interface JobResult {
  /** The catalogue's download: the one file's name, or the ZIP's that holds `files` (Split PDF's parts). */
  download: Download;
  files: JobFile[];
}

export interface JobSettings {
  /** Most pages of a document, and of an output; the catalogue's default limit unless given. */
  maxPages?: number;
  signal?: AbortSignal;
}

/**
 * Runs a device tool on its inputs: each document opened as the server's probe opens it (refusing one that needs a
 * password, a damaged one, one over the page limit), the tool's qpdf runs, the outputs named. Options are the
 * catalogue schema's parsed output. Errors are ToolErrors with the catalogue's codes; `damaged_pdf` here means
 * the file needs a repair, which only the server does.
 */
export async function runQpdfJob<Id extends DeviceToolId>(
  toolId: Id,
  inputs: readonly JobInput[],
  options: ToolOptions<Id>,
  runner: QpdfRunner,
  settings: JobSettings = {},
): Promise<JobResult> {
  const job = deviceJobs[toolId] as DeviceJob<Id>;
  if (inputs.length === 0) throw new ToolError('missing_file');
  if (!job.manyFiles && inputs.length > 1) throw new ToolError('too_many_files', 'This tool takes one file at a time.');
  const session: QpdfSession = { runner, warnings: 'refuse', ...(settings.signal ? { signal: settings.signal } : {}) };
  const maxPages = settings.maxPages ?? defaultLimits.maxPages;
  const unlockPassword = job.unlockPassword?.(options);
  const sources: SourceDocument[] = inputs.map((input) => ({
    file: input.file,
    opened: openDocument(session, input.file, maxPages, unlockPassword),
  }));
  // Opening's refusals come first, as on the server: the tool's own failure may only be their consequence.
  for (const source of sources) source.opened.catch(() => undefined);
  const outcome = await job.run(session, inputs, sources, options, maxPages).then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  for (const source of sources) await source.opened;
  if ('error' in outcome) throw outcome.error;
  return outcome.result;
}

interface DeviceJob<Id extends DeviceToolId> {
  manyFiles?: boolean;
  /** Unlock's password, to open its input with. */
  unlockPassword?: (options: ToolOptions<Id>) => string;
  run(
    session: QpdfSession,
    inputs: readonly JobInput[],
    sources: readonly SourceDocument[],
    options: ToolOptions<Id>,
    maxPages: number,
  ): Promise<JobResult>;
}

/** The one output of a tool, named as the catalogue names its download. */
const single = (download: Download, file: QpdfFile): JobResult => ({
  download,
  files: [{ name: download.name, contentType: download.contentType, file }],
});

const deviceJobs: { [Id in DeviceToolId]: DeviceJob<Id> } = {
  'merge-pdf': {
    manyFiles: true,
    run: async (session, _inputs, sources, _options, maxPages) =>
      single(mergePdf.download, await mergeDocuments(session, sources, maxPages)),
  },
  'split-pdf': {
    async run(session, [input], [source], options) {
      const { parts, pageCount } = await splitDocument(session, source!, options);
      const names = partNames(input!.name, parts, pageCount);
      const files = parts.map((part, index) => ({
        name: names[index]!,
        contentType: 'application/pdf',
        file: part.file,
      }));
      return { download: splitPdf.download, files };
    },
  },
  'rotate-pdf': {
    run: async (session, _inputs, [source], options) =>
      single(rotatePdf.download, await rotateDocument(session, source!, options)),
  },
  'extract-pages': {
    run: async (session, _inputs, [source], options) =>
      single(extractPages.download, await extractDocumentPages(session, source!, options)),
  },
  'delete-pages': {
    run: async (session, _inputs, [source], options) =>
      single(deletePages.download, await deleteDocumentPages(session, source!, options)),
  },
  'organize-pdf': {
    run: async (session, _inputs, [source], options, maxPages) =>
      single(organizePdf.download, await organizeDocument(session, source!, options, maxPages)),
  },
  'protect-pdf': {
    // The input is opened first: Protect refuses what every tool refuses before it encrypts anything.
    async run(session, _inputs, [source], options) {
      await source!.opened;
      return single(protectPdf.download, await protectDocument(session, source!.file, options));
    },
  },
  'unlock-pdf': {
    unlockPassword: (options) => options.password ?? '',
    run: async (session, _inputs, [source], options) =>
      single(unlockPdf.download, await unlockDocument(session, source!, options.password)),
  },
};
