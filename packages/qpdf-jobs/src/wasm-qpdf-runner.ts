import { bytesOf, memoryFiles } from './memory-files.js';
import type { QpdfFile, QpdfRun, QpdfRunResult, QpdfRunner } from './qpdf-runner.js';

/**
 * qpdf compiled to WebAssembly (`@neslinesli93/qpdf-wasm`, qpdf 12.2) as a QpdfRunner: each run's inputs are placed
 * in the module's in-memory file system, in its working folder, as the caller's bytes (not copies), and its outputs
 * are read back as bytes.
 *
 * Each run gets an instance of its own, dropped afterwards with its memory. This build keeps its runtime alive when
 * qpdf's main returns or calls exit() (callMain hands back the exit code), and one instance does serve many runs,
 * but not soundly: over the corpus, runs on an instance that had served other jobs crashed ("null function or
 * function signature mismatch", "memory access out of bounds") or wrote other bytes than a fresh instance, on files
 * a fresh instance handles well (docs/decisions/204-device-page-tools.md). A new instance costs reading the wasm
 * (from the browser's cache), compiling and starting it: 46 ms in Node on an idle machine.
 */

/** What this runner uses of the Emscripten module. */
export interface QpdfWasmModule {
  callMain(args: string[]): number;
  FS: QpdfWasmFs;
}

export interface QpdfWasmFs {
  init(input: () => number | null, output: (byte: number) => void, error: (byte: number) => void): void;
  mkdir(path: string): void;
  chdir(path: string): void;
  open(path: string, flags: string): QpdfWasmStream;
  /** Emscripten's FS.write; with `canOwn`, the in-memory file system keeps `buffer` itself instead of a copy. */
  write(
    stream: QpdfWasmStream,
    buffer: Uint8Array,
    offset: number,
    length: number,
    position: number,
    canOwn: boolean,
  ): number;
  close(stream: QpdfWasmStream): void;
  readFile(path: string): Uint8Array;
}

/** An open file of the module's file system (opaque here). */
export type QpdfWasmStream = object;

/** The options this runner passes to the module's factory (the package's default export). */
export interface QpdfWasmModuleOptions {
  noInitialRun: true;
  /** stdin, stdout and stderr are set up by `preRun`, so each run's output is captured. */
  noFSInit: true;
  preRun: ((module: QpdfWasmModule) => void)[];
  locateFile?: (name: string, prefix: string) => string;
}

export type QpdfWasmFactory = (options: QpdfWasmModuleOptions) => Promise<QpdfWasmModule>;

export interface WasmQpdfRunnerOptions {
  /** `@neslinesli93/qpdf-wasm`'s default export (its `dist/qpdf.js`), however the host loads it. */
  createModule: QpdfWasmFactory;
  /** Where `qpdf.wasm` is: a URL in the browser (from our own origin), a file path in Node. */
  locateFile?: (name: string, prefix: string) => string;
}

/**
 * The runner. Runs go one after another (qpdf's main is synchronous anyway), so at most one instance, with its copy
 * of the inputs, is alive at a time.
 */
export function createWasmQpdfRunner(options: WasmQpdfRunnerOptions): QpdfRunner {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    ...memoryFiles,
    run(run: QpdfRun, signal?: AbortSignal): Promise<QpdfRunResult> {
      const result = queue.then(async () => {
        signal?.throwIfAborted();
        const instance = await startInstance(options);
        signal?.throwIfAborted();
        return runIn(instance, run);
      });
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

interface Instance {
  module: QpdfWasmModule;
  /** What qpdf wrote to its standard output and error, byte by byte. */
  streams: { stdout: number[]; stderr: number[] };
}

async function startInstance(options: WasmQpdfRunnerOptions): Promise<Instance> {
  const streams = { stdout: [] as number[], stderr: [] as number[] };
  const module = await options.createModule({
    noInitialRun: true,
    noFSInit: true,
    preRun: [
      (started) =>
        started.FS.init(
          () => null,
          (byte) => streams.stdout.push(byte),
          (byte) => streams.stderr.push(byte),
        ),
      (started) => {
        started.FS.mkdir(WORK_FOLDER);
        started.FS.chdir(WORK_FOLDER);
      },
    ],
    ...(options.locateFile ? { locateFile: options.locateFile } : {}),
  });
  return { module, streams };
}

/**
 * Runs qpdf in the working folder and reads back the outputs. The module exports little of Emscripten's file system
 * (no listing, no stat), so outputs are found by reading them; the instance and its files go when the run is done.
 */
function runIn({ module, streams }: Instance, run: QpdfRun): QpdfRunResult {
  const { FS } = module;
  for (const [name, file] of run.inputs) placeInput(FS, name, bytesOf(file));
  const exitCode = callMain(module, [...run.args]);
  const outputs = new Map<string, QpdfFile>();
  for (const name of run.outputs) {
    const bytes = readIfWritten(FS, name);
    if (bytes) outputs.set(name, { bytes });
  }
  return { exitCode, stdout: text(streams.stdout), stderr: text(streams.stderr), outputs };
}

/**
 * An input placed in the file system without a copy: the in-memory file system keeps the caller's bytes as the
 * file's contents (Emscripten's `canOwn`), where `FS.writeFile` would copy them (a 100 MB input would be held
 * twice, and once more by each run that reads it). qpdf opens its inputs read-only, so the bytes are never changed.
 */
function placeInput(FS: QpdfWasmFs, name: string, bytes: Uint8Array): void {
  const stream = FS.open(name, 'w');
  try {
    FS.write(stream, bytes, 0, bytes.byteLength, 0, true);
  } finally {
    FS.close(stream);
  }
}

function readIfWritten(FS: QpdfWasmFs, name: string): Uint8Array | undefined {
  try {
    return FS.readFile(name);
  } catch {
    return undefined;
  }
}

/**
 * callMain, leaving the host as it was: in Node, Emscripten's exit() sets `process.exitCode` (a test runner would
 * then fail for a run that merely refused a file).
 */
function callMain(module: QpdfWasmModule, args: string[]): number {
  const host = (globalThis as { process?: { exitCode?: number | string } }).process;
  const exitCode = host?.exitCode;
  try {
    return module.callMain(args);
  } finally {
    if (host) host.exitCode = exitCode;
  }
}

/** Where runs find their files by name. */
const WORK_FOLDER = '/work';

const decoder = new TextDecoder();
const text = (bytes: number[]) => decoder.decode(new Uint8Array(bytes));
