import { describe, expect, it } from 'vitest';
import {
  PAGE_SPEC_EXAMPLE,
  type PageSpecEntry,
  formatPageSpec,
  identityPageSpec,
  organizePages,
  parsePageSpec,
} from './page-spec.js';

const page = (number: number, turn: PageSpecEntry['turn'] = 0): PageSpecEntry => ({ kind: 'page', page: number, turn });
const blank = (turn: PageSpecEntry['turn'] = 0): PageSpecEntry => ({ kind: 'blank', turn });

describe('organize page-spec', () => {
  it('parses pages, ranges, open ranges, blanks and turns, ignoring spaces and case', () => {
    expect(parsePageSpec(' 3, 1 - 2 ,4R90, Blank ,5-r180,blankr270')).toEqual([
      { kind: 'pages', from: 3, to: 3, turn: 0 },
      { kind: 'pages', from: 1, to: 2, turn: 0 },
      { kind: 'pages', from: 4, to: 4, turn: 90 },
      { kind: 'blank', turn: 0 },
      { kind: 'pages', from: 5, to: null, turn: 180 },
      { kind: 'blank', turn: 270 },
    ]);
  });

  it('expands the example to the new document, in order', () => {
    expect(organizePages(PAGE_SPEC_EXAMPLE, 6)).toEqual([
      page(3),
      page(1),
      page(2),
      page(4, 90),
      blank(),
      page(5),
      page(6),
    ]);
  });

  it('keeps repeats and leaves out pages not listed', () => {
    expect(organizePages('2,2r90,2-3', 5)).toEqual([page(2), page(2, 90), page(2), page(3)]);
  });

  it.each([
    ['a', '"a" is not a page, a range or "blank". Write items such as 3,1-2,4r90,blank,5-.'],
    ['1,,2', 'An item is empty: remove the extra comma.'],
    ['1,', 'An item is empty'],
    ['1-2-3', '"1-2-3" is not'],
    ['blanks', '"blanks" is not'],
    ['r90', '"r90" is not'],
    ['4r45', '"4r45" has a rotation of 45: use r90, r180 or r270 (clockwise), as in 4r90.'],
    ['4r0', 'has a rotation of 0'],
    ['0', 'Page numbers start at 1.'],
    ['3-1', 'The range 3-1 goes backwards'],
    ['  ', 'Enter the pages in their new order, for example 3,1-2,4r90,blank,5-.'],
  ])('rejects %j with invalid_page_range', (input, message) => {
    expect(() => parsePageSpec(input)).toThrow(expect.objectContaining({ code: 'invalid_page_range' }));
    expect(() => parsePageSpec(input)).toThrow(message);
  });

  it('names a page past the end', () => {
    expect(() => organizePages('1,12r90', 10)).toThrow(
      expect.objectContaining({ code: 'page_out_of_range', message: 'Page 12 does not exist: this PDF has 10 pages.' }),
    );
    expect(() => organizePages('blank,2-4', 3)).toThrow('Page 4 does not exist: this PDF has 3 pages.');
  });

  it('needs at least one page of the PDF', () => {
    expect(() => organizePages('blank,blankr90', 3)).toThrow(expect.objectContaining({ code: 'no_pages_left' }));
  });

  it('writes entries back as a compact spec that reads back the same', () => {
    const entries = [
      page(1),
      page(2),
      page(3),
      page(5, 90),
      page(6, 90),
      blank(),
      page(4),
      page(4),
      blank(180),
      page(7),
    ];
    const spec = formatPageSpec(entries);
    expect(spec).toBe('1-3,5-6r90,blank,4,4,blankr180,7');
    expect(organizePages(spec, 7)).toEqual(entries);
    expect(formatPageSpec(identityPageSpec(4))).toBe('1-4');
    expect(formatPageSpec([page(3), page(2), page(1)])).toBe('3,2,1');
    expect(formatPageSpec([])).toBe('');
  });
});
