/// <reference lib="webworker" />
// The catalogue's schemas come with the job code: no `new Function` probe, which the CSP would report.
import '~/zod-without-eval';
import createModule from '@neslinesli93/qpdf-wasm';
import { ToolError } from '@paperknife/catalog/errors';
import type { ToolOptions } from '@paperknife/catalog/tools';
import { type DeviceToolId, type JobResult, isDeviceTool, runQpdfJob } from '@paperknife/qpdf-jobs/qpdf-jobs';
import { bytesOf } from '@paperknife/qpdf-jobs/memory-files';
import type { QpdfRunner } from '@paperknife/qpdf-jobs/qpdf-runner';
import { type QpdfWasmFactory, createWasmQpdfRunner } from '@paperknife/qpdf-jobs/wasm-qpdf-runner';
import { type Zippable, zipSync } from 'fflate';
import type { DeviceJobMessage, DeviceJobRequest } from './device-protocol';

/**
 * The device tools' worker: qpdf compiled to WebAssembly, one runner for the page's runs (each qpdf run gets a fresh
 * instance of the module: the runner's rule). It takes a job's files as bytes, runs the same job functions the
 * server runs, and hands the result back as bytes. The page ends this worker to cancel a run (qpdf cannot be
 * interrupted inside one).
 */

declare const self: DedicatedWorkerGlobalScope;

let runner: QpdfRunner | undefined;
let moduleUrl: string | undefined;
let compiled: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * The runner; each qpdf run starts an instance of its own (decision 204), all from one WebAssembly.Module compiled
 * once for this worker: an instance then costs its memory and start-up only, and the code V8 optimised during
 * earlier runs serves the next ones, where a module compiled per run would start cold every time.
 */
function qpdf(wasmUrl: string): QpdfRunner {
  moduleUrl = wasmUrl;
  compiled ??= WebAssembly.compileStreaming(fetch(wasmUrl)).catch((error: unknown) => {
    // The glue then fetches and compiles the wasm itself, and reports what goes wrong.
    console.warn('qpdf: the module could not be compiled ahead', error);
    return undefined;
  });
  runner ??= createWasmQpdfRunner({
    createModule: fromCompiled(createModule as unknown as QpdfWasmFactory, compiled),
    locateFile: () => moduleUrl!,
  });
  return runner;
}

/**
 * The module's factory, handing it the compiled module. This build of the glue has no `instantiateWasm` hook: it
 * calls `fetch(url)` and `WebAssembly.instantiateStreaming` synchronously inside the factory call, so for that call
 * only (nothing else runs in between: the worker's one thread is in it) those two answer with an instance of the
 * compiled module. Should a later glue call them otherwise, it fetches and compiles the wasm itself, as before.
 */
function fromCompiled(factory: QpdfWasmFactory, ready: Promise<WebAssembly.Module | undefined>): QpdfWasmFactory {
  return async (options) => {
    const module = await ready;
    if (!module) return factory(options);
    const { instantiateStreaming } = WebAssembly;
    const { fetch } = self;
    self.fetch = () => Promise.resolve(new Response(null));
    WebAssembly.instantiateStreaming = async (_source, imports) => ({
      module,
      instance: await WebAssembly.instantiate(module, imports),
    });
    try {
      return factory(options);
    } finally {
      self.fetch = fetch;
      WebAssembly.instantiateStreaming = instantiateStreaming;
    }
  };
}

const post = (message: DeviceJobMessage, transfer: Transferable[] = []) => self.postMessage(message, transfer);

/** The one file of a result, or a ZIP of its parts (Split PDF's), stored: PDFs deflate little. */
function resultBytes(result: JobResult): Uint8Array {
  const [only] = result.files;
  if (result.files.length === 1 && only && only.name === result.download.name) return bytesOf(only.file);
  const entries: Zippable = {};
  for (const part of result.files) entries[part.name] = [bytesOf(part.file), { level: 0, mtime: new Date(1980, 0, 1) }];
  return zipSync(entries);
}

async function run(request: DeviceJobRequest): Promise<void> {
  const { job, tool } = request;
  if (!isDeviceTool(tool)) {
    post({
      type: 'failed',
      job,
      code: 'no_device_way',
      message: 'This tool runs on the server only.',
      limit: 'no-device-way',
    });
    return;
  }
  post({ type: 'phase', job, phase: runner ? 'processing' : 'loading' });
  const inputs = request.files.map((file) => ({ name: file.name, file: { bytes: new Uint8Array(file.bytes) } }));
  try {
    const result = await runQpdfJob(tool, inputs, request.options as ToolOptions<DeviceToolId>, qpdf(request.wasmUrl));
    const bytes = resultBytes(result);
    // A view of the module's memory is copied out; a buffer of our own is handed over as it is.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    post({ type: 'done', job, bytes: own.buffer as ArrayBuffer, contentType: result.download.contentType }, [
      own.buffer,
    ]);
  } catch (error) {
    if (error instanceof ToolError) {
      const limit = error.code === 'damaged_pdf' ? 'needs-repair' : undefined;
      post({ type: 'failed', job, code: error.code, message: error.message, ...(limit ? { limit } : {}) });
    } else {
      // Out of memory or a trap in the module (its instance is dropped): the server can still do the job.
      post({ type: 'failed', job, code: 'internal_error', message: String(error), limit: 'too-large' });
    }
  }
}

self.addEventListener('message', ({ data }: MessageEvent<DeviceJobRequest | { type: 'warm-up'; wasmUrl: string }>) => {
  if (data.type === 'warm-up') void warmUp(data.wasmUrl);
  else void run(data);
});

/** Fetches and compiles the module before the first job (the visitor chose this way). */
async function warmUp(wasmUrl: string): Promise<void> {
  await qpdf(wasmUrl)
    .run({ args: ['--version'], inputs: new Map(), outputs: [] })
    .catch(() => undefined); // the first job reports what went wrong
}
