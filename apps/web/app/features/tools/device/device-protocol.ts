import type { ToolId } from '@paperknife/catalog/tools';

/** The messages between a tool page and its device workers (`qpdf-worker.ts`, `mupdf-worker.ts`). */

/**
 * The WebAssembly engine of a tool's device way: qpdf for the page tools (decision 205), mupdf.js for the tools that
 * draw or read pages (decision 211). Each is its own worker and its own one-time download.
 */
export type DeviceEngine = 'qpdf' | 'mupdf';

/** Why a job cannot run in the browser, so the page asks before uploading instead. */
export type DeviceLimit = 'needs-repair' | 'needs-ocr' | 'too-large' | 'no-device-way';

export interface DeviceJobRequest {
  type: 'run';
  job: number;
  tool: ToolId;
  /** The qpdf module's own URL (hashed asset of this build): the worker fetches it once. */
  wasmUrl: string;
  /** The files' bytes, handed over (transferred), not copied. */
  files: { name: string; bytes: ArrayBuffer }[];
  /** The options as the catalogue's schema parsed them on the page. */
  options: Record<string, unknown>;
}

export type DeviceJobMessage =
  | { type: 'phase'; job: number; phase: 'loading' | 'processing' }
  | {
      type: 'done';
      job: number;
      /**
       * The result, made a Blob in the worker: the page gets a handle, not a copy of the bytes, and the worker's
       * arrays are free to go once it is made.
       */
      blob: Blob;
      /** The download's name when it is not the catalogue's (PDF to JPG of one page: `page-1.jpg`). */
      fileName?: string;
      /** The headers the server's answer carries for the same result (`X-Pages-With-Broken-Images`, ...). */
      headers?: Record<string, string>;
      /** What the worker fetched (its module and wasm), for the page to keep for offline use. */
      loaded?: string[];
    }
  | { type: 'failed'; job: number; code: string; message: string; limit?: DeviceLimit };
