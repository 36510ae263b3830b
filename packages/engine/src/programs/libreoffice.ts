import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { ToolError } from '@paperknife/catalog/errors';
import { bridgeScript, profileSettings } from './libreoffice-bridge.js';
import { LIBREOFFICE_IDLE_STOP_MS } from './libreoffice-idle.js';
import { runQpdf } from './qpdf.js';
import { ProcessFailure, abortError, runProcess } from './run-process.js';
import type { ToolContext } from '../jobs/tool-runner.js';

/**
 * ONE warm LibreOffice instance per process takes the conversions (docs/decisions/010-libreoffice-warm-instance.md):
 * started on first use, kept alive while conversions come, stopped after a quiet spell (docs/decisions/025, ~200 MB
 * handed back), restarted after a crash or a hang, one conversion at a time. The instance listens on a private named
 * pipe (no TCP port) for the Python UNO client (libreoffice-bridge.ts) that keeps it from ending between jobs.
 * Spreadsheets and presentations are converted by that client (load, PDF export; the answer goes back before the
 * document is closed: docs/decisions/216). Word documents are `soffice --convert-to` calls with the same private
 * profile, which LibreOffice hands to the running instance and converts on its main thread (decision 010 says why).
 * A second instance, the helper, exports half of a long spreadsheet's pages beside it while no other conversion
 * waits (docs/decisions/220); it starts with the first spreadsheet and stops with the instance. Each has its profile
 * folder under os.tmpdir(), the long-lived temp folders; closeLibreOffice() removes them.
 */

const SOFFICE = 'soffice';
/** Debian's Python: the one python3-uno is built for. */
const PYTHON = '/usr/bin/python3';
/** How long soffice may take to start and accept the client (the first start also creates the profile). */
const START_TIMEOUT_MS = 60_000;

interface Instance {
  /** LibreOffice's socket files: always in /tmp (hard-coded in LibreOffice), removed when the instance stops. */
  sockets: string[];
  soffice: ChildProcess;
  bridge: ChildProcess;
  dead: boolean;
  ended: Promise<void>;
  /** The client's answers awaited, by request number. */
  answers: Map<number, (answer: BridgeAnswer) => void>;
}

/** The client's answer to a conversion: done, or the document could not be loaded or exported. */
interface BridgeAnswer {
  id: number;
  error?: 'load' | 'export';
  /**
   * A part's answer: the document's printed pages, and those it exported (none: all of them, or none at all when it
   * answers `"skipped"` for a document too short to part).
   */
  pages?: number;
  range?: [number, number] | null;
}

/** A LibreOffice instance with its own profile: the one that converts, or the helper. */
interface Lane {
  profileDir?: string;
  instance?: Instance;
  starting?: Promise<Instance>;
}

const main: Lane = {};
const helper: Lane = {};
let queue: Promise<unknown> = Promise.resolve();
let idleStopMs = LIBREOFFICE_IDLE_STOP_MS;
let idleTimer: NodeJS.Timeout | undefined;
/** Conversions asked for and not yet settled, waiting ones included. */
let pending = 0;
/** The number of the last conversion asked of the client. */
let lastRequest = 0;

/** True when the instance is up and held open: /readyz reports this. */
export function isLibreOfficeReady(): boolean {
  return running(main) !== undefined;
}

/** The process id of the running instance (its launcher), for diagnostics and tests. */
export function libreOfficeProcessId(): number | undefined {
  return running(main)?.soffice.pid;
}

/** The process id of the running helper (its launcher), for tests. */
export function libreOfficeHelperProcessId(): number | undefined {
  return running(helper)?.soffice.pid;
}

/** The private profile folder while one exists (it goes away with closeLibreOffice), for diagnostics and tests. */
export function libreOfficeProfileDir(): string | undefined {
  return main.profileDir;
}

/**
 * Starts the instance if it is not running yet (and the helper with it, with `helper`); like a conversion, they stop
 * again after the quiet spell.
 */
export async function warmLibreOffice(options: { helper?: boolean } = {}): Promise<void> {
  await Promise.all([ensureInstance(main), ...(options.helper ? [ensureInstance(helper)] : [])]);
  scheduleIdleStop();
}

/**
 * How long the instance may go without a conversion before it stops (0: it keeps running once started). Applies
 * from the next conversion on.
 */
export function setLibreOfficeIdleStop(ms: number): void {
  idleStopMs = ms;
}

/** Stops the instance and removes its profile folder. Safe to call at any time, also when nothing runs. */
export async function closeLibreOffice(): Promise<void> {
  clearTimeout(idleTimer);
  await Promise.all([main, helper].map(closeLane));
}

async function closeLane(lane: Lane): Promise<void> {
  const pending = lane.starting;
  if (pending) await pending.catch(() => undefined);
  if (lane.instance) await stop(lane.instance, lane);
  lane.instance = undefined;
  if (lane.profileDir) await rm(lane.profileDir, { recursive: true, force: true });
  lane.profileDir = undefined;
}

/** A PDF export: the export filter of the document's module, and its options (FilterData). */
export interface PdfExport {
  filter: 'writer_pdf_Export' | 'calc_pdf_Export' | 'impress_pdf_Export';
  options: Readonly<Record<string, boolean>>;
}

/** How LibreOffice reads and writes one kind of document. */
export interface OfficeConversion {
  target: PdfExport;
  /**
   * An import filter with its options (`name:options`, as `--infilter` takes it), where LibreOffice's own type
   * detection must not choose (CSV).
   */
  importFilter?: string;
  /** What the user hears when LibreOffice cannot open the file. */
  damagedMessage: string;
}

/** A text document to PDF: Word to PDF's conversion, and the one tests use to read documents back. */
export const textDocumentConversion: OfficeConversion = {
  target: { filter: 'writer_pdf_Export', options: {} },
  damagedMessage: 'This document is damaged and could not be opened. Save it again from Word and try again.',
};

/**
 * Converts an office document (checked by content, with the matching extension) to `<outDir>/<name>.pdf` and
 * returns that path. Word, spreadsheet and presentation documents all go to the one instance. Jobs wait their
 * turn; the job's time limit starts when its turn comes. On timeout or abort the instance is killed (a conversion
 * cannot be cancelled) and the next job starts a fresh one.
 * Throws `damaged_document` (with the conversion's message) when LibreOffice cannot open the file.
 */
export function convertWithLibreOffice(
  input: string,
  outDir: string,
  context: ToolContext,
  conversion: OfficeConversion = textDocumentConversion,
): Promise<string> {
  return inTurn(context, () => convertNow(input, outDir, conversion, context, false)).then((parts) => parts[0]!);
}

/**
 * Like convertWithLibreOffice, but a spreadsheet of MIN_PART_PAGES printed pages or more, converted while no other
 * conversion waits and with two cores lent to the job, is exported in two parts side by side: the instance exports
 * the first half of its pages, the helper the second (docs/decisions/220). Returns the PDFs in page order, to be
 * joined: one, or two.
 */
export function convertToPdfParts(
  input: string,
  outDir: string,
  context: ToolContext,
  conversion: OfficeConversion,
): Promise<string[]> {
  return inTurn(context, () => convertNow(input, outDir, conversion, context, true));
}

/** A spreadsheet is exported in parts from this many printed pages: below, the helper's load costs what it saves. */
const MIN_PART_PAGES = 8;

/** Runs `work` when the conversions asked for before it are done; a job whose client went away answers at once. */
function inTurn<T>(context: ToolContext, work: () => Promise<T>): Promise<T> {
  if (context.signal.aborted) return Promise.reject(abortError(context.signal));
  pending += 1;
  clearTimeout(idleTimer);
  const run = queue.then(work);
  queue = run.catch(() => undefined);
  void queue.then(() => {
    pending -= 1;
    scheduleIdleStop();
  });
  // A job whose client went away while it waited its turn answers at once (its turn is then skipped).
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(abortError(context.signal));
    context.signal.addEventListener('abort', onAbort, { once: true });
    run.then(resolve, reject).finally(() => context.signal.removeEventListener('abort', onAbort));
  });
}

async function convertNow(
  input: string,
  outDir: string,
  conversion: OfficeConversion,
  context: ToolContext,
  parted: boolean,
): Promise<string[]> {
  if (context.signal.aborted) throw abortError(context.signal);
  const began = Date.now();
  const current = await ensureInstance(main);
  const output = join(outDir, `${basename(input, extname(input))}.pdf`);
  const timeoutMs = Math.max(1000, context.limits.jobTimeoutMs - (Date.now() - began));
  const side = parted ? helperFor(conversion, context) : undefined;
  let answer: BridgeAnswer | undefined;
  let parts = [output];
  try {
    if (conversion.target.filter === 'writer_pdf_Export') await handOver(input, outDir, conversion, context, timeoutMs);
    else if (side) ({ answer, parts } = await exportInParts(current, side, input, output, conversion, context, began));
    else answer = await askBridge(current, input, output, conversion, context.signal, timeoutMs);
  } catch (error) {
    // A timeout or abort leaves LibreOffice busy with a document we no longer want: start over next time.
    if (error instanceof ToolError) await Promise.all([stop(current, main), side && stop(side, helper)]);
    if (error instanceof ProcessFailure) throw new ToolError('internal_error', undefined, { cause: error });
    throw error;
  }
  if (answer?.error === 'export') throw new ToolError('internal_error');
  if (answer?.error === 'load') throw new ToolError('damaged_document', conversion.damagedMessage);
  // LibreOffice reports "source file could not be loaded" on its own output and exits 0: the file tells.
  const made = await stat(output).catch(() => undefined);
  if (!made?.isFile() || made.size === 0) {
    throw new ToolError('damaged_document', conversion.damagedMessage);
  }
  return parts;
}

/**
 * The helper, when this conversion is worth parting and it is up: a spreadsheet (not sized one page per sheet),
 * two cores lent to the job, no other conversion waiting (then both instances would do the load, and the waiting
 * job's turn would come no sooner). A helper not yet started is started for the next one.
 */
function helperFor(conversion: OfficeConversion, context: ToolContext): Instance | undefined {
  const { filter, options } = conversion.target;
  if (filter !== 'calc_pdf_Export' || options.SinglePageSheets || (context.cores ?? 1) < 2 || pending > 1) {
    return undefined;
  }
  const up = running(helper);
  if (!up) void ensureInstance(helper).catch(() => undefined);
  return up;
}

/**
 * The instance exports the first half of the document's printed pages while the helper exports the second. Both
 * load the document and count its pages as the export does; under MIN_PART_PAGES the instance exports them all.
 * The parts are used when each holds the pages its answer says, the second going on from the first; otherwise
 * (the helper failed, stopped, or the counts disagree) the instance exports the whole document again.
 */
async function exportInParts(
  current: Instance,
  side: Instance,
  input: string,
  output: string,
  conversion: OfficeConversion,
  context: ToolContext,
  began: number,
): Promise<{ answer: BridgeAnswer; parts: string[] }> {
  const second = output.replace(/\.pdf$/u, '-part-2.pdf');
  const timeoutMs = () => Math.max(1000, context.limits.jobTimeoutMs - (Date.now() - began));
  const [first, other] = await Promise.all([
    askBridge(current, input, output, conversion, context.signal, timeoutMs(), [0, 2, MIN_PART_PAGES]),
    askBridge(side, input, second, conversion, context.signal, timeoutMs(), [1, 2, MIN_PART_PAGES]).catch(async () => {
      await stop(side, helper);
      return undefined;
    }),
  ]);
  if (first.error || !first.range) return { answer: first, parts: [output] };
  const span = (range: readonly [number, number]) => range[1] - range[0] + 1;
  const fits =
    other?.range &&
    !other.error &&
    other.pages === first.pages &&
    other.range[0] === first.range[1] + 1 &&
    other.range[1] === first.pages &&
    (await pageCount(output, context)) === span(first.range) &&
    (await pageCount(second, context)) === span(other.range);
  if (fits) return { answer: first, parts: [output, second] };
  const whole = await askBridge(current, input, output, conversion, context.signal, timeoutMs());
  return { answer: whole, parts: [output] };
}

/** The pages of a PDF LibreOffice wrote, or `undefined` when qpdf cannot read it. */
async function pageCount(path: string, context: ToolContext): Promise<number | undefined> {
  const result = await runQpdf(['--show-npages', path], context, { okCodes: [0, 2, 3] });
  return result.code === 2 ? undefined : Number(result.stdout.trim());
}

/**
 * A `soffice --convert-to` call with the instance's profile: LibreOffice hands it to the running instance, which
 * loads, exports and closes the document on its main thread; the call returns once the document is closed.
 */
async function handOver(
  input: string,
  outDir: string,
  conversion: OfficeConversion,
  context: ToolContext,
  timeoutMs: number,
): Promise<void> {
  const { filter, options } = conversion.target;
  const filterData = Object.entries(options).map(([name, value]) => [name, { type: 'boolean', value: String(value) }]);
  const target = `pdf:${filter}${filterData.length > 0 ? `:${JSON.stringify(Object.fromEntries(filterData))}` : ''}`;
  await runProcess(
    SOFFICE,
    [
      `-env:UserInstallation=${profileUrl(main)}`,
      '--headless',
      '--invisible',
      '--nologo',
      '--norestore',
      '--nolockcheck',
      ...(conversion.importFilter ? [`--infilter=${conversion.importFilter}`] : []),
      '--convert-to',
      target,
      '--outdir',
      outDir,
      input,
    ],
    { cwd: context.workDir, env: officeEnv(main), signal: context.signal, timeoutMs },
  );
}

/**
 * Has the client load the document (hidden, read-only, macros and links never run) and export it, or its `part`
 * ([index, count, least pages]); it answers once the PDF is written and closes the document after, while the job
 * goes on. The answer comes back in the order asked.
 */
function askBridge(
  current: Instance,
  input: string,
  output: string,
  conversion: OfficeConversion,
  signal: AbortSignal,
  timeoutMs: number,
  part?: [number, number, number],
): Promise<BridgeAnswer> {
  const id = ++lastRequest;
  const [importFilter, ...importOptions] = conversion.importFilter?.split(':') ?? [];
  const request = {
    id,
    input: pathToFileURL(input).href,
    output: pathToFileURL(output).href,
    filter: conversion.target.filter,
    options: conversion.target.options,
    ...(importFilter ? { importFilter, importOptions: importOptions.join(':') } : {}),
    ...(part ? { part } : {}),
  };
  let timer: NodeJS.Timeout | undefined;
  let onAbort = () => undefined as void;
  return new Promise<BridgeAnswer>((resolve, reject) => {
    timer = setTimeout(() => reject(new ToolError('processing_timeout')), timeoutMs);
    onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    // A crash: the next job starts a fresh instance.
    void current.ended.then(() => reject(new ToolError('internal_error')));
    current.answers.set(id, resolve);
    current.bridge.stdin!.write(`${JSON.stringify(request)}\n`);
  }).finally(() => {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    current.answers.delete(id);
  });
}

/**
 * Once nothing is pending, stops the instance and the helper after `idleStopMs`. The stop takes its turn in the
 * queue, so a conversion asked for meanwhile either runs first (and the stop is skipped) or waits for a fresh
 * instance.
 */
function scheduleIdleStop(): void {
  clearTimeout(idleTimer);
  if (idleStopMs <= 0 || pending > 0) return;
  idleTimer = setTimeout(() => {
    queue = queue
      .then(async () => {
        if (pending > 0) return;
        await Promise.all([main, helper].map((lane) => (lane.instance ? stop(lane.instance, lane) : undefined)));
      })
      .catch(() => undefined);
  }, idleStopMs).unref();
}

function profileUrl(lane: Lane): string {
  return pathToFileURL(join(lane.profileDir!, 'profile')).href;
}

/** LibreOffice's own temp files go inside the profile folder, never loose in /tmp. */
function officeEnv(lane: Lane): NodeJS.ProcessEnv {
  return { ...process.env, TMPDIR: join(lane.profileDir!, 'tmp'), SAL_USE_VCLPLUGIN: 'svp' };
}

/** The lane's instance while it is up. */
function running(lane: Lane): Instance | undefined {
  return lane.instance && !lane.instance.dead ? lane.instance : undefined;
}

async function ensureInstance(lane: Lane): Promise<Instance> {
  const up = running(lane);
  if (up) return up;
  lane.starting ??= start(lane).finally(() => {
    lane.starting = undefined;
  });
  return lane.starting;
}

async function start(lane: Lane): Promise<Instance> {
  lane.profileDir ??= await mkdtemp(join(tmpdir(), 'paperknife-libreoffice-'));
  const profileDir = lane.profileDir;
  await mkdir(join(profileDir, 'tmp'), { recursive: true });
  await mkdir(join(profileDir, 'profile', 'user'), { recursive: true });
  await writeFile(join(profileDir, 'profile', 'user', 'registrymodifications.xcu'), profileSettings, {
    flag: 'wx',
  }).catch(
    () => undefined, // kept from an earlier start in this process
  );
  const script = join(profileDir, 'bridge.py');
  await writeFile(script, bridgeScript);
  const pipe = `paperknife-${process.pid}-${randomBytes(6).toString('hex')}`;
  const env = officeEnv(lane);
  const cwd = join(profileDir, 'tmp');

  const soffice = spawn(
    SOFFICE,
    [
      '--headless',
      '--invisible',
      '--nologo',
      '--norestore',
      '--nodefault',
      '--nolockcheck',
      `-env:UserInstallation=${profileUrl(lane)}`,
      `--accept=pipe,name=${pipe};urp;StarOffice.ComponentContext`,
    ],
    { cwd, env, stdio: 'ignore', detached: true },
  );
  const bridge = spawn(PYTHON, [script, pipe, String(START_TIMEOUT_MS / 1000)], {
    cwd,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  bridge.stderr?.resume(); // drained, never shown

  let markEnded: () => void = () => undefined;
  const current: Instance = {
    sockets: socketFiles(pipe, lane),
    soffice,
    bridge,
    dead: false,
    ended: new Promise((resolve) => (markEnded = resolve)),
    answers: new Map(),
  };
  const die = () => {
    if (current.dead) return;
    current.dead = true;
    killGroup(soffice);
    killGroup(bridge);
    removeSockets(current);
    if (lane.instance === current) lane.instance = undefined;
    markEnded();
  };
  soffice.on('exit', die).on('error', die);
  bridge.on('exit', die).on('error', die);
  bridge.stdin?.on('error', die);

  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('LibreOffice did not start in time')), START_TIMEOUT_MS);
    void current.ended.then(() => {
      clearTimeout(timer);
      reject(new Error('LibreOffice stopped while starting'));
    });
    createInterface({ input: bridge.stdout! }).on('line', (line) => {
      const message = parseLine(line);
      if (message?.ready === true) {
        clearTimeout(timer);
        resolve();
      } else if (typeof message?.id === 'number') {
        current.answers.get(message.id)?.(message as unknown as BridgeAnswer);
      }
    });
  });
  try {
    await ready;
  } catch (error) {
    die();
    throw new ToolError('internal_error', 'The document converter could not start. Please try again.', {
      cause: error,
    });
  }
  lane.instance = current;
  return current;
}

/** One line the client printed, as JSON; anything else (a library's stray output) is passed over. */
function parseLine(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Asks the client to close LibreOffice (it does so when its input ends), then makes sure both are gone. */
async function stop(current: Instance, lane: Lane): Promise<void> {
  if (!current.dead) {
    current.bridge.stdin?.end();
    const grace = new Promise((resolve) => setTimeout(resolve, 3000).unref());
    await Promise.race([current.ended, grace]);
  }
  current.dead = true;
  killGroup(current.soffice);
  killGroup(current.bridge);
  removeSockets(current);
  if (lane.instance === current) lane.instance = undefined;
}

/**
 * LibreOffice's sockets: the pipe it accepts the client on, and the one that hands `--convert-to` calls to the
 * running instance, named after an MD5 of the profile URL in UTF-16.
 */
function socketFiles(pipe: string, lane: Lane): string[] {
  const uid = process.getuid?.() ?? 0;
  // LibreOffice writes each byte in hex without a leading zero.
  const digest = createHash('md5')
    .update(Buffer.from(profileUrl(lane), 'utf16le'))
    .digest();
  const ipc = [...digest].map((byte) => byte.toString(16)).join('');
  return [`/tmp/OSL_PIPE_${uid}_${pipe}`, `/tmp/OSL_PIPE_${uid}_SingleOfficeIPC_${ipc}`];
}

function removeSockets(current: Instance): void {
  for (const socket of current.sockets) rmSync(socket, { force: true });
}

/** Kills the child's whole process group: soffice.bin runs under a launcher that may already have exited. */
function killGroup(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

// A process that ends without calling closeLibreOffice() must not leave soffice running or its profile behind.
process.once('exit', () => {
  for (const lane of [main, helper]) {
    if (lane.instance) {
      killGroup(lane.instance.soffice);
      killGroup(lane.instance.bridge);
      removeSockets(lane.instance);
    }
    if (lane.profileDir) rmSync(lane.profileDir, { recursive: true, force: true });
  }
});
