import { request as httpRequest } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import type * as EngineModule from '@paperknife/engine';
import { runTool } from '@paperknife/engine';
import { makePdf } from '@paperknife/engine/testing/make-pdf';
import { appPerTest, multipart } from './testing/test-app.js';

/**
 * The queue, the 500 path and client aborts mid-job, with an engine the test holds: the real engine runs unless
 * a test puts its own job in place for one call.
 */
vi.mock('@paperknife/engine', async (importOriginal) => {
  const actual = await importOriginal<typeof EngineModule>();
  return { ...actual, runTool: vi.fn(actual.runTool) };
});

const app = appPerTest();

const rotate = () =>
  app.current().app.inject({
    method: 'POST',
    url: '/functions/v1/rotate-pdf',
    ...multipart([{ name: 'a.pdf', data: makePdf() }]),
  });

function deferred() {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('job control', () => {
  it('a full queue answers 503 busy with Retry-After, and the waiting job still runs', async () => {
    const t = await app({ concurrency: 1, queueSize: 1 });
    const gate = deferred();
    const started = deferred();
    const actual = vi.mocked(runTool).getMockImplementation()!;
    vi.mocked(runTool).mockImplementationOnce(async (...args) => {
      started.release();
      await gate.promise;
      return actual(...args);
    });
    const first = rotate();
    await started.promise;
    const second = rotate();
    await vi.waitFor(() => expect(t.logs.filter((l) => l['msg'] === 'incoming request')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 100)); // the second upload reaches the queue
    const third = await rotate();
    expect(third.statusCode).toBe(503);
    expect(third.headers['retry-after']).toBe('5');
    expect(third.json()).toMatchObject({ error: { code: 'busy' } });
    // A refusal is no fault: logged at warn (pino's 40) with its code, never at error.
    expect(t.logs.find((line) => line['msg'] === 'request refused')).toMatchObject({ level: 40, code: 'busy' });
    expect(t.logs.filter((line) => Number(line['level']) >= 50)).toEqual([]);
    gate.release();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
  });

  it('an unexpected failure is a 500 that leaks nothing, and the log holds no file name', async () => {
    const t = await app();
    vi.mocked(runTool).mockImplementationOnce(() =>
      Promise.reject(
        new Error("ENOENT: no such file or directory, open '/srv/uploads/Salary-Review-Jane.pdf'", {
          cause: new Error('qpdf: /srv/uploads/Salary-Review-Jane.pdf: stack smashing detected'),
        }),
      ),
    );
    const { payload, headers } = multipart([{ name: 'Salary-Review-Jane.pdf', data: makePdf() }]);
    const response = await t.app.inject({ method: 'POST', url: '/functions/v1/rotate-pdf', payload, headers });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(response.body).not.toMatch(/Salary|srv|ENOENT|qpdf|stack/);
    const failure = t.logs.find((line) => line['msg'] === 'request failed');
    expect(failure).toBeDefined();
    expect(t.logText()).not.toContain('Salary-Review-Jane');
    expect(t.logText()).toContain('<path>');
  });

  it('a client that leaves mid-job stops the job and its folder goes', async () => {
    const t = await app();
    const url = new URL(await t.listen());
    const seen = deferred();
    let signalAborted = false;
    vi.mocked(runTool).mockImplementationOnce(
      (_id, _files, _options, context) =>
        new Promise((_resolve, reject) => {
          seen.release();
          context.signal.addEventListener('abort', () => {
            signalAborted = true;
            reject(context.signal.reason);
          });
        }),
    );
    const { payload, headers } = multipart([{ name: 'a.pdf', data: makePdf() }]);
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path: '/functions/v1/rotate-pdf',
      headers: { ...headers, 'content-length': payload.length },
    });
    req.on('error', () => undefined);
    req.end(payload);
    await seen.promise;
    req.destroy();
    await vi.waitFor(() => expect(signalAborted).toBe(true));
  });
});
