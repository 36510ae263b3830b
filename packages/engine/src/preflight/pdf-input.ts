import { open, readFile, rm } from 'node:fs/promises';
import { ToolError } from '@paperknife/catalog/errors';
import { checkPageLimit as checkPageCount, passwordRefusal } from '@paperknife/qpdf-jobs/qpdf-session';
import { SNIFF_BYTES, detectFileType } from '@paperknife/catalog/file-types';
import { listedPageContentsPass } from './page-contents.js';
import { repairWithMupdf } from './pdf-repair.js';
import { type PageCounts, runQpdf, runQpdfCountingPages, runQpdfJob } from '../programs/qpdf.js';
import { ProcessFailure } from '../programs/run-process.js';
import { allDone, settle, valueOf } from '../jobs/settle.js';
import { tempPath } from '../jobs/temp-path.js';
import type { InputFile, ToolContext } from '../jobs/tool-runner.js';

export interface PdfInputOptions {
  /**
   * For Unlock PDF only: accept a password-protected PDF and open it with this password (the open or the
   * owner password). The result is then a decrypted copy. Other tools leave this out: they refuse such files.
   */
  unlockPassword?: string;
  /**
   * For a tool that takes care of the input's JPEG data itself: Grayscale, whose Ghostscript re-encodes every image
   * and drops one it cannot decode, and Compress at medium and high, which re-encodes most images and checks those
   * it copies as they are (`jpegDataDecodes`). The clean-file check then leaves out JPEG data, which `qpdf --check`
   * always decodes whole: seconds on a scan that Ghostscript converts in a fraction of that, 22 s of CPU on a 100 MB
   * photo book. Everything else is checked as before (docs/decisions/014, 105). The answer's `jpegDataChecked`
   * says whether the file handed back had its JPEG data decoded.
   */
  jpegDataCheckedByTool?: boolean;
  /**
   * The caller ran this clean-file test itself (Grayscale, beside its own first steps), so the preflight does not
   * run it again. `failed`: the upload goes straight to the repair, with no encryption test (the repair's rewrite
   * decrypts an upload that opens without a password, and fails with `encrypted_pdf` on one that needs one); a
   * rewrite of a file that `qpdf --check` alone would have passed loses nothing. `passed`: the caller learned another
   * way that the file must go the full way (Grayscale's MuPDF step found it over the page limit, found its page tree
   * unsound, or could not read it), which counts and checks it beside the encryption test.
   */
  callersCleanCheck?: 'failed' | 'passed';
  /**
   * Told each repaired copy that may be handed back, as soon as it is written and before its check: a tool may start
   * reading it beside the check (Grayscale's MuPDF step), and must drop that work unless the preflight hands back
   * that same path.
   */
  onRepairedCopy?: (path: string) => void;
}

export interface PreparedPdf {
  /** The file the tool should read: the upload itself, or a decrypted or repaired copy in the job folder. */
  path: string;
  pageCount: number;
  /** qpdf had to repair the upload; `path` is the repaired copy. */
  wasRepaired: boolean;
  /**
   * `qpdf --check` decoded the file's JPEG data too. False only for an upload passed by the clean-file check of
   * `jpegDataCheckedByTool`; a decrypted or repaired copy is always checked whole.
   */
  jpegDataChecked: boolean;
}

/**
 * The preflight every PDF tool runs first. Checks the type by content, refuses password-protected PDFs
 * (`encrypted_pdf`) but quietly decrypts ones that open without a password (owner-only restrictions), enforces
 * the page limit (`too_many_pages`) and hands back a file that passes `qpdf --check`: the upload itself, or a copy
 * repaired by qpdf or, failing that, rebuilt by MuPDF (else `damaged_pdf`). See docs/decisions/012.
 */
export async function preparePdfInput(
  file: InputFile,
  context: ToolContext,
  options: PdfInputOptions = {},
): Promise<PreparedPdf> {
  await assertPdf(file.path);
  const skipJpegData = options.jpegDataCheckedByTool === true;
  const test = options.callersCleanCheck
    ? undefined
    : skipJpegData
      ? { clean: await cleanPageCountSkippingImages(file.path, context) }
      : await cleanFileTest(file.path, context);
  if (test?.clean !== undefined) {
    checkPageLimit(test.clean, context);
    return {
      path: file.path,
      pageCount: test.clean,
      wasRepaired: false,
      jpegDataChecked: !skipJpegData,
    };
  }
  let path = file.path;
  // What the full `qpdf --check` found on the upload, when the clean-file test ran it and the file is not encrypted:
  // the count and the check below would only say it again.
  const checked = test?.unclean;
  // The full `qpdf --check` from here on, whatever the tool asked for: the copy that leaves JPEG data out decodes
  // some streams `--check` passes over (a Flate image whose data does not inflate, left so by MuPDF's rebuild),
  // and would refuse files that this way come out valid.
  const isClean = async (candidate: string) => (await checkCode(candidate, context)) === 0;
  // A file that failed the caller's own test (most often a damaged one) goes straight to the repair, whose rewrite
  // also decrypts: one that needs a password fails there (`encrypted_pdf`) without a test of its own.
  const repairAtOnce = options.callersCleanCheck === 'failed';
  // One that passed it is counted and checked beside the encryption test (dropped if it is encrypted).
  let counted = options.callersCleanCheck === 'passed' ? settle(countAndCheck(path, isClean, context)) : undefined;
  const encryption = checked || repairAtOnce ? 'none' : await settledFirst(encryptionOf(path, context), counted);
  if (encryption !== 'none') {
    await counted;
    counted = undefined;
    if (encryption === 'password' && !options.unlockPassword) throw passwordRefusal(options.unlockPassword);
    const password = encryption === 'owner-only' ? '' : options.unlockPassword!;
    const decrypted = tempPath(context, 'decrypted');
    await runQpdf(['--decrypt', path, decrypted], context, { password, passwordError: 'wrong_password' });
    path = decrypted;
  }

  let wasRepaired = false;
  // Counted on the upload (or decrypted copy), then on the repaired copy if there is one (only there when
  // `repairAtOnce`).
  let pageCount = 0;
  try {
    let repaired: RepairedCopy | undefined;
    if (repairAtOnce) {
      repaired = await repairedCopy(path, context, options.onRepairedCopy);
    } else {
      const { pages, clean } =
        checked ?? (counted ? valueOf(await counted) : await countAndCheck(path, isClean, context));
      // The pages the tree holds, not its /Count: a file that understates it must not pass the page limit.
      pageCount = pages.walked;
      checkPageLimit(pageCount, context);
      // Outputs must pass `qpdf --check`, and tools copy what they do not understand: start from a clean file.
      if (!clean || !isSound(pages)) repaired = await repairedCopy(path, context, options.onRepairedCopy);
    }
    if (repaired) {
      wasRepaired = true;
      path = repaired.path;
      pageCount = repaired.pageCount;
    }
  } catch (error) {
    // runQpdf already maps qpdf failures to damaged_pdf; timeouts and aborts keep their own codes.
    if (error instanceof ToolError) throw error;
    throw new ToolError('damaged_pdf', undefined, { cause: error });
  }
  if (!Number.isInteger(pageCount) || pageCount < 1) {
    throw new ToolError('damaged_pdf', 'This PDF has no pages that can be read. Try exporting it again.');
  }
  checkPageLimit(pageCount, context);
  return { path, pageCount, wasRepaired, jpegDataChecked: true };
}

/** `too_many_pages` for a file of more pages than the limit (the device's jobs refuse with the same words). */
export function checkPageLimit(pageCount: number, context: ToolContext): void {
  checkPageCount(pageCount, context.limits.maxPages);
}

/**
 * Why a PDF that needs a password to open is refused, as the device's jobs say it: `encrypted_pdf`, or for Unlock
 * `password_required` and `wrong_password`.
 */
export { passwordRefusal };

/** Throws `unsupported_file_type` unless the first bytes say PDF. */
export async function assertPdf(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    if (detectFileType(head.subarray(0, bytesRead)) !== 'pdf') {
      throw new ToolError('unsupported_file_type', 'This file is not a PDF. Choose a PDF file and try again.');
    }
  } finally {
    await handle.close();
  }
}

/**
 * The common case in one qpdf run instead of three: a file that is not encrypted and passes `qpdf --check` without
 * a warning, with its page count (`clean`). An unencrypted file the check read with warnings (a linearization hint
 * table off by a few bytes is common) comes back as `unclean`, so the full preflight starts at the repair instead of
 * asking qpdf for its encryption, count and check again. Anything else (encrypted, errors, unreadable) gives neither,
 * and the full preflight decides what to do, exactly as it would have without this test.
 */
async function cleanFileTest(path: string, context: ToolContext): Promise<CleanFileTest> {
  const { stdout, code, pages } = await checkCountingPages(path, context);
  if (!/^File is not encrypted$/m.test(stdout)) return {};
  const clean = code === 0 ? soundPageCount(pages) : undefined;
  if (clean !== undefined) return { clean };
  // Errors (exit 2) may come from a stream qpdf reads without complaint when it only counts pages: the full way.
  return code === 3 || code === 0 ? { unclean: { pages, clean: false } } : {};
}

/** What the clean-file test found: a clean file's page count, or the full check's verdict on an unclean one. */
interface CleanFileTest {
  clean?: number;
  unclean?: CountAndCheck;
}

interface CountAndCheck {
  pages: PageCounts;
  /** Read without a warning, and `qpdf --check` found nothing. */
  clean: boolean;
}

/** The page count and the full check side by side: the check is wasted only on a file whose count already warns. */
async function countAndCheck(
  path: string,
  isClean: (path: string) => Promise<boolean>,
  context: ToolContext,
): Promise<CountAndCheck> {
  const [counted, checked] = await Promise.all([
    settle(runQpdfCountingPages([path], context, { okCodes: [0, 3] })),
    settle(isClean(path)),
  ]);
  const count = valueOf(counted);
  return { pages: count.pages, clean: count.code === 0 && valueOf(checked) };
}

/** A copy of an unclean file that passes `qpdf --check`, in the job folder, and the pages its tree holds. */
interface RepairedCopy {
  path: string;
  pageCount: number;
}

/**
 * Repairs an unclean file: qpdf's rewrite, or where that still fails the check, MuPDF's rebuild of the rewrite.
 * `onRepairedCopy` is told each copy that may be handed back before its check (PdfInputOptions).
 */
async function repairedCopy(
  path: string,
  context: ToolContext,
  onRepairedCopy?: (path: string) => void,
): Promise<RepairedCopy> {
  const rewritten = tempPath(context, 'repaired');
  // The ID from the content rather than the clock: the same upload is repaired to the same bytes.
  // It decrypts too (a no-op but for a file that went straight to the repair, see `callersCleanCheck`).
  const { stderr } = await runQpdf(['--decrypt', '--deterministic-id', path, rewritten], context);
  let repaired = rewritten;
  let checked: CountAndCheck | undefined;
  // A stream qpdf could not decode as it wrote is copied as it was, and the check would say so again.
  if (!/error decoding stream data/.test(stderr)) {
    onRepairedCopy?.(rewritten);
    checked = await checkCounting(rewritten, context);
  }
  if (!checked?.clean) {
    // Damaged stream data or content qpdf can only copy: MuPDF reads it leniently and rewrites it.
    repaired = tempPath(context, 'rebuilt');
    await repairWithMupdf(rewritten, repaired, context);
    onRepairedCopy?.(repaired);
    checked = await checkCounting(repaired, context);
    if (!checked.clean) throw new ToolError('damaged_pdf');
  }
  if (!isSound(checked.pages)) throw unsoundTreeError(checked.pages);
  return { path: repaired, pageCount: checked.pages.walked };
}

/** `qpdf --check` and the page tree's counts in one run: exit code 0 clean, 3 warnings, 2 errors. */
function checkCountingPages(path: string, context: ToolContext) {
  return runQpdfCountingPages(['--check', path], context, { okCodes: [0, 2, 3] });
}

/** checkCountingPages for a repaired copy: clean when qpdf read it without a warning. */
async function checkCounting(path: string, context: ToolContext): Promise<CountAndCheck> {
  const { code, pages } = await checkCountingPages(path, context);
  return { pages, clean: code === 0 };
}

/**
 * `first`'s answer, once `beside` has settled as well when `first` fails: nothing the preflight started is left
 * running when it throws.
 */
async function settledFirst<T>(first: Promise<T>, beside: Promise<unknown> | undefined): Promise<T> {
  try {
    return await first;
  } catch (error) {
    await beside;
    throw error;
  }
}

/**
 * Why a tree that is not sound after the repair is refused. qpdf keeps a wrong /Count as it is (and refuses to
 * rebuild such a tree); MuPDF and poppler would read fewer or more pages than it holds, Ghostscript and OCR all.
 */
function unsoundTreeError(pages: PageCounts): ToolError {
  if (pages.walked < 1 || pages.declared < 0) return new ToolError('damaged_pdf');
  const declared = `${pages.declared} page${pages.declared === 1 ? '' : 's'}`;
  return new ToolError(
    'damaged_pdf',
    `This PDF says it has ${declared} but holds ${pages.walked}. Export it again from the program that made it, or print it to a new PDF.`,
  );
}

/** A page tree whose /Count is the number of pages it holds. */
export function isSound(pages: PageCounts): boolean {
  return pages.walked > 0 && pages.walked === pages.declared;
}

/** The page count of a sound tree, else `undefined` (the full preflight rebuilds or refuses it). */
function soundPageCount(pages: PageCounts): number | undefined {
  return isSound(pages) ? pages.walked : undefined;
}

/**
 * `cleanFileTest` without decoding JPEG data, side by side: the page count and encryption, a copy to /dev/null that
 * decodes every other stream (Flate, LZW, run length: `--decode-level=specialized`) and tokenises every content
 * stream (`--externalize-inline-images`; a content stream that inflates without end is a warning there too), and the
 * pages' content parsed as `--check` parses it (`listedPageContentsPass`: the tokeniser alone lets a stray `)` or
 * `]` through). Clean only when all pass without a warning.
 */
async function cleanPageCountSkippingImages(path: string, context: ToolContext): Promise<number | undefined> {
  const [count, clean] = await allDone([plainPageCount(path, context), isCleanLeavingJpegData(path, context)]);
  return clean ? count : undefined;
}

/**
 * True when qpdf reads the file without a warning, decoding every stream but JPEG data (see
 * cleanPageCountSkippingImages): the preflight's clean-file test for tools that ask for it, and the check of a
 * tool's output whose JPEG data is the input's, which the preflight decoded whole, or its own new encodings. The
 * decoded streams are deflated again at level 1 on their way to /dev/null rather than written out raw: qpdf holds
 * each stream whole as it writes it, and a scan's raw pages took 483 MB (`ocr-multipage`, one 9000 x 9000 RGB image
 * of 450 KB); deflated, 11 MB, at about the same CPU (0.82 s against 0.57 s of user and 0.38 s of system time: the
 * raw copy's page faults), a few tens of ms more on files of many small streams.
 */
export async function isCleanLeavingJpegData(path: string, context: ToolContext): Promise<boolean> {
  const [copy, contents] = await allDone([
    runQpdf(
      [
        ...['--decode-level=specialized', '--stream-data=compress', '--recompress-flate', '--compression-level=1'],
        ...['--externalize-inline-images', '--ii-min-bytes=0', path, '/dev/null'],
      ],
      context,
      { okCodes: [0, 2, 3] },
    ),
    listedPageContentsPass(path, context),
  ]);
  return copy.code === 0 && contents;
}

/**
 * True when qpdf decodes the JPEG data (`/DCTDecode`) of every stream of `path` but the objects in `except` without
 * a warning: the part of `qpdf --check` that `jpegDataCheckedByTool` leaves out, for a tool to run on the JPEG
 * streams it copies into its output as they are. A JSON copy to /dev/null of those streams, decoded
 * (`--decode-level=all`, which `--check` uses), warns where one does not decode, as `--check` does.
 */
export async function jpegDataDecodes(
  path: string,
  context: ToolContext,
  except: ReadonlySet<number> = new Set(),
): Promise<boolean> {
  const jpegs = (await jpegStreamObjects(path, context)).filter((object) => !except.has(object));
  if (jpegs.length === 0) return true;
  const decoded = await runQpdfJob(
    {
      ...{ inputFile: path, outputFile: '/dev/null', jsonOutput: '2' },
      ...{ jsonStreamData: 'inline', decodeLevel: 'all', jsonObject: jpegs.map(String) },
    },
    context,
    { okCodes: [0, 2, 3] },
  );
  return decoded.code === 0;
}

/** The object numbers of the streams of `path` whose filters include `/DCTDecode`, from qpdf's stream dictionaries. */
export async function jpegStreamObjects(path: string, context: ToolContext): Promise<number[]> {
  const listing = tempPath(context, 'stream-dictionaries', '.json');
  try {
    await runQpdfJob({ inputFile: path, outputFile: listing, jsonOutput: '2', jsonStreamData: 'none' }, context);
    const json = JSON.parse(await readFile(listing, 'utf8')) as { qpdf: [unknown, Record<string, StreamEntry>] };
    return Object.entries(json.qpdf[1]).flatMap(([key, value]) => {
      const object = Number(/^obj:(\d+) \d+ R$/.exec(key)?.[1]);
      const filter = value.stream?.dict['/Filter'];
      return (Array.isArray(filter) ? filter : [filter]).includes('/DCTDecode') ? [object] : [];
    });
  } finally {
    await rm(listing, { force: true });
  }
}

interface StreamEntry {
  stream?: { dict: Record<string, unknown> };
}

/**
 * The page count of a PDF that is not encrypted, whose structure qpdf reads without a warning and whose page tree
 * holds as many pages as its /Count says, in one quick qpdf run that decodes no stream: `undefined` for anything else. Not a preflight: a tool may start its long step on the
 * upload with this count while `preparePdfInput` checks the file, and must drop that step unless the preflight hands
 * back the upload itself.
 */
export async function plainPageCount(path: string, context: ToolContext): Promise<number | undefined> {
  const summary = await runQpdfCountingPages(['--show-encryption', path], context, { okCodes: [0, 2, 3] });
  if (summary.code !== 0 || !/^File is not encrypted$/m.test(summary.stdout)) return undefined;
  return soundPageCount(summary.pages);
}

/** `qpdf --check`: 0 clean, 3 warnings (e.g. stream data it cannot decode), 2 errors. */
async function checkCode(path: string, context: ToolContext): Promise<number> {
  const { code } = await runQpdf(['--check', path], context, { okCodes: [0, 2, 3] });
  return code;
}

type Encryption = 'none' | 'owner-only' | 'password';

/** qpdf --requires-password: 0 = needs a password, 3 = encrypted but opens without one, 2 = not encrypted. */
export async function encryptionOf(path: string, context: ToolContext): Promise<Encryption> {
  try {
    const { code } = await runQpdf(['--requires-password', path], context, { okCodes: [0, 2, 3] });
    if (code === 0) return 'password';
    if (code === 3) return 'owner-only';
    return 'none';
  } catch (error) {
    // Unreadable files answer 2 ("not encrypted") as well; anything else is reported by the page count below.
    if (error instanceof ToolError && error.cause instanceof ProcessFailure) return 'none';
    throw error;
  }
}
