import { afterAll, describe, expect, it, vi } from 'vitest';
import { ToolError } from '@paperknife/catalog/errors';
import {
  BUILT_WORKER_VARIABLE,
  MUPDF_IDLE_TIMEOUT_MS,
  closeMupdfPool,
  mupdfPool,
  mupdfPoolStats,
  setMupdfIdleTimeout,
} from './pool.js';
import type { ToolProgress } from '../jobs/tool-runner.js';
import type { PoolProbePayload } from './pool-probe-task.js';
import type { PoolTasks } from './pool-tasks.js';

const probe = (
  payload: PoolProbePayload,
  options: {
    timeoutMs?: number;
    signal?: AbortSignal;
    forceRecycle?: boolean;
    progress?: (update: ToolProgress) => void;
    onPart?: (part: unknown) => void;
  } = {},
) =>
  mupdfPool<PoolTasks>().run('pool-probe', payload, {
    signal: options.signal ?? new AbortController().signal,
    timeoutMs: options.timeoutMs ?? 20_000,
    ...(options.forceRecycle ? { forceRecycle: true } : {}),
    ...(options.progress ? { progress: options.progress } : {}),
    ...(options.onPart ? { onPart: options.onPart } : {}),
  });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof ToolError ? error.code : `error: ${(error as Error).message}`;
  }
}

afterAll(async () => {
  await closeMupdfPool();
});

describe('MuPDF pool', () => {
  it('runs a task with MuPDF in a worker thread', async () => {
    const result = await probe({});
    expect(result.pageCount).toBe(1);
    expect(result.threadId).toBeGreaterThan(0);
  });

  it('passes ToolErrors across the thread boundary with their code and message', async () => {
    const error = await probe({ failWith: 'damaged_pdf' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe('damaged_pdf');
    expect((error as ToolError).message).toBe('Probe failure on request.');
    const crash = await probe({ crash: true }).catch((e: unknown) => e);
    expect(crash).not.toBeInstanceOf(ToolError);
    expect((crash as Error).message).toContain('probe crash on request');
  });

  it('refuses a task name its table does not hold', async () => {
    // A table the worker does not serve, as a caller typed against the wrong table would use.
    const stray = mupdfPool<Record<string, (payload: object) => unknown>>();
    const options = { signal: new AbortController().signal, timeoutMs: 1000 };
    expect(await codeOf(probe({}).then(() => stray.run('../worker', {}, options)))).toMatch(/Unknown MuPDF task/);
    expect(await codeOf(stray.run('toString', {}, options))).toMatch(/Unknown MuPDF task/);
  });

  it('terminates a job past its time limit, and keeps working afterwards', async () => {
    const started = Date.now();
    expect(await codeOf(probe({ busyMs: 10_000 }, { timeoutMs: 300 }))).toBe('processing_timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(mupdfPoolStats().terminated).toBeGreaterThanOrEqual(1);
    expect((await probe({})).pageCount).toBe(1);
  });

  it('stops a job when its signal aborts, with the reason the caller gave', async () => {
    const controller = new AbortController();
    const running = probe({ busyMs: 10_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(new ToolError('busy')), 200);
    expect(await codeOf(running)).toBe('busy');
    const plain = new AbortController();
    const second = probe({ busyMs: 10_000 }, { signal: plain.signal });
    setTimeout(() => plain.abort(), 200);
    expect(await codeOf(second)).toBe('processing_timeout');
    expect((await probe({})).pageCount).toBe(1);
  });

  it('replaces a worker that recycles itself, without losing the answer', async () => {
    const before = mupdfPoolStats().recycled;
    const first = await probe({}, { forceRecycle: true });
    expect(first.pageCount).toBe(1);
    expect(mupdfPoolStats().recycled).toBe(before + 1);
    // The next jobs run in other threads; none of them may be the one that left.
    const next = await Promise.all([probe({}), probe({}), probe({})]);
    expect(next.map((r) => r.threadId)).not.toContain(first.threadId);
    const failed = await probe({ failWith: 'invalid_option' }, { forceRecycle: true }).catch((e: unknown) => e);
    expect((failed as ToolError).code).toBe('invalid_option');
  });

  it("passes a task's progress reports to the caller, and the answer past them when the worker leaves", async () => {
    const updates: ToolProgress[] = [];
    expect((await probe({ steps: 3 }, { progress: (update) => updates.push(update) })).pageCount).toBe(1);
    expect(updates.map((update) => update.done)).toEqual([1, 2, 3]);
    // Reports queued ahead of a recycling worker's answer, with and without a listener, never stand in for it.
    expect((await probe({ steps: 5 }, { forceRecycle: true })).pageCount).toBe(1);
    const heard: ToolProgress[] = [];
    const recycled = await probe({ steps: 5 }, { forceRecycle: true, progress: (update) => heard.push(update) });
    expect(recycled.pageCount).toBe(1);
    expect(heard.map((update) => update.done)).toEqual([1, 2, 3, 4, 5]);
  });

  it("hands the caller a task's parts in order, all before the answer, beside its progress reports", async () => {
    const parts: unknown[] = [];
    const updates: ToolProgress[] = [];
    const answer = await probe({ steps: 2, parts: 4 }, { onPart: (part) => parts.push(part) });
    expect(answer.pageCount).toBe(1);
    expect(parts).toEqual([1, 2, 3, 4]);
    // Through a recycling worker too, whose answer comes on the same port behind the parts.
    parts.length = 0;
    const options = { forceRecycle: true, progress: (update: ToolProgress) => updates.push(update) };
    const recycled = await probe({ steps: 2, parts: 3 }, { ...options, onPart: (part) => parts.push(part) });
    expect(recycled.pageCount).toBe(1);
    expect(parts).toEqual([1, 2, 3]);
    expect(updates.map((update) => update.done)).toEqual([1, 2]);
  });

  it('starts its worker from the TypeScript sources when no built worker is given', async () => {
    // Test runs give the pool a built worker (testing/vitest-global-setup.ts); development runs do not.
    const built = process.env[BUILT_WORKER_VARIABLE];
    await closeMupdfPool();
    delete process.env[BUILT_WORKER_VARIABLE];
    try {
      expect((await probe({})).pageCount).toBe(1);
    } finally {
      await closeMupdfPool();
      if (built !== undefined) process.env[BUILT_WORKER_VARIABLE] = built;
    }
  });

  it('ends its workers after an idle spell, handing their heaps back, and starts one for the next job', async () => {
    await closeMupdfPool();
    setMupdfIdleTimeout(150);
    try {
      const [first] = await Promise.all([probe({ busyMs: 200 }), probe({ busyMs: 200 })]);
      expect(mupdfPoolStats().threads).toBeGreaterThanOrEqual(1);
      await vi.waitFor(() => expect(mupdfPoolStats().threads).toBe(0), { timeout: 5_000, interval: 20 });
      const next = await probe({});
      expect(next.pageCount).toBe(1);
      expect(next.threadId).toBeGreaterThan(first!.threadId);
      // A worker busy longer than the idle spell is not ended under its job.
      expect((await probe({ busyMs: 400 })).pageCount).toBe(1);
    } finally {
      await closeMupdfPool();
      setMupdfIdleTimeout(MUPDF_IDLE_TIMEOUT_MS);
    }
  });

  it('reports its size and queue', async () => {
    const running = Promise.all([probe({ busyMs: 300 }), probe({ busyMs: 300 }), probe({ busyMs: 300 })]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stats = mupdfPoolStats();
    expect(stats.active + stats.queued).toBe(3);
    expect(stats.threads).toBeLessThanOrEqual(2);
    await running;
    expect(mupdfPoolStats().active).toBe(0);
  });
});
