import { describe, expect, it } from 'vitest';
import { holdPreviews, previewsMayDraw } from './previews-wait';

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('previews wait for device jobs', () => {
  it('draw at once when no job runs', async () => {
    expect(await settled(previewsMayDraw())).toBe(true);
  });

  it('wait until the last running job has ended, however often a job reports its end', async () => {
    const first = holdPreviews();
    const second = holdPreviews();
    const waiting = previewsMayDraw();
    first();
    first();
    expect(await settled(waiting)).toBe(false);
    second();
    expect(await settled(waiting)).toBe(true);
    expect(await settled(previewsMayDraw())).toBe(true);
  });
});
