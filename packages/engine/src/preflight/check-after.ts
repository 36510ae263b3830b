import { ToolError } from '@paperknife/catalog/errors';
import { pageContentsPass, storedContentsPass } from './page-contents.js';
import { type StoredObjects, storedObjects } from './stored-objects.js';
import { assertPdf, checkPageLimit, isSound, passwordRefusal, preparePdfInput } from './pdf-input.js';
import { type QpdfSession, qpdfWarned } from '@paperknife/qpdf-jobs/qpdf-session';
import type { SourceOutline } from '@paperknife/qpdf-jobs/source-outline';
import { type ListedPage, type QpdfOptions, runQpdf, runQpdfJob, runQpdfListingPages } from '../programs/qpdf.js';
import { serverSession } from '../programs/qpdf-child-runner.js';
import type { ProcessResult } from '../programs/run-process.js';
import { concurrencyLimit } from '../jobs/concurrency-limit.js';
import { type Settled, settle, valueOf } from '../jobs/settle.js';
import type { InputFile, ToolContext } from '../jobs/tool-runner.js';

/** A PDF a tool's work reads: the upload itself, or the preflight's decrypted or repaired copy of it. */
export interface SourcePdf {
  path: string;
  /**
   * What the upload's probe learned, once it has. Work that needs the page count (or Unlock's password) waits for
   * it; work that does not (Rotate on every page, Protect) starts at once, beside the probe.
   */
  opened: Promise<OpenedPdf>;
  /** Its bookmarks, when its bytes tell it has none (SourceDocument.outline). */
  outline?: Promise<SourceOutline | undefined>;
  /** Its page tree's /Count as its bytes give it, a guess its probe confirms (SourceDocument.declaredPages). */
  declaredPages?: Promise<number | undefined>;
}

export interface OpenedPdf {
  /** The pages its tree holds, within the page limit. */
  pageCount: number;
  /** The password that opens it: Unlock's, for an upload that needs one. */
  password?: string;
}

/** What a tool's work gets: its inputs, and the qpdf calls whose warnings decide whether the job goes the repair way. */
export interface CheckAfterAttempt {
  sources: readonly SourcePdf[];
  context: ToolContext;
  /** qpdf writing the tool's output from `sources`. */
  qpdf: (args: readonly string[], options?: QpdfOptions) => Promise<ProcessResult>;
  /** The same as a JSON job (passwords for `--encrypt`). */
  qpdfJob: (job: Record<string, unknown>, options?: QpdfOptions) => Promise<ProcessResult>;
  /** The same for the page tools' shared jobs (`@paperknife/qpdf-jobs`), whose runs name files, not paths. */
  session: QpdfSession;
}

/** A PDF the work wrote, and the password that opens it when the work encrypted it (Protect). */
export interface OutputPdf {
  path: string;
  password?: string;
}

export interface CheckAfterWork<T> {
  /** The tool's work. It may run twice: on the uploads, and again on repaired copies if that failed. */
  run: (attempt: CheckAfterAttempt) => Promise<T>;
  /** The PDFs the work wrote, for the output check when one is due. */
  outputs: (result: T) => readonly OutputPdf[];
  /**
   * Who wrote the outputs' structure. `qpdf`: qpdf copied and re-serialised the inputs' objects (pages, /Rotate,
   * encryption, dictionaries from JSON); from a sound input that needs no run-time check. `tool`: our code or MuPDF
   * wrote structure or content streams, so every output is checked.
   */
  writtenBy: 'qpdf' | 'tool';
  /** Unlock only: open a password-protected upload with this password (decision 012). */
  unlockPassword?: string;
}

/**
 * Runs a tool's work on the uploads at once, and checks after rather than before (docs/decisions/115). One quick qpdf
 * run per upload (no stream decoded) gives its encryption, its page count for the limit and whether qpdf reads its
 * structure without a warning, and lists each page's content streams and images. A sound upload goes straight to the
 * work; beside it, the pages' content streams are decoded and parsed as `--check` reads them, read from the upload's
 * bytes (`storedContentsPass`) or, where those leave a doubt, copied out by qpdf (`pageContentsPass`). Work that
 * finished without a warning on sound uploads whose content passed is done. Work that finished on uploads qpdf read
 * with warnings (a rebuilt cross-reference table), or that warned itself, but decoded every stream it had to, is
 * what the repair's qpdf rewrite would have led to: its outputs are checked (`qpdf --check`) and, when they pass,
 * answered (the warned way, docs/decisions/213). Anything else (content that fails, a failure, a stream qpdf could not
 * decode, an unsound page tree, an output that fails its check) goes the repair way: the full preflight
 * (`preparePdfInput`: check, qpdf rewrite, MuPDF rebuild), the work again on its files, and `qpdf --check` on every
 * output.
 * Refusals keep their codes: `encrypted_pdf`, `wrong_password`, `password_required`, `too_many_pages`,
 * `damaged_pdf`.
 */
export async function checkAfter<T>(
  files: readonly InputFile[],
  context: ToolContext,
  work: CheckAfterWork<T>,
): Promise<T> {
  await Promise.all(files.map((file) => assertPdf(file.path)));
  // The work on the uploads starts beside their probes, and stops as soon as one says it will not count.
  const early = new AbortController();
  // What the work's qpdf runs said when they warned: such work is answered only once its outputs pass the check.
  const warnings: string[] = [];
  const earlyContext: ToolContext = { ...context, signal: AbortSignal.any([context.signal, early.signal]) };
  // Each upload's bytes are indexed beside its probe, for the content check to read its pages' streams from them.
  // Unlock's uploads are encrypted, so their streams are not readable as stored.
  const stored = files.map((file) => (work.unlockPassword ? undefined : settle(storedObjects(file, context.signal))));
  const probes = files.map((file) => settle(probeUpload(file, context, work.unlockPassword)));
  const outlines = stored.map((read, index) => read && knownNoOutline(read, probes[index]!));
  const declaredPages = stored.map((read) => read && declaredPageCount(read));
  const sources = probes.map((probe, index): SourcePdf => ({
    path: files[index]!.path,
    opened: openedBy(probe, context),
    ...(outlines[index] ? { outline: outlines[index] } : {}),
    ...(declaredPages[index] ? { declaredPages: declaredPages[index] } : {}),
  }));
  for (const source of sources) source.opened.catch(() => early.abort());
  const contentsSound = settle(
    Promise.all(
      probes.map(async (probe, index) => {
        const probed = await probe;
        if (!probed.ok || !probed.value.sound) return false;
        const read = await stored[index];
        const fromBytes =
          read?.ok && probed.value.listedPages
            ? await storedContentsPass(read.value, probed.value.listedPages, context).catch(() => 'unsure' as const)
            : 'unsure';
        if (fromBytes !== 'unsure') return fromBytes;
        // A listing qpdf could not write or that does not parse sends the job the repair way, which decides.
        return contentsPass(probed.value, context).catch(() => false);
      }),
    ),
  );
  const done = await settle(work.run(attempt(sources, earlyContext, warnings)));
  const probed = await Promise.all(probes);
  const contents = await contentsSound;
  await Promise.allSettled([...outlines, ...declaredPages]);
  await Promise.all(stored.map(closeStored));
  if (context.signal.aborted && !done.ok) throw done.error;

  // The probes' refusals first (encrypted_pdf, wrong_password, password_required), then the page limit.
  for (const probe of probed) if (!probe.ok && !isDamage(probe.error)) throw probe.error;
  const readable = probed.every((probe) => probe.ok && probe.value.readable);
  if (readable) {
    for (const probe of probed) checkPageLimit(valueOf(probe).source.pageCount, context);
    if (!done.ok && !isDamage(done.error)) {
      // A refusal of the user's options (no_pages_left, page_out_of_range) or a limit: a damaged upload was
      // answered damaged_pdf before its options were looked at, and still is.
      if (done.error instanceof ToolError) await refusedAfterPreflight(files, context, work.unlockPassword);
      throw done.error;
    }
    const sound = probed.every((probe) => valueOf(probe).sound) && warnings.length === 0;
    if (done.ok && sound && valueOf(contents).every(Boolean)) {
      if (work.writtenBy === 'tool') await checkOutputs(work.outputs(done.value), context);
      return done.value;
    }
    // The warned way. A stream qpdf could not decode as it wrote is copied as it was: the repair way's rebuild.
    if (done.ok && !sound && !warnings.some((stderr) => /error decoding stream data/.test(stderr))) {
      if (await outputsPass(work.outputs(done.value), context)) return done.value;
    }
  }

  // The repair way, for every upload: the full preflight hands back each one as it is or a checked copy.
  const prepared: SourcePdf[] = [];
  for (const file of files) {
    const input = await preparePdfInput(file, context, { unlockPassword: work.unlockPassword });
    prepared.push({ path: input.path, opened: Promise.resolve({ pageCount: input.pageCount }) });
  }
  const result = await work.run(attempt(prepared, context));
  await checkOutputs(work.outputs(result), context);
  return result;
}

/**
 * What the work learns from an upload's probe: its page count and password when it is readable and within the page
 * limit; otherwise the work fails (a probe's refusal, `too_many_pages`, or `damaged_pdf`, which sends the job the
 * repair way) and its result is not used.
 */
function openedBy(probe: Promise<Settled<UploadProbe>>, context: ToolContext): Promise<OpenedPdf> {
  return probe.then((probed) => {
    const { readable, source } = valueOf(probed);
    if (!readable) throw new ToolError('damaged_pdf');
    checkPageLimit(source.pageCount, context);
    return { pageCount: source.pageCount, ...(source.password === undefined ? {} : { password: source.password }) };
  });
}

/**
 * The work's qpdf calls. On the uploads, the standard error of each run that warned (`qpdfWarned`) is kept in
 * `warnings`; on the repair way's copies (no `warnings`), qpdf's warnings change nothing.
 */
function attempt(sources: readonly SourcePdf[], context: ToolContext, warnings?: string[]): CheckAfterAttempt {
  const okCodes = [0, 3];
  const heard = (stderr: string) => warnings?.push(stderr);
  const warned = async (run: Promise<ProcessResult>) => {
    const result = await run;
    if (qpdfWarned(result.code, result.stderr)) heard(result.stderr);
    return result;
  };
  return {
    sources,
    context,
    qpdf: (args, options = {}) => warned(runQpdf(args, context, { okCodes, ...options })),
    qpdfJob: (job, options = {}) => warned(runQpdfJob(job, context, { okCodes, ...options })),
    session: serverSession(context, warnings && heard),
  };
}

/** The full preflight of each upload, for its refusal (damaged_pdf) to come before the tool's own. */
async function refusedAfterPreflight(files: readonly InputFile[], context: ToolContext, unlockPassword?: string) {
  for (const file of files) await preparePdfInput(file, context, { unlockPassword });
}

/**
 * A failure that the repair way may cure: qpdf failing on the upload, or an upload it cannot read. Refusals of the
 * user's options, limits, timeouts and aborts keep their own answers.
 */
function isDamage(error: unknown): boolean {
  return error instanceof ToolError && error.code === 'damaged_pdf';
}

interface UploadProbe {
  /** Not encrypted (or owner-only), read without an error, a page tree whose /Count is what it holds. */
  readable: boolean;
  /** Readable, and read without a warning. */
  sound: boolean;
  source: { path: string; pageCount: number; password?: string };
  /**
   * The object numbers of the pages' content streams (`undefined` for a tree with too many to list), and the
   * password that opens the upload.
   */
  contents: { objects: readonly number[] | undefined; password?: string };
  /** Each page's content streams and images, when the listing was short enough to keep them. */
  listedPages?: readonly ListedPage[];
}

/**
 * What an upload's bytes tell of its bookmarks: none when its catalog, read from them, has no /Outlines (an empty
 * outline, so Merge and Organize need no run to read it), once its probe says qpdf reads it without a warning (the
 * bytes then say what qpdf reads); `undefined` otherwise, and the job reads them itself.
 */
async function knownNoOutline(
  read: Promise<Settled<StoredObjects>>,
  probe: Promise<Settled<UploadProbe>>,
): Promise<SourceOutline | undefined> {
  const objects = await read;
  if (!objects.ok || (await objects.value.mayHaveOutline())) return undefined;
  const probed = await probe;
  return probed.ok && probed.value.sound ? { items: [], pageRefs: [] } : undefined;
}

/** The page count an upload's bytes declare (StoredObjects.declaredPageCount), or `undefined`. */
async function declaredPageCount(read: Promise<Settled<StoredObjects>>): Promise<number | undefined> {
  const objects = await read;
  return objects.ok ? objects.value.declaredPageCount().catch(() => undefined) : undefined;
}

async function closeStored(read: Promise<Settled<StoredObjects>> | undefined): Promise<void> {
  const objects = await read;
  if (objects?.ok) await objects.value.close();
}

/**
 * One qpdf run that decodes no stream: encryption, the page tree's counts, its content streams, and whether qpdf
 * read the structure without a warning (exit 0; a warning there is a recovered xref, a broken object stream or a
 * loop, all damage). Linearization is not read here, nor by the tools' writes: a hint table that is off, qpdf's most
 * common warning under `--check`, changes nothing in an output that is not linearized.
 *
 * A password-protected upload is `encrypted_pdf`, but for Unlock, which tries the user's password first (none:
 * `password_required`), then an empty one (owner restrictions only), else `wrong_password`.
 */
async function probeUpload(file: InputFile, context: ToolContext, unlockPassword?: string): Promise<UploadProbe> {
  const tries = unlockPassword ? [unlockPassword, undefined] : [undefined];
  for (const password of tries) {
    const probe = await runQpdfListingPages(['--show-encryption', '--with-images', file.path], context, {
      okCodes: [0, 2, 3],
      password,
    });
    if (probe.code === 2 && /invalid password/i.test(probe.stderr)) continue;
    return {
      readable: probe.code !== 2 && isSound(probe.pages),
      sound: probe.code === 0 && isSound(probe.pages),
      source: { path: file.path, pageCount: probe.pages.walked, ...(password === undefined ? {} : { password }) },
      contents: { objects: probe.contentObjects, password },
      ...(probe.listedPages ? { listedPages: probe.listedPages } : {}),
    };
  }
  throw passwordRefusal(unlockPassword);
}

/**
 * The upload's page contents and the structure of its pages' JPEG images pass the check's reading of them
 * (`pageContentsPass`), with its password.
 */
function contentsPass(probe: UploadProbe, context: ToolContext): Promise<boolean> {
  return pageContentsPass(probe.source.path, probe.contents.objects, context, probe.contents.password, {
    jpegs: true,
  });
}

/** `qpdf --check` on every output PDF, side by side: one that fails is `damaged_pdf`. */
async function checkOutputs(outputs: readonly OutputPdf[], context: ToolContext): Promise<void> {
  if (!(await outputsPass(outputs, context))) throw new ToolError('damaged_pdf');
}

/** True when every output PDF passes `qpdf --check` without a warning, checked side by side. */
async function outputsPass(outputs: readonly OutputPdf[], context: ToolContext): Promise<boolean> {
  const gate = concurrencyLimit(context.cores ?? 1);
  const codes = await Promise.all(
    outputs.map(({ path, password }) =>
      gate(async () => (await runQpdf(['--check', path], context, { okCodes: [0, 2, 3], password })).code),
    ),
  );
  return codes.every((code) => code === 0);
}
