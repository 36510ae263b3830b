import type { ToolId } from '@paperknife/catalog/tools';
import wasmUrl from '@neslinesli93/qpdf-wasm/dist/qpdf.wasm?url';
import { type ToolPhase, type ToolResponse, ToolRequestError, cancelledError } from '~/features/tools/api/api-client';
import type { DeviceEngine, DeviceJobMessage, DeviceJobRequest, DeviceLimit } from './device-protocol';
import { DEVICE_MAX_FILE_BYTES } from './device-tools';
import { keepForOffline } from './offline';
import { holdPreviews } from './previews-wait';

/**
 * The page's side of running a tool in the browser: one worker per engine (qpdf, or mupdf.js for the tools that
 * draw and read pages) for as long as the page lives, the files handed over as bytes (transferred, not copied), the
 * result back as bytes. Loaded only once the visitor has chosen "On this device", so neither the workers nor the
 * wasm are part of a tool page's first download; the MuPDF worker starts only on a MuPDF tool.
 */

/** A job the browser cannot do; the page asks before sending it to the server instead. */
export class DeviceLimitError extends Error {
  override readonly name = 'DeviceLimitError';
  constructor(
    readonly limit: DeviceLimit,
    message: string,
  ) {
    super(message);
  }
}

let worker: Worker | undefined;
let mupdfWorker: Worker | undefined;
let nextJob = 1;

function startWorker(engine: DeviceEngine = 'qpdf'): Worker {
  if (engine === 'mupdf') {
    mupdfWorker ??= new Worker(new URL('./mupdf-worker.ts', import.meta.url), { type: 'module', name: 'mupdf' });
    return mupdfWorker;
  }
  worker ??= new Worker(new URL('./qpdf-worker.ts', import.meta.url), { type: 'module', name: 'qpdf' });
  return worker;
}

/** Starts the worker and its wasm download now (the visitor chose this way), and keeps them for offline use. */
export function warmUpDevice(engine: DeviceEngine = 'qpdf'): void {
  const started = !(engine === 'mupdf' ? mupdfWorker : worker);
  const running = startWorker(engine);
  if (started) running.postMessage({ type: 'warm-up', wasmUrl });
  // The MuPDF worker's wasm is its script's own asset: kept once a job names what the worker loaded.
  if (engine === 'qpdf') keepForOffline([wasmUrl]);
}

/** The User Timing name of each job the device ran (`performance.getEntriesByName`). */
export const DEVICE_JOB_MEASURE = 'paperknife:device-job';

export interface DeviceRunOptions {
  onPhase?: (phase: ToolPhase) => void;
  signal?: AbortSignal;
  /** The tool's engine (`deviceEngineOf`), named by the page so this module does not carry the tool lists. */
  engine?: DeviceEngine | undefined;
}

/**
 * Runs `tool` on `files` in the worker. Rejects with DeviceLimitError when the browser cannot do the job, with
 * ToolRequestError (the catalogue's code) when the job itself fails, and with `aborted` when `signal` fires:
 * qpdf cannot be interrupted inside a run, so the worker is ended and the next run starts a new one.
 */
export async function runOnDevice(
  tool: ToolId,
  files: readonly File[],
  options: Record<string, unknown>,
  settings: DeviceRunOptions = {},
): Promise<ToolResponse> {
  const started = performance.now();
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > DEVICE_MAX_FILE_BYTES)
    throw new DeviceLimitError('too-large', 'These files are too large for this device.');
  const previewsHeld = holdPreviews();
  try {
    return await runInWorker(tool, files, options, settings, started);
  } finally {
    previewsHeld();
  }
}

async function runInWorker(
  tool: ToolId,
  files: readonly File[],
  options: Record<string, unknown>,
  { onPhase, signal, engine = 'qpdf' }: DeviceRunOptions,
  started: number,
): Promise<ToolResponse> {
  const buffers = await Promise.all(files.map((file) => file.arrayBuffer()));
  if (signal?.aborted) throw cancelledError();
  const running = startWorker(engine);
  const job = nextJob++;
  const request: DeviceJobRequest = {
    type: 'run',
    job,
    tool,
    wasmUrl,
    files: files.map((file, index) => ({ name: file.name, bytes: buffers[index]! })),
    options,
  };
  const answer = await new Promise<Extract<DeviceJobMessage, { type: 'done' }>>((resolve, reject) => {
    const stop = () => {
      running.removeEventListener('message', onMessage);
      running.removeEventListener('error', onError);
      signal?.removeEventListener('abort', onAbort);
    };
    const onMessage = ({ data }: MessageEvent<DeviceJobMessage>) => {
      if (data.job !== job) return;
      if (data.type === 'phase') {
        onPhase?.({ phase: 'on-device', step: data.phase });
        return;
      }
      stop();
      if (data.type === 'done') {
        resolve(data);
        return;
      }
      // A trap may leave mupdf.js's memory broken: the next run starts a fresh worker.
      if (data.code === 'internal_error' && engine === 'mupdf') endWorker(engine);
      if (data.limit) reject(new DeviceLimitError(data.limit, data.message));
      else reject(new ToolRequestError(data.code, data.message, 0));
    };
    const onError = (event: ErrorEvent) => {
      stop();
      endWorker(engine);
      // The worker died (out of memory, or its script or wasm could not load): the server can still do it.
      reject(new DeviceLimitError('too-large', event.message || 'The browser could not run this job.'));
    };
    const onAbort = () => {
      stop();
      endWorker(engine);
      reject(cancelledError());
    };
    running.addEventListener('message', onMessage);
    running.addEventListener('error', onError);
    signal?.addEventListener('abort', onAbort, { once: true });
    running.postMessage(
      request,
      request.files.map((file) => file.bytes),
    );
  });
  keepForOffline(engine === 'mupdf' ? (answer.loaded ?? []) : [wasmUrl]);
  const { blob } = answer;
  // From the files to the result's bytes, for the browser's performance panel (and bench/device).
  performance.measure(DEVICE_JOB_MEASURE, { start: started, detail: { tool } });
  const headers = answer.headers ?? {};
  return { blob, fileName: answer.fileName, headers: (name) => headers[name] ?? null };
}

function endWorker(engine: DeviceEngine): void {
  if (engine === 'mupdf') {
    mupdfWorker?.terminate();
    mupdfWorker = undefined;
    return;
  }
  worker?.terminate();
  worker = undefined;
}
