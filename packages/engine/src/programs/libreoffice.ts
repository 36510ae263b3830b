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
import { ProcessFailure, abortError, runProcess } from './run-process.js';
import type { ToolContext } from '../jobs/tool-runner.js';

/**
 * ONE warm LibreOffice instance per process (see docs/decisions/010-libreoffice-warm-instance.md): started on
 * first use, kept alive while conversions come, stopped after a quiet spell (docs/decisions/025, ~200 MB handed
 * back), restarted after a crash or a hang, one conversion at a time. The instance listens on a private named pipe
 * (no TCP port) for the Python UNO client (libreoffice-bridge.ts) that keeps it from ending between jobs.
 * Spreadsheets and presentations are converted by that client (load, PDF export; the answer goes back before the
 * document is closed: docs/decisions/216). Word documents are `soffice --convert-to` calls with the same private
 * profile, which LibreOffice hands to the running instance and converts on its main thread (decision 010 says why).
 * The profile folder under os.tmpdir() is the one long-lived temp folder; closeLibreOffice() removes it.
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
}

let profileDir: string | undefined;
let instance: Instance | undefined;
let starting: Promise<Instance> | undefined;
let queue: Promise<unknown> = Promise.resolve();
let idleStopMs = LIBREOFFICE_IDLE_STOP_MS;
let idleTimer: NodeJS.Timeout | undefined;
/** Conversions asked for and not yet settled, waiting ones included. */
let pending = 0;
/** The number of the last conversion asked of the client. */
let lastRequest = 0;

/** True when the instance is up and held open: /readyz reports this. */
export function isLibreOfficeReady(): boolean {
  return instance !== undefined && !instance.dead;
}

/** The process id of the running instance (its launcher), for diagnostics and tests. */
export function libreOfficeProcessId(): number | undefined {
  return instance && !instance.dead ? instance.soffice.pid : undefined;
}

/** The private profile folder while one exists (it goes away with closeLibreOffice), for diagnostics and tests. */
export function libreOfficeProfileDir(): string | undefined {
  return profileDir;
}

/** Starts the instance if it is not running yet; like a conversion, it stops again after the quiet spell. */
export async function warmLibreOffice(): Promise<void> {
  await ensureInstance();
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
  const pending = starting;
  if (pending) await pending.catch(() => undefined);
  if (instance) await stop(instance);
  instance = undefined;
  if (profileDir) await rm(profileDir, { recursive: true, force: true });
  profileDir = undefined;
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
  if (context.signal.aborted) return Promise.reject(abortError(context.signal));
  pending += 1;
  clearTimeout(idleTimer);
  const run = queue.then(() => convertNow(input, outDir, conversion, context));
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
): Promise<string> {
  if (context.signal.aborted) throw abortError(context.signal);
  const began = Date.now();
  const current = await ensureInstance();
  const output = join(outDir, `${basename(input, extname(input))}.pdf`);
  const timeoutMs = Math.max(1000, context.limits.jobTimeoutMs - (Date.now() - began));
  let answer: BridgeAnswer | undefined;
  try {
    if (conversion.target.filter === 'writer_pdf_Export') await handOver(input, outDir, conversion, context, timeoutMs);
    else answer = await askBridge(current, input, output, conversion, context.signal, timeoutMs);
  } catch (error) {
    // A timeout or abort leaves LibreOffice busy with a document we no longer want: start over next time.
    if (error instanceof ToolError) await stop(current);
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
  return output;
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
      `-env:UserInstallation=${profileUrl()}`,
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
    { cwd: context.workDir, env: officeEnv(), signal: context.signal, timeoutMs },
  );
}

/**
 * Has the client load the document (hidden, read-only, macros and links never run) and export it; it answers once
 * the PDF is written and closes the document after, while the job goes on. The answer comes back in the order asked.
 */
function askBridge(
  current: Instance,
  input: string,
  output: string,
  conversion: OfficeConversion,
  signal: AbortSignal,
  timeoutMs: number,
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
 * Once nothing is pending, stops the instance after `idleStopMs`. The stop takes its turn in the queue, so a
 * conversion asked for meanwhile either runs first (and the stop is skipped) or waits for a fresh instance.
 */
function scheduleIdleStop(): void {
  clearTimeout(idleTimer);
  if (idleStopMs <= 0 || pending > 0) return;
  idleTimer = setTimeout(() => {
    queue = queue
      .then(async () => {
        if (pending === 0 && instance) await stop(instance);
      })
      .catch(() => undefined);
  }, idleStopMs).unref();
}

function profileUrl(): string {
  return pathToFileURL(join(profileDir!, 'profile')).href;
}

/** LibreOffice's own temp files go inside the profile folder, never loose in /tmp. */
function officeEnv(): NodeJS.ProcessEnv {
  return { ...process.env, TMPDIR: join(profileDir!, 'tmp'), SAL_USE_VCLPLUGIN: 'svp' };
}

async function ensureInstance(): Promise<Instance> {
  if (instance && !instance.dead) return instance;
  starting ??= start().finally(() => {
    starting = undefined;
  });
  return starting;
}

async function start(): Promise<Instance> {
  profileDir ??= await mkdtemp(join(tmpdir(), 'paperknife-libreoffice-'));
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
  const env = officeEnv();
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
      `-env:UserInstallation=${profileUrl()}`,
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
    sockets: socketFiles(pipe),
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
    if (instance === current) instance = undefined;
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
  instance = current;
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
async function stop(current: Instance): Promise<void> {
  if (!current.dead) {
    current.bridge.stdin?.end();
    const grace = new Promise((resolve) => setTimeout(resolve, 3000).unref());
    await Promise.race([current.ended, grace]);
  }
  current.dead = true;
  killGroup(current.soffice);
  killGroup(current.bridge);
  removeSockets(current);
  if (instance === current) instance = undefined;
}

/**
 * LibreOffice's sockets: the pipe it accepts the client on, and the one that hands `--convert-to` calls to the
 * running instance, named after an MD5 of the profile URL in UTF-16.
 */
function socketFiles(pipe: string): string[] {
  const uid = process.getuid?.() ?? 0;
  // LibreOffice writes each byte in hex without a leading zero.
  const digest = createHash('md5').update(Buffer.from(profileUrl(), 'utf16le')).digest();
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
  if (instance) {
    killGroup(instance.soffice);
    killGroup(instance.bridge);
    removeSockets(instance);
  }
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});
