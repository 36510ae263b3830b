import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ToolError } from '@paperknife/catalog/errors';
import { ProcessFailure, runProcess } from './run-process.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import { jobStages } from '@paperknife/catalog/job-stages';

/**
 * OCRmyPDF (with Tesseract) as a child process: argument arrays, its temporary files in a private folder inside the
 * job folder, a time limit that grows with the pages, at most one worker per core, and its exit codes turned into
 * catalogue errors. Its output keeps each page's original image and adds an invisible text layer. See
 * docs/decisions/110.
 */

export interface OcrSettings {
  /** Tesseract language codes, already checked against the installed packs. */
  languages: readonly string[];
  /** skip: --skip-text; redo: --redo-ocr; force: --force-ocr. */
  pagesWithText: 'skip' | 'redo' | 'force';
  rotatePages: boolean;
  deskew: boolean;
  clean: boolean;
  /** PDF/A-2b output, else a plain PDF changed as little as possible. */
  pdfa: boolean;
  /** Only these 1-based pages are recognised (Extract Text's scanned pages); default every page. */
  pages?: readonly number[];
}

/** Time one page may take on one core, generously: a dense 300 ppi page takes Tesseract 5-15 s. */
export const OCR_PAGE_BUDGET_MS = 30_000;

/** Page images above this are refused as decompression bombs (OCRmyPDF's own default, made explicit). */
const MAX_IMAGE_MEGAPIXELS = 250;

/** Past this, Tesseract gives up on a page and OCRmyPDF keeps the page without text (a page of noise). */
const TESSERACT_PAGE_TIMEOUT_S = 60;

/** The end of OCRmyPDF's log kept for reading its error: a Python traceback fits. */
const LAST_OUTPUT_CHARS = 16 * 1024;

/** OCRmyPDF's exit codes (ocrmypdf.exceptions.ExitCode) that mean something about the input. */
const exitCodes = {
  badArgs: 1,
  inputFile: 2,
  invalidOutput: 4,
  childProcess: 7,
  encrypted: 8,
  pdfaConversion: 10,
  /** An exception inside OCRmyPDF: in practice a page's content its libraries cannot read. */
  other: 15,
} as const;

/** Parallel page workers: one per core the job may use (every core by default), never more than there are pages. */
export function ocrJobs(pageCount: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, pageCount));
}

/** How long OCRmyPDF may run on a document with `jobs` workers: the job's limit, or more when its pages need it. */
export function ocrTimeLimitMs(pageCount: number, jobTimeoutMs: number, jobs = ocrJobs(pageCount)): number {
  return Math.max(jobTimeoutMs, Math.ceil(pageCount / jobs) * OCR_PAGE_BUDGET_MS);
}

/**
 * The command-line arguments for the options chosen, in the order OCRmyPDF documents them; the benchmark runs plain
 * OCRmyPDF with them. The engine adds its Tesseract settings (`tesseractSettings`) on top.
 */
export function ocrmypdfArguments(settings: OcrSettings, jobs: number): string[] {
  const modeFlag = { skip: '--skip-text', redo: '--redo-ocr', force: '--force-ocr' }[settings.pagesWithText];
  return [
    '--language',
    settings.languages.join('+'),
    modeFlag,
    ...(settings.rotatePages ? ['--rotate-pages'] : []),
    ...(settings.deskew ? ['--deskew'] : []),
    ...(settings.clean ? ['--clean'] : []),
    '--output-type',
    settings.pdfa ? 'pdfa-2' : 'pdf',
    '--optimize',
    '1',
    '--max-image-mpixels',
    String(MAX_IMAGE_MEGAPIXELS),
    '--tesseract-timeout',
    String(TESSERACT_PAGE_TIMEOUT_S),
    '--jobs',
    String(jobs),
    ...(settings.pages ? ['--pages', settings.pages.join(',')] : []),
  ];
}

/** Chinese and Japanese: written without spaces, in characters of one square width. */
const CJK_FIXED_PITCH_LANGUAGES: ReadonlySet<string> = new Set(['chi_sim', 'chi_tra', 'jpn']);

/**
 * Tesseract settings the engine adds to what a person chose (docs/decisions/113), as the lines of a Tesseract
 * config file; none for most languages. With Chinese or Japanese, Tesseract's fixed-pitch model for CJK finds the
 * characters of a line by their common width: without it, psm 3 page analysis lost whole lines of a scanned page.
 * Tesseract applies it per text row it judges fixed-pitch, so Latin rows on the same page stay proportional.
 */
export function tesseractSettings(languages: readonly string[]): string[] {
  return languages.some((code) => CJK_FIXED_PITCH_LANGUAGES.has(code)) ? ['textord_use_cjk_fp_model 1'] : [];
}

let installed: Promise<ReadonlySet<string>> | undefined;

/** The language packs Tesseract has on this machine (`tesseract --list-langs`), read once per process. */
export function installedOcrLanguages(context: ToolContext): Promise<ReadonlySet<string>> {
  installed ??= runProcess('tesseract', ['--list-langs'], {
    cwd: context.workDir,
    signal: AbortSignal.timeout(10_000),
    timeoutMs: 10_000,
  }).then(
    ({ stdout }) =>
      new Set(
        stdout
          .split('\n')
          .slice(1) // the heading: List of available languages in "...":
          .map((line) => line.trim())
          .filter(Boolean),
      ),
    (error: unknown) => {
      installed = undefined; // try again next time: the packs may be being installed
      throw error;
    },
  );
  return installed;
}

/** Throws `invalid_option` naming any language whose pack is not installed here. */
export async function assertLanguagesInstalled(languages: readonly string[], context: ToolContext): Promise<void> {
  const available = await installedOcrLanguages(context);
  const missing = languages.filter((code) => !available.has(code));
  if (missing.length > 0) {
    throw new ToolError(
      'invalid_option',
      `OCR for ${missing.join(', ')} is not installed on this server. Choose another language.`,
    );
  }
}

/**
 * Runs OCRmyPDF from `input` to `output`. With `context.progress`, its per-page log (`-v 1`) is read as it comes:
 * a page counts as done when OCRmyPDF grafts its text onto the output.
 */
export async function runOcrmypdf(
  input: string,
  output: string,
  settings: OcrSettings,
  pageCount: number,
  context: ToolContext,
): Promise<void> {
  const privateTemp = await mkdtemp(join(context.workDir, 'ocrmypdf-'));
  const { progress } = context;
  const done = new Set<number>();
  let pending = '';
  // The end of its log, where an error's traceback is: runProcess keeps only the start of a long output.
  let lastOutput = '';
  const onStderr = (chunk: string) => {
    lastOutput = (lastOutput + chunk).slice(-LAST_OUTPUT_CHARS);
    if (!progress) return;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      // "    3 Text rotation: ..." is logged once per page as its text is grafted on.
      const page = /^\s*(\d+) Text rotation:/.exec(line)?.[1];
      if (page && !done.has(Number(page))) {
        done.add(Number(page));
        progress({ stage: jobStages.recognising, done: done.size, total: pageCount });
      } else if (line.startsWith('Postprocessing')) {
        progress({ stage: jobStages.optimising, done: pageCount, total: pageCount });
      }
    }
  };
  progress?.({ stage: jobStages.recognising, done: 0, total: pageCount });
  const jobs = ocrJobs(pageCount, context.cores);
  const timeLimitMs = ocrTimeLimitMs(pageCount, context.limits.jobTimeoutMs, jobs);
  // The server's own limit for the job would otherwise end a long document's recognition at the usual limit.
  context.extendTimeLimit?.(timeLimitMs);
  try {
    const tuning = tesseractSettings(settings.languages);
    const config = join(privateTemp, 'tesseract.config');
    if (tuning.length > 0) await writeFile(config, `${tuning.join('\n')}\n`);
    await runProcess(
      'ocrmypdf',
      [
        ...(progress ? ['--verbose', '1'] : ['--quiet']),
        ...ocrmypdfArguments(settings, jobs),
        ...(tuning.length > 0 ? ['--tesseract-config', config] : []),
        '--',
        input,
        output,
      ],
      {
        cwd: privateTemp,
        signal: context.signal,
        timeoutMs: timeLimitMs,
        // Its own temporary files, Tesseract's and Ghostscript's go into the private folder and leave with it.
        // Tesseract's threads are OCRmyPDF's to set: workers x threads within --jobs (more threads for few pages).
        env: { ...process.env, TMPDIR: privateTemp },
        onStderr,
      },
    );
  } catch (error) {
    throw ocrError(error, lastOutput);
  } finally {
    await rm(privateTemp, { recursive: true, force: true });
  }
}

/** OCRmyPDF's failures as catalogue errors; its own output never reaches a user. */
function ocrError(error: unknown, lastOutput: string): unknown {
  if (!(error instanceof ProcessFailure)) return error;
  if (lastOutput.includes('DecompressionBombError')) {
    return new ToolError(
      'file_too_large',
      `A page of this PDF is too large to recognise (an image of more than ${MAX_IMAGE_MEGAPIXELS} megapixels). Split or scale the page down first.`,
      { cause: error },
    );
  }
  switch (error.code) {
    case exitCodes.encrypted:
      return new ToolError('encrypted_pdf', undefined, { cause: error });
    case exitCodes.badArgs:
      return new ToolError('invalid_option', undefined, { cause: error });
    case exitCodes.inputFile:
      return new ToolError('damaged_pdf', undefined, { cause: error });
    case exitCodes.invalidOutput:
    case exitCodes.childProcess:
    case exitCodes.pdfaConversion:
    case exitCodes.other:
      // Ghostscript, Tesseract or pikepdf failed on a page: the page's content, not our side.
      return new ToolError(
        'damaged_pdf',
        'The text in this PDF could not be recognised: its pages could not be read as images. Try exporting it again.',
        { cause: error },
      );
    default:
      // A missing program or pack, or a bug: the server answers internal_error and logs the cause.
      return error;
  }
}

/** What a text-reading tool (Extract Text, PDF to Word) was asked about scanned pages: its `ocr` and `languages`. */
export interface ScannedPageRequest {
  ocr: 'auto' | 'never';
  /** Tesseract codes joined with +, as the catalogue gives them. */
  languages: string;
}

/**
 * For a tool that reads text: recognises the pages that are pictures of text into a copy in the job folder, and
 * returns its path; or undefined when OCR is off, no page needs it, or the document is past the OCR page limit
 * (its pages then stay as they are). Sideways scans are turned upright, since the text is what the tool gives.
 */
export async function recogniseScannedPages(
  input: string,
  pageCount: number,
  scannedPages: readonly number[],
  request: ScannedPageRequest,
  context: ToolContext,
): Promise<string | undefined> {
  if (request.ocr !== 'auto' || scannedPages.length === 0 || pageCount > context.limits.ocrMaxPages) return undefined;
  const languages = request.languages.split('+');
  await assertLanguagesInstalled(languages, context);
  const withText = tempPath(context, 'recognised');
  const settings = { languages, rotatePages: true, deskew: false, clean: false, pdfa: false } as const;
  await runOcrmypdf(input, withText, { ...settings, pagesWithText: 'skip', pages: scannedPages }, pageCount, context);
  return withText;
}
