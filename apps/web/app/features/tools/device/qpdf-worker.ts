/// <reference lib="webworker" />
// The catalogue's schemas come with the job code: no `new Function` probe, which the CSP would report.
import '~/zod-without-eval';
import createModule from '@neslinesli93/qpdf-wasm';
import type { ToolOptions } from '@paperknife/catalog/tools';
import { type DeviceToolId, isDeviceTool, runQpdfJob } from '@paperknife/qpdf-jobs/qpdf-jobs';
import { heldData } from '@paperknife/qpdf-jobs/memory-files';
import type { QpdfRunner } from '@paperknife/qpdf-jobs/qpdf-runner';
import { type QpdfWasmFactory, createWasmQpdfRunner } from '@paperknife/qpdf-jobs/wasm-qpdf-runner';
import type { DeviceJobMessage, DeviceJobRequest } from './device-protocol';
import { failureOf, noDeviceWay, release, resultBlob } from './worker-replies';

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

async function run(request: DeviceJobRequest): Promise<void> {
  const { job, tool } = request;
  if (!isDeviceTool(tool)) {
    post(noDeviceWay(job));
    return;
  }
  post({ type: 'phase', job, phase: runner ? 'processing' : 'loading' });
  const inputs = request.files.map((file) => ({ name: file.name, file: { bytes: new Uint8Array(file.bytes) } }));
  try {
    const result = await runQpdfJob(tool, inputs, request.options as ToolOptions<DeviceToolId>, qpdf(request.wasmUrl));
    // The inputs' memory goes before the download's Blob is made. What qpdf wrote is a Blob it refers to; an output
    // held as bytes (a build of the module whose file lengths were not found) is copied into it, then freed.
    release(request.files.map((file) => file.bytes));
    const parts = result.files.map((part) => ({ name: part.name, data: heldData(part.file) }));
    const blob = await resultBlob(parts, result.download);
    release(parts.flatMap((part) => (part.data instanceof Uint8Array ? [part.data.buffer] : [])));
    post({ type: 'done', job, blob });
  } catch (error) {
    post(failureOf(job, error));
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
