import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { pdfRotations } from '@paperknife/engine/testing/pdf-assertions';
import {
  type TestApp,
  type TestAppOverrides,
  expectTempEmpty,
  makeTestApp,
  multipart,
  savePdf,
} from './testing/test-app.js';
import { TempFolders } from './temp-folders.js';

/** Nothing is kept: the request folder goes after a success, a failure, and a client that leaves early. */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function listening(overrides: TestAppOverrides = {}) {
  t = await makeTestApp(overrides);
  return new URL(await t.listen());
}

describe('temp folders', () => {
  it('are gone after a success and after a failure', async () => {
    const url = await listening();
    const ok = await fetch(new URL('/functions/v1/rotate-pdf', url), {
      method: 'POST',
      body: toFormData([{ name: 'a.pdf', data: makePdf() }]),
    });
    expect(ok.status).toBe(200);
    expect(pdfRotations(await savePdf(Buffer.from(await ok.arrayBuffer())))).toEqual([90]);
    await expectTempEmpty(t!.tempDir);

    const failed = await fetch(new URL('/functions/v1/extract-pages-pdf', url), {
      method: 'POST',
      body: toFormData([{ name: 'a.pdf', data: makePdf() }], { pages: '7' }),
    });
    expect(failed.status).toBe(400);
    await expectTempEmpty(t!.tempDir);
  });

  it('are gone after an upload the client abandons half way', async () => {
    const url = await listening();
    const { payload, headers } = multipart([{ name: 'a.pdf', data: makePdf({ pageCount: 400 }) }]);
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path: '/functions/v1/rotate-pdf',
      headers: { ...headers, 'content-length': payload.length },
    });
    req.on('error', () => undefined);
    req.write(payload.subarray(0, Math.floor(payload.length / 2)));
    // The folder exists while the upload streams in...
    await expect.poll(() => readdir(t!.tempDir), { timeout: 5000 }).toHaveLength(1);
    req.destroy();
    // ...and goes when the client does.
    await expectTempEmpty(t!.tempDir);
  });

  it('are gone after a download the client abandons after the first bytes', async () => {
    const url = await listening();
    // Noise does not compress: ten pages of it make a result far larger than the socket buffers.
    const noise = await sharp(
      Buffer.from(Array.from({ length: 700 * 700 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 700, height: 700, channels: 3 },
      },
    )
      .jpeg({ quality: 100 })
      .toBuffer();
    const page = { image: { jpeg: noise, pixelWidth: 700, pixelHeight: 700, x: 0, y: 0, width: 500, height: 500 } };
    const pdf = makePdf({ pages: Array.from({ length: 20 }, () => page) });
    expect(pdf.length).toBeGreaterThan(10 * 1024 * 1024);
    const { payload, headers } = multipart([{ name: 'a.pdf', data: pdf }]);
    const firstBytes = await new Promise<Buffer>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/functions/v1/rotate-pdf',
          headers: { ...headers, 'content-length': payload.length },
        },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            res.pause();
            // The result is still streaming: its folder is still there.
            void readdir(t!.tempDir).then((entries) => {
              expect(entries).toHaveLength(1);
              req.destroy();
              resolve(chunk);
            }, reject);
          });
        },
      );
      req.on('error', () => undefined);
      req.end(payload);
    });
    expect(firstBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectTempEmpty(t!.tempDir);
  }, 30_000);

  it('are removed by the sweeper when older than 10 minutes', async () => {
    const root = join(await mkdtemp(join(tmpdir(), 'paperknife-sweep-')), 'temp');
    const folders = new TempFolders(root);
    await mkdir(join(root, 'job-old'), { recursive: true });
    await writeFile(join(root, 'job-old', 'upload-1'), 'x');
    await mkdir(join(root, 'job-new'));
    const eleven = new Date(Date.now() - 11 * 60 * 1000);
    await utimes(join(root, 'job-old'), eleven, eleven);
    expect(await folders.sweep()).toBe(1);
    expect(await readdir(root)).toEqual(['job-new']);
    await folders.close();
    await rm(join(root, '..'), { recursive: true, force: true });
  });
});

describe('20 parallel requests', () => {
  it('all succeed or get 503 busy; none fails', async () => {
    const url = await listening({ concurrency: 2, queueSize: 4 });
    const pdf = makePdf({ pageCount: 5 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(new URL('/functions/v1/rotate-pdf', url), {
          method: 'POST',
          body: toFormData([{ name: 'a.pdf', data: pdf }], { angle: '180' }),
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(6);
    for (const response of responses) {
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status === 503) {
        expect(response.headers.get('retry-after')).toBe('5');
        expect(JSON.parse(body.toString('utf8'))).toMatchObject({ error: { code: 'busy' } });
      } else {
        expect(pdfRotations(await savePdf(body))).toEqual([180, 180, 180, 180, 180]);
      }
    }
    await expectTempEmpty(t!.tempDir);
  }, 60_000);
});

function toFormData(files: { name: string; data: Uint8Array }[], fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('file', new Blob([file.data], { type: 'application/pdf' }), file.name);
  return form;
}
