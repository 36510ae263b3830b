import type { ToolId } from '@paperknife/catalog/tools';

/** The messages between a tool page and its qpdf worker (`qpdf-worker.ts`). */

/** Why a job cannot run in the browser, so the page asks before uploading instead. */
export type DeviceLimit = 'needs-repair' | 'too-large' | 'no-device-way';

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
  | { type: 'done'; job: number; bytes: ArrayBuffer; contentType: string }
  | { type: 'failed'; job: number; code: string; message: string; limit?: DeviceLimit };
