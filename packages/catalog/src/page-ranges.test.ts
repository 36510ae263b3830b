import { describe, expect, it } from 'vitest';
import { pageGroups, pageSet, parsePageRanges, selectPages } from './page-ranges.js';

describe('page ranges', () => {
  it('parses numbers, closed and open ranges, ignoring spaces', () => {
    expect(parsePageRanges(' 1-3, 5 ,7- ')).toEqual([
      { from: 1, to: 3 },
      { from: 5, to: 5 },
      { from: 7, to: null },
    ]);
  });

  it('keeps the written order and expands open ranges to the last page', () => {
    expect(selectPages('5,1-2,9-', 10)).toEqual([5, 1, 2, 9, 10]);
    expect(pageGroups('1-3,4-6,7-', 8)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
  });

  it.each([['a'], ['1-2-3'], ['0'], ['3-1'], ['1,,2'], [''], ['-3']])('rejects %j', (input) => {
    expect(() => parsePageRanges(input)).toThrow(expect.objectContaining({ code: 'invalid_page_range' }));
  });

  it('names a page past the end', () => {
    expect(() => selectPages('1-3,12', 10)).toThrow('Page 12 does not exist: this PDF has 10 pages.');
    expect(() => selectPages('2', 1)).toThrow('Page 2 does not exist: this PDF has 1 page.');
  });

  it('treats a missing range as every page', () => {
    expect([...pageSet(undefined, 3)]).toEqual([1, 2, 3]);
    expect([...pageSet('', 2)]).toEqual([1, 2]);
    expect([...pageSet('2-', 4)]).toEqual([2, 3, 4]);
  });
});
