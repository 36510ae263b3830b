import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { pdfPageCount } from '@paperknife/engine/testing/pdf-assertions';
import { appPerTest, multipart, savePdf } from './testing/test-app.js';

/** Each limit of the environment, set tiny, answered with its code, leaving nothing behind. */

const app = appPerTest();

/** A valid PDF of about `bytes` bytes (text pages until it is big enough). */
function pdfOfSize(bytes: number): Buffer {
  const lines = Array.from({ length: 40 }, (_, i) => `Line ${i} of filler text for a larger fixture page.`);
  const pages = Math.max(1, Math.ceil(bytes / 2600));
  return makePdf({ pages: Array.from({ length: pages }, () => ({ text: lines })) });
}

describe('limits', () => {
  it('a file over the size limit is refused while it streams, before the upload ends', async () => {
    const t = await app({ limits: { maxFileBytes: 20 * 1024 } });
    const url = new URL(await t.listen());
    const { payload, headers } = multipart([{ name: 'big.pdf', data: pdfOfSize(200 * 1024) }]);
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, method: 'POST', path: '/functions/v1/rotate-pdf', headers },
        (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      // Chunked, and never finished: the answer has to come from the first 64 KB alone.
      req.write(payload.subarray(0, 64 * 1024));
    });
    expect(status.status).toBe(413);
    expect(JSON.parse(status.body)).toEqual({
      error: { code: 'file_too_large', message: 'Each file can be at most 20 KB.' },
    });
  });

  it('the total of a request is counted while it streams', async () => {
    const t = await app({ limits: { maxFileBytes: 40 * 1024, maxRequestBytes: 50 * 1024 } });
    const file = pdfOfSize(30 * 1024);
    expect(file.length).toBeLessThan(40 * 1024);
    const { payload, headers } = multipart([
      { field: 'files', name: 'a.pdf', data: file },
      { field: 'files', name: 'b.pdf', data: file },
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/functions/v1/merge-pdf', payload, headers });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'file_too_large', message: /add up to at most/ } });
  });

  it('a declared length over the limit is refused before anything is read', async () => {
    const t = await app({ limits: { maxRequestBytes: 10 * 1024 } });
    const { payload, headers } = multipart([{ name: 'a.pdf', data: Buffer.alloc(3 * 1024 * 1024, 1) }]);
    const response = await t.app.inject({ method: 'POST', url: '/functions/v1/rotate-pdf', payload, headers });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'file_too_large' } });
  });

  it('JSON bodies have the same limits', async () => {
    const t = await app({ limits: { maxFileBytes: 20 * 1024 } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/rotate-pdf',
      payload: { files: [{ name: 'a.pdf', data: pdfOfSize(60 * 1024).toString('base64') }] },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'file_too_large' } });
  });

  it('files per request', async () => {
    const t = await app({ limits: { maxFiles: 3 } });
    const files = [1, 2, 3, 4].map((n) => ({ field: 'files', name: `${n}.pdf`, data: makePdf() }));
    const { payload, headers } = multipart(files);
    const response = await t.app.inject({ method: 'POST', url: '/functions/v1/merge-pdf', payload, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'too_many_files', message: 'Send at most 3 files in one request.' },
    });
    const three = multipart(files.slice(0, 3));
    const ok = await t.app.inject({ method: 'POST', url: '/functions/v1/merge-pdf', ...three });
    expect(ok.statusCode).toBe(200);
    expect(pdfPageCount(await savePdf(ok.rawPayload))).toBe(3);
  });

  it('pages per document', async () => {
    const t = await app({ limits: { maxPages: 2 } });
    const { payload, headers } = multipart([{ name: 'a.pdf', data: makePdf({ pageCount: 3 }) }]);
    const response = await t.app.inject({ method: 'POST', url: '/functions/v1/rotate-pdf', payload, headers });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'too_many_pages', message: /3 pages; the limit is 2/ } });
  });

  it('job time: a job past its time is stopped with processing_timeout and Retry-After', async () => {
    const t = await app({ limits: { jobTimeoutMs: 1 } });
    const { payload, headers } = multipart([{ name: 'a.pdf', data: makePdf({ pageCount: 3 }) }]);
    const response = await t.app.inject({ method: 'POST', url: '/functions/v1/rotate-pdf', payload, headers });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.json()).toMatchObject({ error: { code: 'processing_timeout' } });
  });

  it('rate limit per client address: 429 rate_limited with Retry-After', async () => {
    const t = await app({ rateLimit: 2 });
    const send = () => t.app.inject({ method: 'POST', url: '/functions/v1/rotate-pdf', ...multipart([]) });
    expect((await send()).statusCode).toBe(400);
    expect((await send()).statusCode).toBe(400);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited', message: /Wait \d+ seconds/ } });
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/rotate-pdf',
      remoteAddress: '10.0.0.9',
      ...multipart([]),
    });
    expect(other.statusCode).toBe(400);
  });
});
