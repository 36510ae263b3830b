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
  unlink(path: string): void;
}

/** An open file of the module's file system: where it is, and the file it reads and writes. */
export interface QpdfWasmStream {
  position: number;
  /** The file: its name, and (under names the build minified) its contents and length. */
  node: { name: string } & Record<string, unknown>;
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
  const keys = memoryFileKeys(FS);
  if (keys) growOutputs(FS, keys, run);
  const exitCode = callMain(module, [...run.args]);
  const outputs = new Map<string, QpdfFile>();
  for (const name of run.outputs) {
    const bytes = keys ? writtenBytes(FS, keys, name) : readIfWritten(FS, name);
    if (bytes) outputs.set(name, { bytes });
  }
  return { exitCode, stdout: text(streams.stdout), stderr: text(streams.stderr), outputs };
}

/** Where the in-memory file system keeps a file's data: its contents array and the bytes of it in use. */
interface MemoryFileKeys {
  contents: string;
  used: string;
}

let knownKeys: MemoryFileKeys | null | undefined;

/**
 * The names of a file node's contents and length, which this build of the module minified: found once by writing a
 * file of a telling length and looking for that array and that number on its node. `null` when not found (another
 * build): outputs are then read the plain way, each copied once, and grown as the file system grows them.
 */
function memoryFileKeys(FS: QpdfWasmFs): MemoryFileKeys | null {
  if (knownKeys !== undefined) return knownKeys;
  const PROBE_BYTES = 12_345;
  const stream = FS.open('length-probe', 'w');
  try {
    FS.write(stream, new Uint8Array(PROBE_BYTES), 0, PROBE_BYTES, 0, false);
    const node = stream.node;
    const contents = Object.keys(node).find((key) => isBytes(node[key]) && node[key].length === PROBE_BYTES);
    const used = Object.keys(node).find((key) => node[key] === PROBE_BYTES);
    knownKeys = contents && used ? { contents, used } : null;
  } finally {
    FS.close(stream);
    FS.unlink('length-probe');
  }
  return knownKeys;
}

/**
 * The in-memory file system grows a file by an eighth at a time past 1 MB, copying it whole each time: writing a
 * 100 MB PDF allocates some 900 MB on the way, which a browser tab holds until it collects it. Writes to the run's
 * outputs grow them to twice their size instead (as much allocated on the way as the file's size, at most), and the
 * one output of a run (a rotated or merged document is about as large as what it was made of) straight to the size
 * of its inputs, where that is enough.
 */
function growOutputs(FS: QpdfWasmFs, keys: MemoryFileKeys, run: QpdfRun): void {
  const outputs = new Set(run.outputs);
  let inputsSize = 0;
  for (const file of run.inputs.values()) inputsSize += bytesOf(file).length;
  const likely = outputs.size === 1 ? inputsSize + LIKELY_GROWTH_BYTES : 0;
  const write = FS.write.bind(FS);
  FS.write = (stream, buffer, offset, length, position, canOwn) => {
    const node = stream.node;
    const contents = node[keys.contents];
    // Before its first write a file has no contents: the file system then keeps a copy of just those bytes.
    if (outputs.has(node.name) && isBytes(contents)) {
      const needed = (position ?? stream.position) + length;
      if (needed > contents.length) {
        const grown = new Uint8Array(Math.max(needed, contents.length * 2, needed <= likely ? likely : 0));
        grown.set(contents.subarray(0, node[keys.used] as number));
        node[keys.contents] = grown;
      }
    }
    return write(stream, buffer, offset, length, position, canOwn);
  };
}

/** What a document may gain over its inputs when qpdf writes it again (a new trailer, cross-reference, ID). */
const LIKELY_GROWTH_BYTES = 64 * 1024;

/** What the run wrote to `name`, as a view of the file's own data (not a copy); undefined if not written. */
function writtenBytes(FS: QpdfWasmFs, keys: MemoryFileKeys, name: string): Uint8Array | undefined {
  let stream: QpdfWasmStream;
  try {
    stream = FS.open(name, 'r');
  } catch {
    return undefined;
  }
  const { node } = stream;
  FS.close(stream);
  const contents = node[keys.contents];
  return isBytes(contents)
    ? new Uint8Array(contents.buffer, contents.byteOffset, node[keys.used] as number)
    : new Uint8Array(0);
}

/**
 * A file's data: a Uint8Array, or an Int8Array when its one write came straight from the module's memory (the file
 * system copies a slice of the HEAP8 view qpdf's writes pass).
 */
const isBytes = (value: unknown): value is Uint8Array | Int8Array =>
  value instanceof Uint8Array || value instanceof Int8Array;

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
