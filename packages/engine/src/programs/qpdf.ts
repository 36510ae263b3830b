import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolError } from '@paperknife/catalog/errors';
import { ProcessFailure, type ProcessResult, runProcess } from './run-process.js';
import type { ToolContext } from '../jobs/tool-runner.js';

/**
 * qpdf as a child process: argument arrays, the job's time limit, its folder as working directory.
 * Exit code 3 means "done, with warnings" (qpdf repaired something on the way): that is a success for us.
 */
export interface QpdfOptions {
  /** Password to open the input with. Passed through a file in the job folder, never on the command line. */
  password?: string;
  /** What the caller wants to hear when the password is missing or wrong (default: encrypted_pdf). */
  passwordError?: 'encrypted_pdf' | 'wrong_password' | 'password_required';
  /** Exit codes that count as success; default 0 and 3. */
  okCodes?: readonly number[];
  /** Working directory, inside the job folder; default the job folder. */
  cwd?: string;
  /** Standard output kept, in characters (ProcessOptions.outputLimit). */
  outputLimit?: number;
}

const QPDF = 'qpdf';

/** Runs qpdf and maps its failures to catalogue errors. Never puts qpdf's stderr into a user message. */
export async function runQpdf(
  args: readonly string[],
  context: ToolContext,
  options: QpdfOptions = {},
): Promise<ProcessResult> {
  return runQpdfVia([QPDF], args, context, options);
}

/** runQpdf through `command`, whose last word is followed by qpdf's arguments. */
async function runQpdfVia(
  command: readonly [string, ...string[]],
  args: readonly string[],
  context: ToolContext,
  options: QpdfOptions,
): Promise<ProcessResult> {
  let passwordFile: string | undefined;
  const fullArgs = [...args];
  if (options.password !== undefined) {
    passwordFile = await writeSecretFile(context, `${checkLine(options.password)}\n`);
    fullArgs.unshift(`--password-file=${passwordFile}`);
  }
  try {
    const [program, ...leading] = command;
    return await runProcess(program, [...leading, ...fullArgs], {
      cwd: options.cwd ?? context.workDir,
      signal: context.signal,
      timeoutMs: context.limits.jobTimeoutMs,
      okCodes: options.okCodes ?? [0, 3],
      ...(options.outputLimit === undefined ? {} : { outputLimit: options.outputLimit }),
    });
  } catch (error) {
    throw qpdfError(error, options);
  } finally {
    if (passwordFile) await rm(passwordFile, { force: true });
  }
}

/**
 * Runs a qpdf job described as JSON (`--job-json-file`): how passwords for --encrypt reach qpdf. They never show
 * up in a process listing, and a password that starts with '-' cannot be mistaken for an option (qpdf 11.3 has
 * no other way to take one). The file is private to the job and deleted right after.
 */
export async function runQpdfJob(
  job: Record<string, unknown>,
  context: ToolContext,
  options: QpdfOptions = {},
): Promise<ProcessResult> {
  const jobFile = await writeSecretFile(context, JSON.stringify(job));
  try {
    return await runQpdf([`--job-json-file=${jobFile}`], context, options);
  } finally {
    await rm(jobFile, { force: true });
  }
}

async function writeSecretFile(context: ToolContext, content: string): Promise<string> {
  const path = join(context.workDir, `.qpdf-${randomBytes(8).toString('hex')}`);
  await writeFile(path, content, { mode: 0o600 });
  return path;
}

function checkLine(value: string): string {
  if (/[\r\n]/.test(value)) {
    throw new ToolError('invalid_option', 'Passwords cannot contain line breaks.');
  }
  return value;
}

/** Turns a failed qpdf run into a catalogue error; other errors (timeouts, aborts) pass through. */
export function qpdfError(error: unknown, options: QpdfOptions = {}): unknown {
  if (!(error instanceof ProcessFailure)) return error;
  if (/invalid password/i.test(error.stderr)) {
    const code = options.passwordError ?? (options.password ? 'wrong_password' : 'encrypted_pdf');
    return new ToolError(code, undefined, { cause: error });
  }
  return new ToolError('damaged_pdf', undefined, { cause: error });
}

/**
 * A page tree's pages two ways: `walked`, the pages qpdf finds by following /Kids (what qpdf's page selections,
 * Ghostscript and OCR act on), and `declared`, its root's /Count (what `--show-npages`, MuPDF and poppler report).
 * A file can misstate its /Count; the page limit goes by the walked pages, and the preflight refuses a tree whose
 * two counts differ (docs/decisions/012).
 */
export interface PageCounts {
  walked: number;
  /** -1 when qpdf printed none. */
  declared: number;
}

/** The content streams' list the counting script keeps: well within the output limit (64 KB) with the rest. */
const CONTENT_LIST_MAX = 32 * 1024;

/**
 * qpdf's page listing read on its way out: page lines are counted, not kept, so a tree of any size fits the output
 * limit; `set -o pipefail` keeps qpdf's exit code. The content streams' object numbers (the indented `N 0 R` lines
 * under each page) are kept once each, up to CONTENT_LIST_MAX characters: past that (some ten thousand pages) the
 * line says `omitted`, so the counts still fit. The last two lines are `contents <object> ...` (or
 * `contents omitted`) and `pages <walked> <declared>`.
 */
const COUNT_PAGES_SCRIPT = String.raw`set -o pipefail
qpdf --show-npages --show-pages "$@" | awk -v max=${CONTENT_LIST_MAX} '
  /^page [0-9]+: / { walked++; next }
  /^    [0-9]+ [0-9]+ R$/ {
    if (!($1 in seen)) { seen[$1] = 1; if (length(contents) < max) contents = contents " " $1; else omitted = 1 }
    next
  }
  /^ / { next }
  /^[0-9]+$/ && declared == "" { declared = $0; next }
  { print }
  END {
    print "contents" (omitted ? " omitted" : contents)
    print "pages " walked + 0 " " (declared == "" ? -1 : declared)
  }'`;

/**
 * What a page listing tells: the page tree's counts, and the object numbers of the pages' content streams, once
 * each (`undefined` when the tree has too many to keep); `stdout` is qpdf's other output.
 */
export type PageListing = ProcessResult & {
  pages: PageCounts;
  contentObjects: readonly number[] | undefined;
  /** Each page's content streams and images (with `--with-images`), as references: a direct listing only. */
  listedPages?: readonly ListedPage[];
};

/** A page as qpdf's `--show-pages` lists it: its content streams and (`--with-images`) its images, `N G R`. */
export interface ListedPage {
  contents: string[];
  images: string[];
}

/**
 * runQpdf with its page listing read as a PageListing, for a tree of any size (COUNT_PAGES_SCRIPT).
 */
export async function runQpdfCountingPages(
  args: readonly string[],
  context: ToolContext,
  options: QpdfOptions = {},
): Promise<PageListing> {
  const result = await runQpdfVia(['bash', '-c', COUNT_PAGES_SCRIPT, QPDF], args, context, options);
  const lines = result.stdout.trimEnd().split('\n');
  const counts = /^pages (\d+) (-?\d+)$/.exec(lines.at(-1) ?? '');
  const contents = /^contents((?: \d+)*| omitted)$/.exec(lines.at(-2) ?? '');
  if (!counts || !contents) throw new ToolError('damaged_pdf');
  return {
    ...result,
    stdout: lines.slice(0, -2).join('\n'),
    pages: { walked: Number(counts[1]), declared: Number(counts[2]) },
    contentObjects: contents[1] === ' omitted' ? undefined : contents[1]!.trim().split(' ').filter(Boolean).map(Number),
  };
}

/**
 * runQpdfCountingPages in one process instead of three (bash, qpdf, awk) where qpdf's page listing fits the output
 * limit (`outputLimit`, by default LISTING_BYTES_PER_PAGE for each page the job's limit allows), as it does within
 * the page limit: the listing is read here. A longer one is cut, so that file is listed again through the counting
 * script.
 */
export async function runQpdfListingPages(
  args: readonly string[],
  context: ToolContext,
  options: QpdfOptions = {},
): Promise<PageListing> {
  const outputLimit = options.outputLimit ?? LISTING_BYTES_PER_PAGE * context.limits.maxPages;
  const result = await runQpdf(['--show-npages', '--show-pages', ...args], context, { ...options, outputLimit });
  if (result.stdout.length >= outputLimit) return runQpdfCountingPages(args, context, options);
  let declared = -1;
  const listedPages: ListedPage[] = [];
  const contents = new Set<number>();
  const other: string[] = [];
  for (const line of result.stdout.split('\n')) {
    const content = /^ {4}(\d+) (\d+) R$/.exec(line);
    const image = /^ {4}\/[^ ]*: (\d+ \d+ R), /.exec(line);
    const page = listedPages.at(-1);
    if (/^page \d+: /.test(line)) listedPages.push({ contents: [], images: [] });
    else if (content && page) {
      contents.add(Number(content[1]));
      page.contents.push(`${content[1]} ${content[2]} R`);
    } else if (image && page) page.images.push(image[1]!);
    else if (line.startsWith(' ')) continue;
    else if (/^\d+$/.test(line) && declared < 0) declared = Number(line);
    else if (line !== '') other.push(line);
  }
  return {
    ...result,
    stdout: other.join('\n'),
    pages: { walked: listedPages.length, declared },
    contentObjects: [...contents],
    listedPages,
  };
}

/**
 * What a direct listing may take for each page the page limit allows (a page with a few images lists in some 400
 * bytes): qpdf's output is kept up to that length, and one that long may have been cut, so goes through the script.
 */
const LISTING_BYTES_PER_PAGE = 1024;

/**
 * Lossless optimisation: object streams, every Flate stream recompressed at level 9, uncompressed streams
 * compressed, unused page resources and unreferenced objects dropped. Never touches image pixels.
 * qpdf has no option to merge identical objects, so duplicates stay duplicates. The compress tool builds on this,
 * passing its own options in `extra` (its image swap) so the file is written once.
 */
export async function optimizeLossless(
  input: string,
  output: string,
  context: ToolContext,
  extra: readonly string[] = [],
): Promise<void> {
  await runQpdf(
    [
      '--warning-exit-0',
      '--object-streams=generate',
      '--compress-streams=y',
      '--recompress-flate',
      '--compression-level=9',
      '--remove-unreferenced-resources=auto',
      ...extra,
      input,
      output,
    ],
    context,
  );
}

/** Page numbers as a qpdf page range, runs folded (shared with the browser's jobs). */
export { qpdfPageRange } from '@paperknife/qpdf-jobs/page-range';
