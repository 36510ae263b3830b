/// <reference lib="webworker" />
// The catalogue's schemas come with the job code: no `new Function` probe, which the CSP would report.
import '~/zod-without-eval';
import type { ToolOptions } from '@paperknife/catalog/tools';
import {
  type MupdfDeviceToolId,
  type MupdfJobResult,
  isMupdfDeviceTool,
  runMupdfJob,
} from '@paperknife/mupdf-jobs/mupdf-jobs';
import type { Mupdf } from '@paperknife/mupdf-jobs/mupdf-module';
import type { DeviceJobMessage, DeviceJobRequest } from './device-protocol';
import { failureOf, noDeviceWay, resultBlob } from './worker-replies';

/**
 * The MuPDF device tools' worker (decision 211): mupdf.js, its WebAssembly fetched from our origin the first time a
 * job (or the visitor's choice) needs it, and the same job functions the server's MuPDF tasks share. A job's file
 * comes in as bytes, the result goes back as bytes. The page ends this worker to cancel a run.
 */

declare const self: DedicatedWorkerGlobalScope;

let loading: Promise<Mupdf> | undefined;

/** mupdf.js compiles its wasm as it is imported (the bundler hashes the file and points the module at it). */
const loadMupdf = (): Promise<Mupdf> =>
  (loading ??= import('mupdf').catch((error: unknown) => {
    loading = undefined; // the next job tries again
    throw error;
  }));

const post = (message: DeviceJobMessage, transfer: Transferable[] = []) => self.postMessage(message, transfer);

/** This worker's script, and the scripts and wasm it fetched, for the page to keep for offline use. */
const loadedUrls = () => [self.location.href, ...performance.getEntriesByType('resource').map((entry) => entry.name)];

/**
 * A job with OCR of scanned pages asked for (Extract Text's `ocr: 'auto'`), on a file with such pages: the server
 * would recognise them, the device cannot, so the page asks rather than pass a text without them off as the server's.
 */
const needsOcr = (request: DeviceJobRequest, result: MupdfJobResult) =>
  request.options['ocr'] !== 'never' && (result.scannedPages?.length ?? 0) > 0;

async function run(request: DeviceJobRequest): Promise<void> {
  const { job, tool } = request;
  if (!isMupdfDeviceTool(tool)) {
    post(noDeviceWay(job));
    return;
  }
  post({ type: 'phase', job, phase: loading ? 'processing' : 'loading' });
  try {
    const mupdf = await loadMupdf();
    post({ type: 'phase', job, phase: 'processing' });
    const inputs = request.files.map((file) => ({ name: file.name, bytes: new Uint8Array(file.bytes) }));
    const result = await runMupdfJob(tool, inputs, request.options as ToolOptions<MupdfDeviceToolId>, mupdf);
    if (needsOcr(request, result)) {
      const message = `Pages ${result.scannedPages!.join(', ')} look scanned: their text needs OCR, which our server does.`;
      post({ type: 'failed', job, code: 'needs_ocr', message, limit: 'needs-ocr' });
      return;
    }
    const parts = result.files.map((file) => ({ name: file.name, data: file.bytes }));
    post({
      type: 'done',
      job,
      blob: await resultBlob(parts, result.download),
      fileName: result.download.name,
      headers: result.headers,
      loaded: loadedUrls(),
    });
  } catch (error) {
    post(failureOf(job, error));
  }
}

self.addEventListener('message', ({ data }: MessageEvent<DeviceJobRequest | { type: 'warm-up' }>) => {
  if (data.type === 'warm-up')
    void loadMupdf().catch(() => undefined); // the first job reports what went wrong
  else void run(data);
});
