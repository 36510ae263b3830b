import { heldBytes, memoryFiles } from './memory-files.js';
import type { QpdfFile, QpdfRun, QpdfRunResult, QpdfRunner } from './qpdf-runner.js';

/**
 * qpdf compiled to WebAssembly (`@neslinesli93/qpdf-wasm`, qpdf 12.2) as a QpdfRunner: each run's inputs are placed
 * in the module's in-memory file system, in its working folder, as the caller's bytes (not copies), and its outputs
 * come back as Blobs, made part by part as qpdf writes them (OutputInParts).
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
        // An earlier run's output (a Blob) read back into bytes: qpdf reads its inputs from memory.
        const inputs = new Map<string, Uint8Array>();
        for (const [name, file] of run.inputs) inputs.set(name, await heldBytes(file));
        const instance = await startInstance(options);
        signal?.throwIfAborted();
        return runIn(instance, run, inputs);
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
 * Runs qpdf in the working folder and hands back the outputs. The module exports little of Emscripten's file system
 * (no listing, no stat), so outputs are found by opening them; the instance and its files go when the run is done.
 */
function runIn({ module, streams }: Instance, run: QpdfRun, inputs: ReadonlyMap<string, Uint8Array>): QpdfRunResult {
  const { FS } = module;
  for (const [name, bytes] of inputs) placeInput(FS, name, bytes);
  const keys = memoryFileKeys(FS);
  const written = keys ? writeInParts(FS, keys, run.outputs) : undefined;
  const exitCode = callMain(module, [...run.args]);
  const outputs = new Map<string, QpdfFile>();
  for (const name of run.outputs) {
    if (!exists(FS, name)) continue;
    outputs.set(name, written?.get(name)?.file() ?? { bytes: FS.readFile(name) });
  }
  return { exitCode, stdout: text(streams.stdout), stderr: text(streams.stderr), outputs };
}

/** Where the in-memory file system keeps a file's length (the bytes in use of its contents array). */
interface MemoryFileKeys {
  used: string;
}

let knownKeys: MemoryFileKeys | null | undefined;

/**
 * The name of a file node's length, which this build of the module minified: found once by writing a file of a
 * telling length and looking for its contents array and that number on its node. `null` when not found (another
 * build): outputs are then held the file system's way, grown by an eighth at a time and copied out whole.
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
    knownKeys = contents && used ? { used } : null;
  } finally {
    FS.close(stream);
    FS.unlink('length-probe');
  }
  return knownKeys;
}

/**
 * Takes over the writes to a run's outputs: each is kept in parts (OutputInParts) instead of the file system's one
 * array, which grows by an eighth at a time past 1 MB, copying the file whole each time (some 900 MB allocated on
 * the way to a 100 MB PDF), and would then be copied once more into the Blob the page downloads. The node's length
 * is kept up to date, so a seek to the end or a stat sees the file as written.
 */
function writeInParts(FS: QpdfWasmFs, keys: MemoryFileKeys, names: readonly string[]): Map<string, OutputInParts> {
  const outputs = new Map(names.map((name) => [name, new OutputInParts(name)]));
  const write = FS.write.bind(FS);
  FS.write = (stream, buffer, offset, length, position, canOwn) => {
    const output = outputs.get(stream.node.name);
    if (!output) return write(stream, buffer, offset, length, position, canOwn);
    const seeking = typeof position === 'number';
    output.write(buffer.subarray(offset, offset + length), seeking ? position : stream.position);
    if (!seeking) stream.position += length;
    stream.node[keys.used] = output.size;
    return length;
  };
  return outputs;
}

/**
 * An output file as qpdf writes it, front to back: the bytes gather in an array of up to PART_BYTES, and each full
 * array becomes a Blob, whose bytes the browser keeps outside the tab's memory (a 100 MB result then costs the tab a
 * few megabytes, not its size twice). The file is the Blob of its parts.
 */
class OutputInParts {
  private readonly parts: Blob[] = [];
  private part = new Uint8Array(FIRST_PART_BYTES);
  private used = 0;
  size = 0;

  constructor(private readonly name: string) {}

  write(bytes: Uint8Array, position: number): void {
    if (position !== this.size) {
      // qpdf writes its outputs in order; a build that did not would need the file system's own way back.
      throw new Error(`qpdf wrote ${this.name} out of order: at byte ${position} of ${this.size}`);
    }
    let from = 0;
    while (from < bytes.length) {
      if (this.used === this.part.length) this.makeRoom();
      const taken = Math.min(bytes.length - from, this.part.length - this.used);
      this.part.set(bytes.subarray(from, from + taken), this.used);
      this.used += taken;
      from += taken;
    }
    this.size += bytes.length;
  }

  /** A larger array while the part is small (a JSON answer stays one small array), else the full part a Blob. */
  private makeRoom(): void {
    if (this.part.length < PART_BYTES) {
      const grown = new Uint8Array(Math.min(PART_BYTES, this.part.length * 2));
      grown.set(this.part);
      this.part = grown;
      return;
    }
    this.parts.push(new Blob([this.part])); // the Blob keeps a copy: the array takes the next part
    this.used = 0;
  }

  file(): QpdfFile {
    return { blob: new Blob([...this.parts, this.part.slice(0, this.used)]) };
  }
}

const FIRST_PART_BYTES = 64 * 1024;
const PART_BYTES = 4 * 1024 * 1024;

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

/** Whether the run wrote (or at least created) the file. */
function exists(FS: QpdfWasmFs, name: string): boolean {
  try {
    FS.close(FS.open(name, 'r'));
    return true;
  } catch {
    return false;
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
