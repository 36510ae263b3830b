import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type JobView, JobStore, isJobId, replicaOf } from './job-store.js';
import type { RequestFolder } from './temp-folders.js';

/** The job store alone: ids, progress as shown, and what each end does to the files. */

const folder = () => ({ release: vi.fn() }) as unknown as RequestFolder & { release: ReturnType<typeof vi.fn> };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('JobStore', () => {
  it('makes unguessable ids that carry the replica tag, and finds only well-formed ones', () => {
    const store = new JobStore('eu-west-2');
    const ids = new Set(Array.from({ length: 200 }, () => store.create('rotate-pdf', folder()).id));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(isJobId(id)).toBe(true);
      expect(replicaOf(id)).toBe('eu-west-2');
      expect(store.get(id)?.id).toBe(id);
    }
    expect(store.get('eu-west-2.short')).toBeUndefined();
    expect(replicaOf('../etc/passwd')).toBeUndefined();
    expect(() => new JobStore('a.b')).toThrow(/cannot be part of a job id/);
  });

  it('shows pages and a percent only as the tool counts them, and sends rapid reports as one', () => {
    const store = new JobStore('r1');
    const job = store.create('pdf-to-word', folder());
    const seen: JobView[] = [];
    store.subscribe(job, (view) => seen.push(view));
    store.start(job);
    expect(seen.at(-1)).toMatchObject({ status: 'running', stage: 'Processing' });
    expect(seen.at(-1)).not.toHaveProperty('percent');

    store.progress(job, { stage: 'Reading pages', done: 1, total: 3 });
    expect(seen.at(-1)).toMatchObject({ stage: 'Reading pages', done: 1, total: 3, percent: 33 });
    const sent = seen.length;
    store.progress(job, { stage: 'Reading pages', done: 2, total: 3 });
    store.progress(job, { stage: 'Reading pages', done: 3, total: 3 });
    expect(seen).toHaveLength(sent); // within the interval: held back
    vi.advanceTimersByTime(100);
    expect(seen).toHaveLength(sent + 1);
    expect(seen.at(-1)).toMatchObject({ done: 3, total: 3, percent: 100 });
    // A new stage goes out at once, and a stage without counts drops the old counts.
    store.progress(job, { stage: 'Writing the document' });
    expect(seen.at(-1)).toMatchObject({ stage: 'Writing the document' });
    expect(seen.at(-1)).not.toHaveProperty('total');
  });

  it('keeps an ended job’s record until the expiry, and its files only until its end', () => {
    const store = new JobStore('r1', 60_000);
    const failedFolder = folder();
    const failed = store.create('rotate-pdf', failedFolder);
    store.start(failed);
    store.fail(failed, new Error('/secret/path exploded'));
    expect(failedFolder.release).toHaveBeenCalled();
    expect(failed.view().error).toEqual({
      code: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });

    const doneFolder = folder();
    const done = store.create('rotate-pdf', doneFolder);
    store.start(done);
    store.succeed(done, { path: '/tmp/x', download: { name: 'rotated-document.pdf', contentType: 'application/pdf' } });
    expect(doneFolder.release).not.toHaveBeenCalled();
    // Late reports of a stopped engine change nothing.
    store.progress(done, { stage: 'Late', done: 1, total: 2 });
    expect(done.view()).toMatchObject({ status: 'done', stage: 'Done' });

    vi.advanceTimersByTime(59_999);
    expect(store.get(done.id)).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(store.get(done.id)).toBeUndefined();
    expect(store.get(failed.id)).toBeUndefined();
    expect(doneFolder.release).toHaveBeenCalled();
    expect(store.size).toBe(0);
  });

  it('cancel aborts a running job; shutdown stops every job and forgets it', () => {
    const store = new JobStore('r1');
    const running = store.create('pdf-to-word', folder());
    store.start(running);
    store.cancel(running);
    expect(running.signal.aborted).toBe(true);
    expect(running.view()).toMatchObject({ status: 'cancelled', stage: 'Cancelled' });

    const waiting = store.create('rotate-pdf', folder());
    store.close();
    expect(waiting.signal.aborted).toBe(true);
    expect(store.size).toBe(0);
  });
});
