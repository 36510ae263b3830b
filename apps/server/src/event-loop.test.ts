import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { pdfPageCount } from '@paperknife/engine/testing/pdf-assertions';
import { type TestApp, expectTempEmpty, makeTestApp, multipart, savePdf } from './testing/test-app.js';

/**
 * PDF work never runs on the event loop: the server keeps answering while jobs run.
 *
 * With 4 compress jobs on 2 cores shared with other work, the loop still waits on the OS scheduler and on garbage
 * collection of the uploads and answers: pauses near 100 ms happen without anything being wrong (91 ms measured at
 * a load average of 12). A loop that ran the PDF work would stop for a job's whole work instead, seconds under
 * that load; the test checks the jobs take at least twice the bound, so such a stop cannot slip under it. The
 * bound sits between the two: well above scheduling noise, well below one job.
 */
const COMPRESS_LOOP_BOUND_MS = 300;
/** The first compress answer comes no sooner than this, so running a job on the loop would break the bound. */
const COMPRESS_JOB_MIN_MS = 2 * COMPRESS_LOOP_BOUND_MS;
const JSON_LOOP_BOUND_MS = 250;

let t: TestApp;
let photoPdf: Buffer;
beforeAll(async () => {
  // Made before the app starts: building the pixels holds the loop, and the app's overload guard would then
  // turn the first jobs away as busy.
  const pixels = Buffer.alloc(1200 * 1200 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  const jpeg = await sharp(pixels, { raw: { width: 1200, height: 1200, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const page = { image: { jpeg, pixelWidth: 1200, pixelHeight: 1200, x: 36, y: 100, width: 300, height: 300 } };
  photoPdf = makePdf({ pages: Array.from({ length: 6 }, () => page) });
  t = await makeTestApp({ concurrency: 4 });
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
  it(`stays under ${COMPRESS_LOOP_BOUND_MS} ms of delay while 4 compress jobs run`, async () => {
    const started = performance.now();
    const jobMs: number[] = [];
    const { result, maxDelayMs } = await measured(() =>
      Promise.all(
        Array.from({ length: 4 }, async () => {
          const response = await t.app.inject({
            method: 'POST',
            url: '/functions/v1/compress-pdf',
            ...multipart([{ name: 'photos.pdf', data: photoPdf }], { level: 'high' }),
          });
          jobMs.push(performance.now() - started);
          return response;
        }),
      ),
    );
    for (const response of result) {
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.rawPayload.length).toBeLessThan(photoPdf.length);
      expect(pdfPageCount(await savePdf(response.rawPayload))).toBe(6);
    }
    // Jobs long enough that one run on the loop would show as a delay far past the bound.
    expect(Math.min(...jobMs)).toBeGreaterThan(COMPRESS_JOB_MIN_MS);
    expect(maxDelayMs).toBeLessThan(COMPRESS_LOOP_BOUND_MS);
    await expectTempEmpty(t.tempDir);
  }, 120_000);

  // Parsing the JSON body and decoding its base64 run on the loop by design: 30-90 ms for 16 MB measured on a quiet
  // machine, more when the other test worker keeps both cores busy. Reading the 1,500-page PDF on the loop would
  // stop it for seconds; the bound sits between the two.
  it(`stays under ${JSON_LOOP_BOUND_MS} ms of delay while a 16 MB file arrives as base64 JSON`, async () => {
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
    expect(maxDelayMs).toBeLessThan(JSON_LOOP_BOUND_MS);
  }, 60_000);
});
