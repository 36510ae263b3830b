import type { ToolId } from '@paperknife/catalog/tools';
import { errorCodes } from '@paperknife/catalog/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, installFakeXhr, latestRequest } from '~/testing/fake-xhr';
import {
  PUBLIC_CLIENT_TOKEN,
  type ToolPhase,
  ToolRequestError,
  callTool,
  dispositionFileName,
  saveBlob,
} from './api-client';

let removeFakeXhr: () => void;
beforeEach(() => {
  removeFakeXhr = installFakeXhr();
});
afterEach(() => {
  removeFakeXhr();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const pdfBlob = () => new Blob(['%PDF-1.7 result'], { type: 'application/pdf' });

/** Starts a call and collects its phases; the fake request is the server's side. */
function start(id: ToolId = 'rotate-pdf', options: { signal?: AbortSignal } = {}) {
  const form = new FormData();
  form.append('angle', '90');
  const phases: ToolPhase[] = [];
  const result = callTool(id, form, { ...options, onPhase: (phase) => phases.push(phase) });
  // Settle the promise's outcome now so a rejection is never reported as unhandled before the test awaits it.
  const outcome = result.then(
    (response) => ({ ok: true as const, response }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return { form, phases, result, outcome, request: latestRequest() };
}

async function rejection(outcome: Promise<{ ok: boolean; error?: unknown }>): Promise<ToolRequestError> {
  const settled = await outcome;
  expect(settled.ok).toBe(false);
  expect(settled.error).toBeInstanceOf(ToolRequestError);
  return settled.error as ToolRequestError;
}

describe('callTool: the request', () => {
  it('POSTs the form to /functions/v1/{function} with the public client token, expecting a blob', () => {
    const { form, request } = start('page-numbers');
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/functions/v1/page-numbers-pdf');
    expect(request.requestHeaders['authorization']).toBe(`Bearer ${PUBLIC_CLIENT_TOKEN}`);
    expect(request.responseType).toBe('blob');
    expect(request.sent).toBe(true);
    expect(request.body).toBe(form);
  });

  it('reports real upload progress, then processing, then downloading', async () => {
    const { phases, request, result } = start();
    expect(phases).toEqual([{ phase: 'uploading', percent: 0 }]);

    request.uploadProgress(250, 1000);
    request.uploadProgress(0, 0, false); // the browser does not know the size: nothing to report
    request.uploadProgress(2, 3);
    request.uploadProgress(1000, 1000);
    expect(phases.slice(1)).toEqual([
      { phase: 'uploading', percent: 25 },
      { phase: 'uploading', percent: 67 },
      { phase: 'uploading', percent: 100 },
    ]);

    request.uploadDone();
    expect(phases.at(-1)).toEqual({ phase: 'processing' });

    request.respond(200, pdfBlob());
    expect(phases.at(-1)).toEqual({ phase: 'downloading' });
    await result;
  });
});

describe('callTool: answers', () => {
  it('gives the blob, the Content-Disposition name and the response headers on success', async () => {
    const { request, result } = start('compress-pdf');
    const blob = pdfBlob();
    request.uploadDone();
    request.respond(200, blob, {
      'Content-Disposition': `attachment; filename="r_sum_ _final_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22.pdf`,
      'X-Original-Size': '2000',
      'X-Output-Size': '1500',
    });
    const response = await result;
    expect(response.blob).toBe(blob);
    expect(await response.blob.text()).toBe('%PDF-1.7 result');
    expect(response.fileName).toBe('résumé "final".pdf');
    expect(response.headers('x-original-size')).toBe('2000');
    expect(response.headers('X-Output-Size')).toBe('1500');
    expect(response.headers('Retry-After')).toBeNull();
  });

  it('has no file name when the server sends none', async () => {
    const { request, result } = start();
    request.respond(200, pdfBlob());
    expect((await result).fileName).toBeUndefined();
  });

  it('turns an API error body into a ToolRequestError with the server’s code, message and status', async () => {
    const { request, outcome } = start();
    request.uploadDone();
    request.respondWithError(422, 'encrypted_pdf', 'This PDF is password-protected: unlock it first with Unlock PDF.');
    const error = await rejection(outcome);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ToolRequestError');
    expect(error.code).toBe('encrypted_pdf');
    expect(error.message).toBe('This PDF is password-protected: unlock it first with Unlock PDF.');
    expect(error.status).toBe(422);
  });

  it('keeps a message the server wrote for this request', async () => {
    const { request, outcome } = start('extract-pages');
    request.respondWithError(400, 'page_out_of_range', 'Page 12 does not exist: this PDF has 10 pages.');
    const error = await rejection(outcome);
    expect([error.code, error.message, error.status]).toEqual([
      'page_out_of_range',
      'Page 12 does not exist: this PDF has 10 pages.',
      400,
    ]);
  });

  it('explains a 413 without our JSON (a proxy’s page) as file_too_large', async () => {
    const { request, outcome } = start();
    request.respond(413, new Blob(['<html>Request Entity Too Large</html>'], { type: 'text/html' }));
    const error = await rejection(outcome);
    expect([error.code, error.message, error.status]).toEqual([
      'file_too_large',
      errorCodes.file_too_large.message,
      413,
    ]);
  });

  it('names the status of any other answer without our JSON', async () => {
    const { request, outcome } = start();
    request.respond(502, new Blob(['Bad Gateway']));
    const error = await rejection(outcome);
    expect([error.code, error.message, error.status]).toEqual([
      'internal_error',
      'The server answered with status 502.',
      502,
    ]);
  });

  it('rejects a failed connection as network_error', async () => {
    const { request, outcome } = start();
    request.uploadProgress(10, 100);
    request.failNetwork();
    const error = await rejection(outcome);
    expect([error.code, error.message, error.status]).toEqual([
      'network_error',
      'The connection to the server failed. Check your network.',
      0,
    ]);
  });

  it('aborts the request when the signal fires and rejects as aborted', async () => {
    const controller = new AbortController();
    const { request, outcome } = start('rotate-pdf', { signal: controller.signal });
    request.uploadProgress(10, 100);
    expect(request.aborted).toBe(false);
    controller.abort();
    expect(request.aborted).toBe(true);
    const error = await rejection(outcome);
    expect([error.code, error.message]).toEqual(['aborted', 'The request was cancelled.']);
  });

  it('sends nothing when the signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort();
    const { request, outcome } = start('rotate-pdf', { signal: controller.signal });
    expect(request.sent).toBe(false);
    expect((await rejection(outcome)).code).toBe('aborted');
  });
});

describe('callTool: a busy server', () => {
  const busy = () =>
    new Blob([JSON.stringify({ error: { code: 'busy', message: 'The server is busy right now.' } })], {
      type: 'application/json',
    });
  /** The request the page sends next, once it has sent `count` in all. */
  const request = async (count: number) => {
    await vi.waitFor(() => expect(FakeXhr.requests).toHaveLength(count));
    return latestRequest();
  };

  it('sends the form again after the Retry-After, and gives the answer that follows', async () => {
    const { form, phases, request: first, result } = start();
    first.respond(503, busy(), { 'Retry-After': '0' });
    const second = await request(2);
    expect([second.method, second.url, second.body]).toEqual(['POST', '/functions/v1/rotate-pdf', form]);
    second.respond(200, pdfBlob());
    expect(await (await result).blob.text()).toBe('%PDF-1.7 result');
    expect(phases.filter((phase) => phase.phase === 'uploading')).toHaveLength(2);
  });

  it('shows the third busy answer in a row: the server stays busy', async () => {
    const { request: first, outcome } = start();
    first.respond(503, busy(), { 'Retry-After': '0' });
    (await request(2)).respond(503, busy(), { 'Retry-After': '0' });
    (await request(3)).respond(503, busy(), { 'Retry-After': '0' });
    expect(await rejection(outcome)).toMatchObject({ code: 'busy', status: 503 });
    expect(FakeXhr.requests).toHaveLength(3);
  });

  it('does not send again a 503 that is not busy (a balancer with no server behind it)', async () => {
    const { request: first, outcome } = start();
    first.respond(503, new Blob(['Service Unavailable']), { 'Retry-After': '0' });
    expect(await rejection(outcome)).toMatchObject({ code: 'internal_error', status: 503 });
    expect(FakeXhr.requests).toHaveLength(1);
  });

  it('stops waiting when the person cancels, and sends nothing more', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const { request: first, outcome } = start('rotate-pdf', { signal: controller.signal });
    first.respond(503, busy(), { 'Retry-After': '5' });
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    expect(await rejection(outcome)).toMatchObject({ code: 'aborted' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeXhr.requests).toHaveLength(1);
  });
});

describe('dispositionFileName', () => {
  it('prefers the UTF-8 filename* and falls back to the plain name', () => {
    expect(dispositionFileName(`attachment; filename="a.pdf"; filename*=UTF-8''%C3%A9t%C3%A9.pdf`)).toBe('été.pdf');
    expect(dispositionFileName('attachment; filename="merged-document.pdf"')).toBe('merged-document.pdf');
    expect(dispositionFileName('attachment; filename=split-pages.zip')).toBe('split-pages.zip');
    // A broken encoding falls back to the plain name rather than failing the download.
    expect(dispositionFileName(`attachment; filename="plain.pdf"; filename*=UTF-8''%E0%A4%A.pdf`)).toBe('plain.pdf');
  });

  it('gives nothing without a header or a name', () => {
    expect(dispositionFileName(null)).toBeUndefined();
    expect(dispositionFileName('attachment')).toBeUndefined();
  });
});

describe('saveBlob', () => {
  it('downloads through a temporary link named after the file, and frees the blob URL later', () => {
    vi.useFakeTimers();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/result');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    const blob = pdfBlob();
    saveBlob(blob, 'rotated-document.pdf');

    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('rotated-document.pdf');
    expect(clicked[0]?.href).toBe('blob:http://localhost/result');
    expect(clicked[0]?.isConnected).toBe(false);
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/result');
  });
});
