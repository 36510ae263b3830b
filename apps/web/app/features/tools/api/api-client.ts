import { errorCodes } from '@paperknife/catalog/errors';
import { BUSY_RETRY_AFTER_S } from '@paperknife/catalog/http-api';
import { type ToolId, functionPath } from '@paperknife/catalog/tools';

/** The public client token the pages send (the server accepts it and does not rely on it). */
export const PUBLIC_CLIENT_TOKEN = 'paperknife-web';

export interface ToolResponse {
  blob: Blob;
  /** The name from Content-Disposition (RFC 6266 filename*), if any. */
  fileName: string | undefined;
  headers: (name: string) => string | null;
}

/** How far a job has come on the server (job API only): its stage, and pages done of total when counted. */
export interface ServerProgress {
  stage: string;
  done?: number;
  total?: number;
  percent?: number;
}

export type ToolPhase =
  | { phase: 'uploading'; percent: number }
  | { phase: 'processing'; progress?: ServerProgress }
  | { phase: 'downloading' }
  /** A run in this browser: the qpdf module loading (first run only), then the job. */
  | { phase: 'on-device'; step: 'loading' | 'processing' };

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

/** The error of a request the person cancelled (or whose page went away). */
export const cancelledError = () => new ToolRequestError('aborted', 'The request was cancelled.', 0);

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

export async function errorFromResponse(status: number, body: Blob | null): Promise<ToolRequestError> {
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

/** A request's answer as the browser has it. */
export interface BlobAnswer {
  status: number;
  body: Blob | null;
  header: (name: string) => string | null;
}

export interface BlobRequest {
  method: 'GET' | 'POST';
  url: string;
  body?: FormData;
  signal?: AbortSignal | undefined;
  onUploadProgress?: (percent: number) => void;
  onUploadDone?: () => void;
  /** The first bytes of the answer arrived. */
  onDownload?: () => void;
}

/**
 * One request through XMLHttpRequest (fetch cannot report upload progress), expecting a blob. Resolves with any
 * answer; rejects only when no answer came (network failure, abort).
 */
export function requestBlob(options: BlobRequest): Promise<BlobAnswer> {
  const { signal } = options;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method, options.url);
    request.responseType = 'blob';
    request.setRequestHeader('Authorization', `Bearer ${PUBLIC_CLIENT_TOKEN}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        options.onUploadProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    request.upload.onload = () => options.onUploadDone?.();
    request.onprogress = () => options.onDownload?.();
    request.onerror = () =>
      reject(new ToolRequestError('network_error', 'The connection to the server failed. Check your network.', 0));
    request.onabort = () => reject(cancelledError());
    request.onload = () =>
      resolve({
        status: request.status,
        body: request.response as Blob | null,
        header: (name) => request.getResponseHeader(name),
      });
    if (signal?.aborted) {
      // An unsent request fires no abort event.
      reject(cancelledError());
      return;
    }
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(options.body ?? null);
  });
}

/** Times the page sends a work request again after a `busy` answer before it shows that answer. */
const BUSY_RETRIES = 2;
/** The longest wait the page takes on itself after a `busy`, whatever the server's Retry-After says. */
const BUSY_WAIT_MAX_MS = 10_000;

/**
 * Sends a request that starts work, and sends it again after the server's Retry-After when the answer is `busy`
 * (503: the job queue is full, or the server is overloaded for a moment), up to BUSY_RETRIES times: the person
 * waits a few seconds more instead of reading "try again in a few seconds" and doing it by hand. Any other answer,
 * and the last `busy`, is returned as it came.
 */
async function sentUntilNotBusy(send: () => Promise<BlobAnswer>, signal?: AbortSignal): Promise<BlobAnswer> {
  for (let retry = 0; ; retry += 1) {
    const answer = await send();
    if (retry === BUSY_RETRIES || !(await isBusy(answer))) return answer;
    await waitFor(retryAfterMs(answer.header('Retry-After')), signal);
  }
}

async function isBusy(answer: BlobAnswer): Promise<boolean> {
  if (answer.status !== 503) return false;
  return (await errorFromResponse(answer.status, answer.body)).code === 'busy';
}

function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  if (header === null || !Number.isFinite(seconds) || seconds < 0) return BUSY_RETRY_AFTER_S * 1000;
  return Math.min(BUSY_WAIT_MAX_MS, seconds * 1000);
}

function waitFor(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = () => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', cancelled);
      resolve();
    }, ms);
    if (signal?.aborted) cancelled();
    else signal?.addEventListener('abort', cancelled, { once: true });
  });
}

/** A download answer as the page uses it, or the API error it carries. */
export async function toolResponseOf(answer: BlobAnswer): Promise<ToolResponse> {
  if (answer.status >= 200 && answer.status < 300 && answer.body) {
    return {
      blob: answer.body,
      fileName: dispositionFileName(answer.header('Content-Disposition')),
      headers: answer.header,
    };
  }
  throw await errorFromResponse(answer.status, answer.body);
}

/**
 * POSTs a form to the tool's function (`/functions/v1/{function}`) with real upload progress, then reports
 * processing until the first byte of the answer and downloading until the last.
 */
export async function callTool(
  id: ToolId,
  form: FormData,
  options: { onPhase?: (phase: ToolPhase) => void; signal?: AbortSignal } = {},
): Promise<ToolResponse> {
  return toolResponseOf(await postWork(functionPath(id), form, { ...options, reportsDownload: true }));
}

/**
 * POSTs a form that starts work, reporting the upload's progress, then processing once it is sent (and
 * downloading from the answer's first byte when `reportsDownload`). Sent again while the server answers `busy`
 * (sentUntilNotBusy).
 */
export function postWork(
  url: string,
  form: FormData,
  options: {
    onPhase?: ((phase: ToolPhase) => void) | undefined;
    signal?: AbortSignal | undefined;
    reportsDownload: boolean;
  },
): Promise<BlobAnswer> {
  const { onPhase, signal } = options;
  const send = () => {
    const answer = requestBlob({
      method: 'POST',
      url,
      body: form,
      signal,
      onUploadProgress: (percent) => onPhase?.({ phase: 'uploading', percent }),
      onUploadDone: () => onPhase?.({ phase: 'processing' }),
      ...(options.reportsDownload ? { onDownload: () => onPhase?.({ phase: 'downloading' }) } : {}),
    });
    if (!signal?.aborted) onPhase?.({ phase: 'uploading', percent: 0 });
    return answer;
  };
  return sentUntilNotBusy(send, signal);
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
