import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { pdfPageCount } from '@paperknife/engine/testing/pdf-assertions';
import { type TestApp, expectTempEmpty, makeTestApp, multipart, savePdf } from './testing/test-app.js';

/** PDF work never runs on the event loop: the server keeps answering within 100 ms while jobs run. */

let t: TestApp;
let photoPdf: Buffer;
beforeAll(async () => {
  t = await makeTestApp({ concurrency: 4 });
  const pixels = Buffer.from(Array.from({ length: 1200 * 1200 * 3 }, (_, i) => (i * 7919) % 251));
  const jpeg = await sharp(pixels, { raw: { width: 1200, height: 1200, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const page = { image: { jpeg, pixelWidth: 1200, pixelHeight: 1200, x: 36, y: 100, width: 300, height: 300 } };
  photoPdf = makePdf({ pages: Array.from({ length: 6 }, () => page) });
});
afterAll(async () => {
  await t.close();
});

async function measured<T>(work: () => Promise<T>): Promise<{ result: T; maxDelayMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    const result = await work();
    return { result, maxDelayMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}

describe('event loop', () => {
  it('stays under 100 ms of delay while 4 compress jobs run', async () => {
    const { result, maxDelayMs } = await measured(() =>
      Promise.all(
        Array.from({ length: 4 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/functions/v1/compress-pdf',
            ...multipart([{ name: 'photos.pdf', data: photoPdf }], { level: 'high' }),
          }),
        ),
      ),
    );
    for (const response of result) {
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.rawPayload.length).toBeLessThan(photoPdf.length);
      expect(pdfPageCount(await savePdf(response.rawPayload))).toBe(6);
    }
    expect(maxDelayMs).toBeLessThan(100);
    await expectTempEmpty(t.tempDir);
  }, 120_000);

  it('stays under 100 ms while a 16 MB file arrives as base64 JSON', async () => {
    const big = makePdf({
      pages: Array.from({ length: 1500 }, (_, i) => ({ text: [`Page ${i + 1} ${'filler '.repeat(200)}`] })),
    });
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const padded = Buffer.concat([big, Buffer.alloc(16 * 1024 * 1024 - big.length, 0x20)]);
    const payload = JSON.stringify({ files: [{ name: 'big.pdf', data: padded.toString('base64') }], pages: '1' });
    const { result, maxDelayMs } = await measured(() =>
      t.app.inject({
        method: 'POST',
        url: '/functions/v1/extract-pages-pdf',
        payload,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(result.statusCode, result.body.slice(0, 200)).toBe(200);
    expect(pdfPageCount(await savePdf(result.rawPayload))).toBe(1);
    expect(maxDelayMs).toBeLessThan(100);
  }, 60_000);
});
