import { tools } from '@paperknife/catalog/tools';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeXhr, installFakeXhr, latestRequest } from '~/testing/fake-xhr';
import { type ToolPhase, ToolRequestError } from './api-client';
import { type JobStatus, runToolJob, runsAsJob } from './job-client';
import { FakeEventSource, installFakeEventSource, jobStatus } from './testing/fake-event-source';

let removeFakeXhr: () => void;
let removeFakeEventSource: () => void;
let fetchCalls: { url: string; init: RequestInit | undefined }[];
beforeEach(() => {
  removeFakeXhr = installFakeXhr();
  removeFakeEventSource = installFakeEventSource();
  fetchCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      fetchCalls.push({ url, init });
      return Promise.resolve(new Response(null, { status: 200 }));
    }),
  );
});
afterEach(() => {
  removeFakeXhr();
  removeFakeEventSource();
  vi.unstubAllGlobals();
});

const json = (value: unknown) => new Blob([JSON.stringify(value)], { type: 'application/json' });
const docx = () => new Blob(['PK docx'], { type: 'application/octet-stream' });

function start(signal?: AbortSignal) {
  const phases: ToolPhase[] = [];
  const result = runToolJob('pdf-to-word', new FormData(), { onPhase: (phase) => phases.push(phase), signal });
  const outcome = result.then(
    (response) => ({ ok: true as const, response }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return { phases, result, outcome, create: latestRequest() };
}

/** The error a run ended with (it must have failed). */
async function failureOf(outcome: Promise<{ ok: boolean; error?: unknown }>): Promise<unknown> {
  const settled = await outcome;
  expect(settled.ok).toBe(false);
  return settled.error;
}

/** Lets the page's awaits run (the blob's text, the next request). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function created(create: FakeXhr, status: Partial<JobStatus> = {}): Promise<JobStatus> {
  const job = jobStatus({ status: 'queued', stage: 'Waiting for a free slot', ...status });
  create.uploadDone();
  create.respond(202, json(job));
  await vi.waitFor(() => expect(FakeEventSource.latest()?.url).toBe(job.links.events));
  return job;
}

/** Another job than `first`, on another replica: its own id and links. */
function secondJob(first: JobStatus): Partial<JobStatus> {
  const base = '/functions/v1/jobs/b.second';
  return {
    id: 'b.second',
    links: { ...first.links, self: base, events: `${base}/events`, result: `${base}/result`, cancel: base },
  };
}

describe('runsAsJob', () => {
  it('follows the catalogue: always for PDF to Word, from its threshold for compress, never for rotate', () => {
    expect(runsAsJob(tools['pdf-to-word'], 1)).toBe(true);
    const from = tools['compress-pdf'].longJobFromBytes!;
    expect(runsAsJob(tools['compress-pdf'], from - 1)).toBe(false);
    expect(runsAsJob(tools['compress-pdf'], from)).toBe(true);
    expect(runsAsJob(tools['rotate-pdf'], 10 ** 9)).toBe(false);
  });
});

describe('runToolJob', () => {
  it('uploads to /functions/v1/jobs/{function}, follows the events, then downloads the result once', async () => {
    const { phases, result, create } = start();
    expect(create.method).toBe('POST');
    expect(create.url).toBe('/functions/v1/jobs/pdf-to-word');
    create.uploadProgress(50, 100);
    const job = await created(create);
    const events = FakeEventSource.latest()!;
    events.emit(jobStatus({ ...job, status: 'running', stage: 'Processing' }));
    events.emit(jobStatus({ ...job, status: 'running', stage: 'Reading pages', done: 2, total: 8, percent: 25 }));
    events.emit(jobStatus({ ...job, status: 'done', stage: 'Done' }));
    expect(events.closed).toBe(true);

    await vi.waitFor(() => expect(latestRequest().url).toBe(job.links.result));
    const download = latestRequest();
    expect(download.method).toBe('GET');
    download.respond(200, docx(), { 'Content-Disposition': 'attachment; filename="converted-document.docx"' });
    const response = await result;
    expect(response.fileName).toBe('converted-document.docx');
    expect(phases).toEqual([
      { phase: 'uploading', percent: 0 },
      { phase: 'uploading', percent: 50 },
      { phase: 'processing' },
      { phase: 'processing', progress: { stage: 'Waiting for a free slot' } },
      { phase: 'processing', progress: { stage: 'Processing' } },
      { phase: 'processing', progress: { stage: 'Reading pages', done: 2, total: 8, percent: 25 } },
      { phase: 'downloading' },
    ]);
    expect(fetchCalls).toEqual([]);
  });

  it('rejects with the job’s own error code and message when it fails', async () => {
    const { outcome, create } = start();
    const job = await created(create);
    FakeEventSource.latest()!.emit(
      jobStatus({ ...job, status: 'failed', error: { code: 'damaged_pdf', message: 'This PDF is damaged.' } }),
    );
    const error = await failureOf(outcome);
    expect(error).toEqual(new ToolRequestError('damaged_pdf', 'This PDF is damaged.', 422));
    expect(error).toMatchObject({ code: 'damaged_pdf', status: 422 });
  });

  it('creates the job again after a busy answer, and follows the job that follows', async () => {
    const { create, outcome } = start();
    const busy = { error: { code: 'busy', message: 'The server is busy right now.' } };
    create.respond(503, json(busy), { 'Retry-After': '0' });
    await vi.waitFor(() => expect(latestRequest()).not.toBe(create));
    const again = latestRequest();
    expect([again.method, again.url]).toEqual([create.method, create.url]);
    const job = await created(again, { status: 'done', stage: 'Done' });
    FakeEventSource.latest()!.emit(jobStatus({ ...job, status: 'done' }));
    await vi.waitFor(() => expect(latestRequest().url).toBe(job.links.result));
    latestRequest().respond(200, docx());
    const settled = await outcome;
    expect(settled.ok && (await settled.response.blob.text())).toBe('PK docx');
  });

  it('a refused upload is the function’s error, as the synchronous call gives it', async () => {
    const { outcome, create } = start();
    create.respondWithError(422, 'encrypted_pdf', 'This PDF is password-protected: unlock it first with Unlock PDF.');
    expect(await failureOf(outcome)).toMatchObject({ code: 'encrypted_pdf', status: 422 });
    expect(FakeEventSource.latest()).toBeUndefined();
  });

  it('aborting while the job runs closes the events and sends DELETE to the job', async () => {
    const controller = new AbortController();
    const { outcome, create } = start(controller.signal);
    const job = await created(create, { status: 'running', stage: 'Processing' });
    controller.abort();
    expect(await failureOf(outcome)).toMatchObject({ code: 'aborted' });
    expect(FakeEventSource.latest()!.closed).toBe(true);
    expect(fetchCalls).toEqual([{ url: job.links.cancel, init: expect.objectContaining({ method: 'DELETE' }) }]);
  });

  it('closing the tab while the job runs cancels it on the server', async () => {
    const { outcome, create } = start();
    const job = await created(create, { status: 'running', stage: 'Processing' });
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchCalls).toEqual([{ url: job.links.cancel, init: expect.objectContaining({ keepalive: true }) }]);
    FakeEventSource.latest()!.emit(jobStatus({ ...job, status: 'cancelled', stage: 'Cancelled' }));
    expect(await failureOf(outcome)).toMatchObject({ code: 'cancelled' });
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchCalls).toHaveLength(1);
  });

  it('aborting during the upload only stops the upload (there is no job yet)', async () => {
    const controller = new AbortController();
    const { outcome, create } = start(controller.signal);
    controller.abort();
    expect(create.aborted).toBe(true);
    expect(await failureOf(outcome)).toMatchObject({ code: 'aborted' });
    await settle();
    expect(fetchCalls).toEqual([]);
  });

  it('when the event stream closes for good, asks the job’s status once and goes on from it', async () => {
    const { result, create } = start();
    const job = await created(create);
    vi.mocked(fetch).mockResolvedValueOnce(
      new Response(JSON.stringify(jobStatus({ ...job, status: 'done' })), { status: 200 }),
    );
    FakeEventSource.latest()!.failForGood();
    await vi.waitFor(() => expect(latestRequest().url).toBe(job.links.result));
    latestRequest().respond(200, docx());
    await expect(result).resolves.toMatchObject({ fileName: undefined });
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).toEqual([job.links.self]);
  });

  it('a job lost with its server (the balancer answers 503 for it) is run once more from the upload', async () => {
    const { result, create } = start();
    const first = await created(create);
    vi.mocked(fetch).mockResolvedValueOnce(new Response(JSON.stringify({ error: { code: 'busy' } }), { status: 503 }));
    FakeEventSource.latest()!.failForGood();
    // The second upload: a new job on a server that is up.
    await vi.waitFor(() => expect(latestRequest()).not.toBe(create));
    const second = await created(latestRequest(), secondJob(first));
    FakeEventSource.latest()!.emit(jobStatus({ ...second, status: 'done', stage: 'Done' }));
    await vi.waitFor(() => expect(latestRequest().url).toBe(second.links.result));
    latestRequest().respond(200, docx());
    await expect(result).resolves.toMatchObject({ blob: expect.any(Blob) });
    // The lost job is cancelled in case its server only answered badly.
    expect(fetchCalls.filter((call) => call.init?.method === 'DELETE').map((call) => call.url)).toEqual([
      first.links.cancel,
    ]);
  });

  it('a second loss reaches the person as "please try again"', async () => {
    const { outcome, create } = start();
    const first = await created(create);
    vi.mocked(fetch).mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'not_found' } }), { status: 404 }),
    );
    FakeEventSource.latest()!.failForGood();
    await vi.waitFor(() => expect(latestRequest()).not.toBe(create));
    await created(latestRequest(), secondJob(first));
    vi.mocked(fetch).mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'not_found' } }), { status: 404 }),
    );
    FakeEventSource.latest()!.failForGood();
    expect(await failureOf(outcome)).toMatchObject({
      code: 'job_lost',
      message: expect.stringMatching(/Please try again/),
    });
  });
});
