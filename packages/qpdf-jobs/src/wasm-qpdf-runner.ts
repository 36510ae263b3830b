import { bytesOf, memoryFiles } from './memory-files.js';
import type { QpdfFile, QpdfRun, QpdfRunResult, QpdfRunner } from './qpdf-runner.js';

/**
 * qpdf compiled to WebAssembly (`@neslinesli93/qpdf-wasm`, qpdf 12.2) as a QpdfRunner: each run's inputs are written
 * into the module's in-memory file system, in its working folder, and its outputs are read back as bytes; every
 * file the run named is removed afterwards.
 *
 * One instance serves many runs. This build keeps its runtime alive when qpdf's main returns or calls exit()
 * (callMain hands back the exit code), so a run leaves nothing behind but the memory the instance has grown to:
 * measured in Node, the same merge run five times and after a usage error gives the same bytes, and memory stays
 * where the largest run took it. WebAssembly memory never shrinks: `release()` drops the instance after a large
 * job (the next run starts a new one, about 50 ms from the cached wasm). An instance that fails other than by
 * exiting (out of memory, a trap) is dropped at once.
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
  writeFile(path: string, data: Uint8Array): void;
  readFile(path: string): Uint8Array;
  unlink(path: string): void;
}

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

export interface WasmQpdfRunner extends QpdfRunner {
  /** Drops the instance and its memory; the next run starts a new one. */
  release(): void;
}

export function createWasmQpdfRunner(options: WasmQpdfRunnerOptions): WasmQpdfRunner {
  let instance: Promise<Instance> | undefined;
  const start = () => (instance ??= startInstance(options));
  return {
    ...memoryFiles,
    async run(run: QpdfRun, signal?: AbortSignal): Promise<QpdfRunResult> {
      signal?.throwIfAborted();
      const current = start();
      let started: Instance;
      try {
        started = await current;
      } catch (error) {
        if (instance === current) instance = undefined;
        throw error;
      }
      signal?.throwIfAborted();
      try {
        return runIn(started, run);
      } catch (error) {
        if (instance === current) instance = undefined;
        throw error;
      }
    },
    release() {
      instance = undefined;
    },
  };
}

interface Instance {
  module: QpdfWasmModule;
  /** Where the standard streams write: swapped per run. */
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
 * Runs qpdf in the one working folder, then removes every file the run named. The module exports little of
 * Emscripten's file system (no listing, no stat, no rmdir), so outputs are found by reading them.
 */
function runIn({ module, streams }: Instance, run: QpdfRun): QpdfRunResult {
  const { FS } = module;
  streams.stdout = [];
  streams.stderr = [];
  try {
    for (const [name, file] of run.inputs) FS.writeFile(name, bytesOf(file));
    const exitCode = callMain(module, [...run.args]);
    const outputs = new Map<string, QpdfFile>();
    for (const name of run.outputs) {
      const bytes = readIfWritten(FS, name);
      if (bytes) outputs.set(name, { bytes });
    }
    return { exitCode, stdout: text(streams.stdout), stderr: text(streams.stderr), outputs };
  } finally {
    for (const name of [...run.inputs.keys(), ...run.outputs]) {
      try {
        FS.unlink(name);
      } catch {
        // Not written: qpdf stopped before it.
      }
    }
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
