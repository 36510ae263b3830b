import { ToolError } from '@paperknife/catalog/errors';
import type { QpdfFile, QpdfRun, QpdfRunResult, QpdfRunner } from './qpdf-runner.js';
import type { SourceOutline } from './source-outline.js';

/** How a job's qpdf runs are made: by which runner, and what a warning means. */
export interface QpdfSession {
  runner: QpdfRunner;
  /**
   * `refuse`: the inputs are the uploads themselves, and a warning means damage that only a repair can mend
   * (`damaged_pdf`): the browser has no repair. `accept`: the server's, which hears of the warnings (`warned`) on
   * its uploads and then checks the outputs, and has none to hear of on its repaired copies.
   */
  warnings: 'refuse' | 'accept';
  /** Told the standard error of each run that warned, where warnings are accepted. */
  warned?: (stderr: string) => void;
  signal?: AbortSignal;
}

/** A document a job reads, and what opening it told (its pages, and the password that opens it, for Unlock). */
export interface SourceDocument {
  file: QpdfFile;
  opened: Promise<OpenedDocument>;
  /**
   * The document's bookmarks, when the caller already knows them (the server knows an upload whose catalog has no
   * /Outlines has none); `undefined` there, or no promise, and the job reads them itself (`outlineOf`).
   */
  outline?: Promise<SourceOutline | undefined>;
  /**
   * The page count its page tree declares, when the caller can read it sooner than the opening (the server reads
   * it from the upload's bytes): a guess `withPageCount` starts work on, which the opening then confirms.
   */
  declaredPages?: Promise<number | undefined>;
}

export interface OpenedDocument {
  pageCount: number;
  password?: string;
}

/**
 * `session` for runs whose warnings change nothing (reading an outline, a copy only measured): accepted, and not
 * told to whoever hears of warnings on the uploads.
 */
export function lenient(session: QpdfSession): QpdfSession {
  return { runner: session.runner, warnings: 'accept', ...(session.signal ? { signal: session.signal } : {}) };
}

/** Who hears about a password qpdf refused: every tool but Unlock, which checks the password first. */
export type PasswordError = 'encrypted_pdf' | 'wrong_password' | 'password_required';

/**
 * A run that must succeed, its failures as catalogue errors: `encrypted_pdf` (or `passwordError`) when qpdf refused
 * the password, `damaged_pdf` for any other failure and, unless the session accepts them, for warnings (exit 3, or a
 * warning qpdf printed but left out of its exit code: qpdf 11.3's `--split-pages` on its primary input does so).
 * qpdf's own words never reach the user.
 */
export async function runChecked(
  session: QpdfSession,
  run: QpdfRun,
  passwordError: PasswordError = 'encrypted_pdf',
): Promise<QpdfRunResult> {
  const result = await session.runner.run(run, session.signal);
  if (result.exitCode === 0 || result.exitCode === 3) {
    if (!qpdfWarned(result.exitCode, result.stderr)) return result;
    if (session.warnings === 'accept') {
      session.warned?.(result.stderr);
      return result;
    }
    throw new ToolError('damaged_pdf', NEEDS_REPAIR);
  }
  if (/invalid password/i.test(result.stderr)) throw new ToolError(passwordError);
  throw new ToolError('damaged_pdf', NEEDS_REPAIR);
}

/**
 * Whether a qpdf run that succeeded warned: exit 3, or a warning qpdf printed but left out of its exit code (qpdf
 * 11.3's `--split-pages` on its primary input does so).
 */
export function qpdfWarned(exitCode: number, stderr: string): boolean {
  return exitCode === 3 || /^WARNING: /m.test(stderr);
}

const NEEDS_REPAIR = 'This PDF is damaged and needs a repair before this tool can use it.';

/** The one output a run wrote. */
export function outputOf(result: QpdfRunResult, name: string): QpdfFile {
  const file = result.outputs.get(name);
  if (!file) throw new ToolError('damaged_pdf', NEEDS_REPAIR);
  return file;
}

/**
 * A password as qpdf's `--password-file` reads it (its first line): a file among the run's inputs, so it never
 * shows on a command line. A password with a line break cannot be written so.
 */
export function passwordFile(password: string): Uint8Array {
  if (/[\r\n]/.test(password)) throw new ToolError('invalid_option', 'Passwords cannot contain line breaks.');
  return new TextEncoder().encode(`${password}\n`);
}

export const PASSWORD_FILE = 'password.txt';

/**
 * Opens a document as the server's probe does, in one run that decodes no stream: its encryption, the pages its
 * tree holds (walked by qpdf) against its /Count, and whether qpdf read it without a warning. A document that needs
 * a password is `encrypted_pdf`, but for Unlock (`unlockPassword` given), which tries that password, then none
 * (restrictions only): `password_required` without one, else `wrong_password`. A tree whose /Count is not what it
 * holds, or any warning, is `damaged_pdf`: the repair is the server's. Over `maxPages`: `too_many_pages`.
 */
export async function openDocument(
  session: QpdfSession,
  file: QpdfFile,
  maxPages: number,
  unlockPassword?: string,
): Promise<OpenedDocument> {
  const tries = unlockPassword ? [unlockPassword, undefined] : [undefined];
  for (const password of tries) {
    const inputs = new Map<string, QpdfFile>([['input.pdf', file]]);
    if (password !== undefined) inputs.set(PASSWORD_FILE, { bytes: passwordFile(password) });
    const result = await session.runner.run(
      {
        args: [
          ...(password === undefined ? [] : [`--password-file=${PASSWORD_FILE}`]),
          ...['--show-encryption', '--show-npages', '--show-pages', 'input.pdf'],
        ],
        inputs,
        outputs: [],
      },
      session.signal,
    );
    // qpdf 12 fails (exit 2); 11.3 shows the encryption, says so, and lists no page.
    if (/invalid password/i.test(result.stderr) || /^Incorrect password supplied$/m.test(result.stdout)) continue;
    const { walked, declared } = pageCounts(result.stdout);
    if (result.exitCode !== 0 || /^WARNING: /m.test(result.stderr) || walked < 1 || walked !== declared) {
      throw new ToolError('damaged_pdf', NEEDS_REPAIR);
    }
    checkPageLimit(walked, maxPages);
    return { pageCount: walked, ...(password === undefined ? {} : { password }) };
  }
  throw passwordRefusal(unlockPassword);
}

/** `too_many_pages` for a document of more pages than the limit. */
export function checkPageLimit(pageCount: number, maxPages: number): void {
  if (pageCount > maxPages) {
    throw new ToolError(
      'too_many_pages',
      `This PDF has ${pageCount} pages; the limit is ${maxPages}. Split it into smaller parts first.`,
    );
  }
}

/**
 * Why a PDF that needs a password is refused: `encrypted_pdf` for every tool but Unlock (no `unlockPassword`),
 * `password_required` for Unlock without a password, `wrong_password` for one that does not open it.
 */
export function passwordRefusal(unlockPassword: string | undefined): ToolError {
  if (unlockPassword === undefined) return new ToolError('encrypted_pdf');
  if (unlockPassword === '') {
    return new ToolError('password_required', 'This PDF needs a password to open: enter its password and try again.');
  }
  return new ToolError('wrong_password');
}

/** qpdf's page listing: `page N: ...` lines walked, and the first bare number (`--show-npages`, the /Count). */
function pageCounts(stdout: string): { walked: number; declared: number } {
  let walked = 0;
  let declared = -1;
  for (const line of stdout.split('\n')) {
    if (/^page \d+: /.test(line)) walked++;
    else if (declared < 0 && /^\d+$/.test(line)) declared = Number(line);
  }
  return { walked, declared };
}

/** Reads a whole output the runner handed back (JSON, a small PDF). */
export async function readWhole(session: QpdfSession, file: QpdfFile): Promise<Uint8Array> {
  return session.runner.read(file, 0, await session.runner.size(file));
}

/**
 * What `check` answers (the opening, or what is read from it), for a run started beside it before its answer was
 * known: when `check` refuses, that refusal is thrown once `run` has ended, so no run outlives the job's answer.
 */
export async function checkedBeside<T>(run: Promise<unknown>, check: Promise<T>): Promise<T> {
  run.catch(() => undefined); // awaited below, or by the caller
  try {
    return await check;
  } catch (error) {
    await run.catch(() => undefined);
    throw error;
  }
}

/**
 * `work` on the document's page count as soon as one is known: the count its tree declares (`declaredPages`) when
 * that comes before the opening's, else the opening's own. The opening's count then confirms the guess; where it
 * differs, the work is done again with it. The opening's refusals come first, and no run outlives the answer.
 */
export async function withPageCount<T>(source: SourceDocument, work: (pageCount: number) => Promise<T>): Promise<T> {
  const declared = await Promise.race([
    source.declaredPages?.catch(() => undefined),
    // The opening answering first (with a count or a refusal) leaves nothing to guess.
    source.opened.then(
      () => undefined,
      () => undefined,
    ),
  ]);
  if (declared === undefined) return work((await source.opened).pageCount);
  const guessed = work(declared);
  const { pageCount } = await checkedBeside(guessed, source.opened);
  if (pageCount === declared) return guessed;
  await guessed.catch(() => undefined);
  return work(pageCount);
}
