import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import type * as EngineModule from '@paperknife/engine';
import { runTool } from '@paperknife/engine';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { pdfRotations } from '@paperknife/engine/testing/pdf-assertions';
import type { JobView } from './job-store.js';
import { appPerTest, expectTempEmpty, multipart, savePdf } from './testing/test-app.js';

/**
 * The job API through the real app: create, follow (status and server-sent events), download once, cancel, expiry.
 * The real engine runs unless a test puts its own runner in place for one call (as job-control.test.ts does).
 */
vi.mock('@paperknife/engine', async (importOriginal) => {
  const actual = await importOriginal<typeof EngineModule>();
  return { ...actual, runTool: vi.fn(actual.runTool) };
});

const app = appPerTest();

function deferred() {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

const threePages = () => makePdf({ pages: [1, 2, 3].map((n) => ({ text: [`Job page ${n}`] })) });

async function createJob(fn = 'rotate-pdf', data: Uint8Array = threePages(), fields: Record<string, string> = {}) {
  return app.current().app.inject({
    method: 'POST',
    url: `/functions/v1/jobs/${fn}`,
    ...multipart([{ name: 'a.pdf', data }], { angle: '90', ...fields }),
  });
}

const status = (id: string) => app.current().app.inject({ method: 'GET', url: `/functions/v1/jobs/${id}` });
const result = (id: string) => app.current().app.inject({ method: 'GET', url: `/functions/v1/jobs/${id}/result` });
const cancel = (id: string) => app.current().app.inject({ method: 'DELETE', url: `/functions/v1/jobs/${id}` });
/** The whole event stream (it ends when the job does), as the status documents it carried. */
async function events(id: string): Promise<JobView[]> {
  const response = await app.current().app.inject({ method: 'GET', url: `/functions/v1/jobs/${id}/events` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  return response.body
    .split('\n\n')
    .filter((block) => block.startsWith('event: status\n'))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as JobView);
}

async function waitForStatus(id: string, wanted: JobView['status']): Promise<JobView> {
  await expect.poll(async () => status(id).then((r) => (r.json() as JobView).status), { interval: 20 }).toBe(wanted);
  return (await status(id)).json() as JobView;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the job API', () => {
  it('creates a job (202, unguessable id with the replica tag), follows it, and gives the result once', async () => {
    await app();
    const created = await createJob();
    expect(created.statusCode).toBe(202);
    const job = created.json() as JobView;
    expect(job.id).toMatch(/^test\.[A-Za-z0-9_-]{22}$/);
    // A free slot: the job started before the answer went out.
    expect(job).toMatchObject({ function: 'rotate-pdf', status: 'running', stage: 'Processing' });
    const base = `/functions/v1/jobs/${job.id}`;
    expect(job.links).toEqual({ self: base, events: `${base}/events`, result: `${base}/result`, cancel: base });
    expect(created.headers['location']).toBe(base);
    const other = (await createJob()).json() as JobView;
    expect(other.id).not.toBe(job.id);

    const stream = await events(job.id);
    expect(stream.at(-1)).toMatchObject({ status: 'done', stage: 'Done', downloaded: false });
    // Rotate counts no pages: no percentage is made up.
    for (const view of stream) expect(view.percent).toBeUndefined();

    const done = await waitForStatus(job.id, 'done');
    expect(Date.parse(done.expiresAt!)).toBeGreaterThan(Date.now());

    const first = await result(job.id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="rotated-document.pdf"; filename*=UTF-8''rotated-document.pdf`,
    );
    expect(first.headers['cache-control']).toBe('no-store');
    expect(pdfRotations(await savePdf(first.rawPayload))).toEqual([90, 90, 90]);

    const second = await result(job.id);
    expect(second.statusCode).toBe(410);
    expect(second.json()).toEqual({
      error: { code: 'gone', message: 'The result of this job was downloaded already, and its files are deleted.' },
    });
    expect((await status(job.id)).json()).toMatchObject({ status: 'done', downloaded: true });
    // The other job's result waits for its download; cancelling it deletes it.
    await waitForStatus(other.id, 'done');
    expect((await cancel(other.id)).json()).toMatchObject({ status: 'cancelled' });
    expect((await result(other.id)).json()).toEqual({
      error: { code: 'gone', message: 'This job was cancelled, and its files are deleted.' },
    });
    // Cancelling a downloaded job changes nothing.
    expect((await cancel(job.id)).json()).toMatchObject({ status: 'done', downloaded: true });
  });

  it('reports the tool’s stages and pages as status and events, with a percent only when pages are counted', async () => {
    const t = await app();
    const gate = deferred();
    const reported = deferred();
    const actual = vi.mocked(runTool).getMockImplementation()!;
    vi.mocked(runTool).mockImplementationOnce(async (id, files, options, context) => {
      context.progress?.({ stage: 'Reading pages' });
      context.progress?.({ stage: 'Recognising text', done: 1, total: 4 });
      reported.release();
      await gate.promise;
      context.progress?.({ stage: 'Recognising text', done: 4, total: 4 });
      return actual(id, files, options, context);
    });
    const job = (await createJob()).json() as JobView;
    await reported.promise;
    expect((await status(job.id)).json()).toMatchObject({
      status: 'running',
      stage: 'Recognising text',
      done: 1,
      total: 4,
      percent: 25,
    });
    // Over a real connection, as a browser's EventSource reads it: the first event comes at once.
    const base = await t.listen();
    const response = await fetch(`${base}${job.links.events}`);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('event: status')) text += (await reader.read()).value ?? '';
    gate.release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value;
    const seen = text
      .split('\n\n')
      .filter((block) => block.startsWith('event: status\n'))
      .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as JobView);
    expect(text.startsWith('retry: 2000\n\n')).toBe(true);
    expect(seen[0]).toMatchObject({ status: 'running', stage: 'Recognising text', percent: 25 });
    expect(seen.at(-1)).toMatchObject({ status: 'done' });
    expect((await result(job.id)).statusCode).toBe(200);
  });

  it('cancel stops the running child process, deletes the files at once, and the job stays cancelled', async () => {
    const t = await app();
    let pid = 0;
    let signalAborted = false;
    const started = deferred();
    vi.mocked(runTool).mockImplementationOnce(
      (_id, _files, _options, context) =>
        new Promise((_resolve, reject) => {
          // A test-only slow engine: a child process in the job folder, killed on abort as the engine's are.
          const child = spawn('sleep', ['60'], { cwd: context.workDir, detached: true, stdio: 'ignore' });
          pid = child.pid!;
          context.signal.addEventListener('abort', () => {
            signalAborted = true;
            process.kill(-pid, 'SIGKILL');
          });
          child.on('close', () => reject(context.signal.reason));
          started.release();
        }),
    );
    const job = (await createJob()).json() as JobView;
    await started.promise;
    expect(processAlive(pid)).toBe(true);
    const stream = events(job.id);

    const cancelled = await cancel(job.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: job.id, status: 'cancelled', stage: 'Cancelled' });
    expect(signalAborted).toBe(true);
    await vi.waitFor(() => expect(processAlive(pid)).toBe(false));
    await expectTempEmpty(t.tempDir);
    expect((await stream).at(-1)).toMatchObject({ status: 'cancelled' });

    expect((await status(job.id)).json()).toMatchObject({ status: 'cancelled' });
    expect((await result(job.id)).json()).toMatchObject({ error: { code: 'gone' } });
    expect((await cancel(job.id)).statusCode).toBe(200);
  });

  it('a failed job keeps its error (as the function answers it) and no files', async () => {
    const t = await app();
    const job = (await createJob('rotate-pdf', Buffer.from('%PDF-1.7\nthis is not a PDF at all\n'))).json() as JobView;
    const failed = await waitForStatus(job.id, 'failed');
    expect(failed.error).toMatchObject({ code: 'damaged_pdf' });
    await expectTempEmpty(t.tempDir);
    const answer = await result(job.id);
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ error: failed.error });
  });

  it('checks the upload and options before answering, with the function’s own errors', async () => {
    const t = await app();
    const badOption = await createJob('rotate-pdf', threePages(), { angle: '45' });
    expect(badOption.statusCode).toBe(400);
    expect(badOption.json()).toMatchObject({ error: { code: 'invalid_option' } });
    const noFile = await t.app.inject({ method: 'POST', url: '/functions/v1/jobs/rotate-pdf', ...multipart([]) });
    expect(noFile.json()).toMatchObject({ error: { code: 'missing_file' } });
    // JSON with base64 files, as the function takes it.
    const fromJson = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/jobs/rotate-pdf',
      payload: { files: [{ name: 'a.pdf', data: Buffer.from(threePages()).toString('base64') }], angle: 180 },
    });
    expect(fromJson.statusCode).toBe(202);
    const job = fromJson.json() as JobView;
    expect((await events(job.id)).at(-1)).toMatchObject({ status: 'done' });
    expect(pdfRotations(await savePdf((await result(job.id)).rawPayload))).toEqual([180, 180, 180]);
    expect((await t.app.inject({ method: 'POST', url: '/functions/v1/jobs/nope', ...multipart([]) })).statusCode).toBe(
      404,
    );
  });

  it('an unknown or malformed id is a 404 JSON answer on every route', async () => {
    const t = await app();
    for (const id of ['test.AAAAAAAAAAAAAAAAAAAAAA', 'not-a-job', '..%2F..%2Fetc']) {
      for (const [method, suffix] of [
        ['GET', ''],
        ['GET', '/events'],
        ['GET', '/result'],
        ['DELETE', ''],
      ] as const) {
        const response = await t.app.inject({ method, url: `/functions/v1/jobs/${id}${suffix}` });
        expect(response.statusCode, `${method} ${id}${suffix}`).toBe(404);
        expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
      }
    }
  });

  it('a result nobody downloads is deleted after the expiry, with its record', async () => {
    const t = await app({}, { jobExpiryMs: 300 });
    const job = (await createJob()).json() as JobView;
    expect((await events(job.id)).at(-1)).toMatchObject({ status: 'done' });
    expect(await readdir(t.tempDir)).toHaveLength(1);
    await expect.poll(async () => (await status(job.id)).statusCode, { interval: 25 }).toBe(404);
    await expectTempEmpty(t.tempDir);
    expect((await result(job.id)).statusCode).toBe(404);
  });

  it('shares the queue with the function routes: a full queue answers 503 busy before the upload', async () => {
    const t = await app({ concurrency: 1, queueSize: 0 });
    const gate = deferred();
    const started = deferred();
    const actual = vi.mocked(runTool).getMockImplementation()!;
    vi.mocked(runTool).mockImplementationOnce(async (...args) => {
      started.release();
      await gate.promise;
      return actual(...args);
    });
    const job = (await createJob()).json() as JobView;
    await started.promise;
    const busyJob = await createJob();
    expect(busyJob.statusCode).toBe(503);
    expect(busyJob.headers['retry-after']).toBe('5');
    expect(busyJob.json()).toMatchObject({ error: { code: 'busy' } });
    const busySync = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/rotate-pdf',
      ...multipart([{ name: 'a.pdf', data: threePages() }], { angle: '90' }),
    });
    expect(busySync.statusCode).toBe(503);
    gate.release();
    await waitForStatus(job.id, 'done');
    expect((await result(job.id)).statusCode).toBe(200);
  });

  it('results waiting for their download are bounded: past twice the queue, new jobs get 503 busy', async () => {
    await app({ concurrency: 1, queueSize: 0 });
    const waiting: JobView[] = [];
    for (const _ of [1, 2]) {
      const job = (await createJob()).json() as JobView;
      expect((await events(job.id)).at(-1)).toMatchObject({ status: 'done' });
      waiting.push(job);
    }
    const refused = await createJob();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: { code: 'busy' } });
    expect((await result(waiting[0]!.id)).statusCode).toBe(200);
    const accepted = (await createJob()).json() as JobView;
    await waitForStatus(accepted.id, 'done');
    for (const job of [waiting[1]!, accepted])
      expect((await cancel(job.id)).json()).toMatchObject({ status: 'cancelled' });
  });

  it('lets a browser page on another origin cancel (CORS allows DELETE)', async () => {
    const t = await app();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/functions/v1/jobs/test.AAAAAAAAAAAAAAAAAAAAAA',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('DELETE');
  });
});
