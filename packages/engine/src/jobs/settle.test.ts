import { describe, expect, it } from 'vitest';
import { allDone } from './settle.js';

describe('allDone', () => {
  it('answers a failure only once every other step has finished', async () => {
    let slowFinished = false;
    const slow = new Promise<string>((resolve) =>
      setImmediate(() => {
        slowFinished = true;
        resolve('written');
      }),
    );
    const failing = Promise.reject(new Error('refused'));
    await expect(allDone([slow, failing])).rejects.toThrow('refused');
    expect(slowFinished).toBe(true);
  });

  it('throws the first failure in the list, not the first in time', async () => {
    const late = new Promise<never>((_, reject) => setImmediate(() => reject(new Error('first in the list'))));
    const early = Promise.reject(new Error('first in time'));
    await expect(allDone([late, early])).rejects.toThrow('first in the list');
  });

  it('gives the values in order, typed per place', async () => {
    const [count, clean] = await allDone([Promise.resolve(3), Promise.resolve(true)]);
    expect([count + 1, !clean]).toEqual([4, false]);
  });
});
