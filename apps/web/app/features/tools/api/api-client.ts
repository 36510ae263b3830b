import { errorCodes } from '@paperknife/catalog/errors';
import { type ToolId, functionPath } from '@paperknife/catalog/tools';

/** The public client token the pages send (the server accepts it and does not rely on it). */
export const PUBLIC_CLIENT_TOKEN = 'paperknife-web';

export interface ToolResponse {
  blob: Blob;
  /** The name from Content-Disposition (RFC 6266 filename*), if any. */
  fileName: string | undefined;
  headers: (name: string) => string | null;
}

export type ToolPhase = { phase: 'uploading'; percent: number } | { phase: 'processing' } | { phase: 'downloading' };

export class ToolRequestError extends Error {
  override readonly name = 'ToolRequestError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The file name of a Content-Disposition header: the UTF-8 `filename*` when present, else `filename`. */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
}

async function errorFromResponse(status: number, body: Blob | null): Promise<ToolRequestError> {
  try {
    const parsed = JSON.parse((await body?.text()) ?? '') as { error?: { code?: unknown; message?: unknown } };
    const code = parsed.error?.code;
    const message = parsed.error?.message;
    if (typeof code === 'string' && typeof message === 'string') return new ToolRequestError(code, message, status);
  } catch {
    // not our JSON: a proxy or a network page
  }
  if (status === 413) return new ToolRequestError('file_too_large', errorCodes.file_too_large.message, status);
  return new ToolRequestError('internal_error', `The server answered with status ${status}.`, status);
}

/**
 * POSTs a form to the tool's function (`/functions/v1/{function}`) with real upload progress (XMLHttpRequest: fetch cannot report
 * it), then reports processing until the first byte of the answer and downloading until the last.
 */
export function callTool(
  id: ToolId,
  form: FormData,
  options: { onPhase?: (phase: ToolPhase) => void; signal?: AbortSignal } = {},
): Promise<ToolResponse> {
  const { onPhase, signal } = options;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', functionPath(id));
    request.responseType = 'blob';
    request.setRequestHeader('Authorization', `Bearer ${PUBLIC_CLIENT_TOKEN}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onPhase?.({ phase: 'uploading', percent: Math.min(100, Math.round((event.loaded / event.total) * 100)) });
      }
    };
    request.upload.onload = () => onPhase?.({ phase: 'processing' });
    request.onprogress = () => onPhase?.({ phase: 'downloading' });
    request.onerror = () =>
      reject(new ToolRequestError('network_error', 'The connection to the server failed. Check your network.', 0));
    request.onabort = () => reject(new ToolRequestError('aborted', 'The request was cancelled.', 0));
    request.onload = () => {
      const body = request.response as Blob | null;
      if (request.status >= 200 && request.status < 300 && body) {
        resolve({
          blob: body,
          fileName: dispositionFileName(request.getResponseHeader('Content-Disposition')),
          headers: (name) => request.getResponseHeader(name),
        });
      } else {
        void errorFromResponse(request.status, body).then(reject);
      }
    };
    if (signal?.aborted) {
      request.abort();
      return;
    }
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    onPhase?.({ phase: 'uploading', percent: 0 });
    request.send(form);
  });
}

/** Saves a blob through a temporary link, as the seed does. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
