import { describe, expect, it } from 'vitest';
import { renderSlots } from './pdf-pages';

describe('render slots', () => {
  it('runs at most the limit at once and hands the next slot to the longest waiting', async () => {
    const slots = renderSlots(2);
    const started: string[] = [];
    const take = (name: string) =>
      slots.take().then((release) => {
        started.push(name);
        return release;
      });
    const first = take('page 1');
    const second = take('page 2');
    const third = take('page 3');
    const fourth = take('page 4');
    const releaseFirst = await first;
    await second;
    expect(started).toEqual(['page 1', 'page 2']);

    releaseFirst();
    const releaseThird = await third;
    expect(started).toEqual(['page 1', 'page 2', 'page 3']);
    releaseThird();
    await fourth;
    expect(started).toEqual(['page 1', 'page 2', 'page 3', 'page 4']);
  });
});
