import { describe, expect, it } from 'vitest';
import { JobQueue } from './job-queue.js';

/** A job that runs until `finish` is called, recording the slots it was given. */
function heldJob() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const slots: number[] = [];
  return { job: (given: number) => (slots.push(given), done), finish: () => finish(), slots };
}

describe('JobQueue lending free slots', () => {
  it('gives a job that asks for more every free slot, and counts them as running', async () => {
    const queue = new JobQueue(4, 8);
    const ocr = heldJob();
    const running = queue.run(ocr.job, undefined, 3);
    await Promise.resolve();
    expect(ocr.slots).toEqual([4]);
    expect(queue.active).toBe(4);
    ocr.finish();
    await running;
    expect(queue.active).toBe(0);
  });

  it('lends only what is free, and a job that waits gets the slots handed on', async () => {
    const queue = new JobQueue(2, 8);
    const first = heldJob();
    const firstRun = queue.run(first.job);
    const ocr = heldJob();
    const ocrRun = queue.run(ocr.job, undefined, 1);
    await Promise.resolve();
    expect(ocr.slots).toEqual([1]);
    const waiting = heldJob();
    const waitingRun = queue.run(waiting.job);
    expect(queue.depth).toBe(1);
    first.finish();
    await firstRun;
    await Promise.resolve();
    expect(waiting.slots).toEqual([1]);
    expect(queue.active).toBe(2);
    ocr.finish();
    waiting.finish();
    await Promise.all([ocrRun, waitingRun]);
    expect(queue.active).toBe(0);
  });

  it('never lends while other jobs wait, so the total stays within the concurrency', async () => {
    const queue = new JobQueue(2, 8);
    const a = heldJob();
    const b = heldJob();
    const runA = queue.run(a.job);
    const runB = queue.run(b.job);
    const ocr = heldJob();
    const ocrRun = queue.run(ocr.job, undefined, 1);
    const later = heldJob();
    const laterRun = queue.run(later.job);
    a.finish();
    await runA;
    await Promise.resolve();
    // The OCR run got A's slot but not a second one: a job was still waiting.
    expect(ocr.slots).toEqual([1]);
    expect(queue.active).toBe(2);
    b.finish();
    await runB;
    await Promise.resolve();
    expect(later.slots).toEqual([1]);
    ocr.finish();
    later.finish();
    await Promise.all([ocrRun, laterRun]);
    expect(queue.active).toBe(0);
  });
});
