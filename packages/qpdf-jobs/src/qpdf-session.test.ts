import { ToolError } from '@paperknife/catalog/errors';
import { describe, expect, it } from 'vitest';
import { type SourceDocument, withPageCount } from './qpdf-session.js';

/** A document whose tree declares `declared` pages (when it resolves) and whose opening counts `opened`. */
const source = (declared: number | undefined | Promise<number>, opened: Promise<number>): SourceDocument => ({
  file: { bytes: new Uint8Array() },
  opened: opened.then((pageCount) => ({ pageCount })),
  declaredPages: Promise.resolve(declared),
});

describe('withPageCount', () => {
  it('starts on the declared count, and works again on the opening count where that differs', async () => {
    const counts: number[] = [];
    const work = async (pageCount: number) => {
      counts.push(pageCount);
      return pageCount;
    };
    expect(await withPageCount(source(4, Promise.resolve(4)), work)).toBe(4);
    expect(await withPageCount(source(3, Promise.resolve(5)), work)).toBe(5);
    expect(await withPageCount(source(undefined, Promise.resolve(6)), work)).toBe(6);
    expect(counts).toEqual([4, 3, 5, 6]);
  });

  it('does not wait for a declared count that comes after the opening', async () => {
    const counts: number[] = [];
    const never = new Promise<number>(() => undefined);
    const work = async (pageCount: number) => counts.push(pageCount);
    await withPageCount(source(never, Promise.resolve(7)), work);
    expect(counts).toEqual([7]);
  });

  it("answers with the opening's refusal before the work's, and the work's own on a confirmed count", async () => {
    const outOfRange = async () => {
      throw new ToolError('page_out_of_range');
    };
    const damaged = source(2, Promise.reject(new ToolError('damaged_pdf')));
    await expect(withPageCount(damaged, outOfRange)).rejects.toMatchObject({ code: 'damaged_pdf' });
    await expect(withPageCount(source(2, Promise.resolve(2)), outOfRange)).rejects.toMatchObject({
      code: 'page_out_of_range',
    });
  });
});
