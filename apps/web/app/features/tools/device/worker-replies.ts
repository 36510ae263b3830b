import { ToolError } from '@paperknife/catalog/errors';
import { type Zippable, zipSync } from 'fflate';
import type { DeviceJobMessage } from './device-protocol';

/** What the device workers (qpdf's and MuPDF's) answer the same way. */

type Failure = Extract<DeviceJobMessage, { type: 'failed' }>;

/** A tool with no device way asked of a worker: the page offers the server. */
export const noDeviceWay = (job: number): Failure => ({
  type: 'failed',
  job,
  code: 'no_device_way',
  message: 'This tool runs on the server only.',
  limit: 'no-device-way',
});

/**
 * A job's error as the page reads it: the catalogue's code (a damaged file needs the server's repair), or, for
 * anything else (out of memory, a trap in the module, a wasm that would not load), a failure the server can still do.
 */
export function failureOf(job: number, error: unknown): Failure {
  if (error instanceof ToolError) {
    const limit = error.code === 'damaged_pdf' ? 'needs-repair' : undefined;
    return { type: 'failed', job, code: error.code, message: error.message, ...(limit ? { limit } : {}) };
  }
  return { type: 'failed', job, code: 'internal_error', message: String(error), limit: 'too-large' };
}

/**
 * The result as the page downloads it: its one file (when it bears the download's name), or a ZIP of its parts,
 * stored: they deflate little. A part that is a Blob (what qpdf wrote) stays one: the Blob of a one-file result
 * refers to its bytes, where a Blob of an array copies them.
 */
export async function resultBlob(
  parts: readonly { name: string; data: Uint8Array | Blob }[],
  download: { name: string; contentType: string },
): Promise<Blob> {
  const type = download.contentType;
  const [only] = parts;
  if (parts.length === 1 && only && only.name === download.name) return new Blob([blobPart(only.data)], { type });
  const entries: Zippable = {};
  for (const part of parts) {
    const bytes = part.data instanceof Blob ? new Uint8Array(await part.data.arrayBuffer()) : part.data;
    entries[part.name] = [bytes, { level: 0, mtime: new Date(1980, 0, 1) }];
  }
  return new Blob([zipSync(entries)], { type });
}

const blobPart = (data: Uint8Array | Blob) => (data instanceof Blob ? data : (data as Uint8Array<ArrayBuffer>));

/**
 * Frees buffers the worker no longer needs now, rather than whenever the tab next collects garbage: `transfer(0)`
 * (ES2024) detaches a buffer and releases its bytes. A 100 MB job otherwise holds its input while the download's
 * Blob is made. Where the browser lacks `transfer`, or for a buffer it cannot detach (a WebAssembly memory), the
 * collector frees them later.
 */
export function release(buffers: Iterable<ArrayBufferLike>): void {
  for (const buffer of buffers) {
    try {
      (buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer }).transfer?.(0);
    } catch {
      // Not detachable: left to the collector.
    }
  }
}
