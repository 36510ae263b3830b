import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { defaultLimits } from '@paperknife/catalog/limits';
import { qpdfChildRunner } from '@paperknife/engine/qpdf-child-runner';
import type { QpdfFile, QpdfRunner } from '@paperknife/qpdf-jobs/qpdf-runner';
import { heldBytes } from '@paperknife/qpdf-jobs/memory-files';
import { type QpdfWasmFactory, createWasmQpdfRunner } from '@paperknife/qpdf-jobs/wasm-qpdf-runner';

/**
 * The two runners the device benchmarks compare: the server's qpdf (11.3 here) as a child process in a job folder
 * of its own, and qpdf 12.2 compiled to WebAssembly, run in this Node process as the browser runs it in a worker.
 */

const require = createRequire(import.meta.url);
const wasmGlue = require.resolve('@neslinesli93/qpdf-wasm');

/** The WebAssembly runner: each run reads, compiles and starts the module afresh. */
export function wasmRunner(): QpdfRunner {
  return createWasmQpdfRunner({
    createModule: require(wasmGlue) as QpdfWasmFactory,
    locateFile: (name) => join(dirname(wasmGlue), name),
  });
}

/** The server's runner in a fresh job folder; `done` removes the folder. */
export async function nativeRunner(): Promise<{ runner: QpdfRunner; done: () => Promise<void> }> {
  const workDir = await mkdtemp(join(tmpdir(), 'paperknife-device-bench-'));
  const controller = new AbortController();
  const runner = qpdfChildRunner({ workDir, limits: defaultLimits, signal: controller.signal });
  return {
    runner,
    done: async () => {
      controller.abort();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

/** A file's bytes, wherever its runner left it. */
export async function bytesOf(file: QpdfFile): Promise<Uint8Array> {
  return 'path' in file ? new Uint8Array(await readFile(file.path)) : heldBytes(file);
}

/** Milliseconds since `start` (performance.now()), as a table cell. */
export const msSince = (start: number) => `${Math.round(performance.now() - start)} ms`;
