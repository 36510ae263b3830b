import { describe, expect, it } from 'vitest';
import {
  allPages,
  clickPage,
  formatPageRanges,
  moveFocus,
  movedPage,
  regroupRanges,
  runsOf,
  selectionFromText,
} from './page-selection';

const pagesOf = (text: string, count = 10, blankMeansAll = false) => {
  const selection = selectionFromText(text, count, blankMeansAll);
  return selection ? [...selection.pages].sort((a, b) => a - b) : undefined;
};

describe('selectionFromText', () => {
  it('reads pages and ranges, open ranges running to the last page', () => {
    expect(pagesOf('1-3,5')).toEqual([1, 2, 3, 5]);
    expect(pagesOf(' 8- ')).toEqual([8, 9, 10]);
    expect(selectionFromText('5,1-2', 10)?.groups).toEqual([[5], [1, 2]]);
  });

  it('leaves out pages past the end instead of refusing the text', () => {
    expect(pagesOf('9-12,14', 10)).toEqual([9, 10]);
    expect(selectionFromText('14', 10)?.groups).toEqual([]);
  });

  it('is undefined while the text is not a range', () => {
    expect(selectionFromText('1-', 10)).toBeDefined();
    expect(selectionFromText('3-1', 10)).toBeUndefined();
    expect(selectionFromText('1,,2', 10)).toBeUndefined();
    expect(selectionFromText('abc', 10)).toBeUndefined();
  });

  it('reads a blank field as no page, or every page where the API does', () => {
    expect(pagesOf('')).toEqual([]);
    expect(pagesOf('  ', 4, true)).toEqual([1, 2, 3, 4]);
  });
});

describe('formatPageRanges', () => {
  it('writes compact ascending ranges', () => {
    expect(formatPageRanges([7, 1, 2, 3, 5, 8])).toBe('1-3,5,7-8');
    expect(formatPageRanges([4])).toBe('4');
    expect(formatPageRanges([])).toBe('');
    expect(formatPageRanges([2, 2, 3])).toBe('2-3');
  });

  it('round-trips with selectionFromText', () => {
    const pages = [1, 2, 4, 6, 7, 8, 10];
    expect(pagesOf(formatPageRanges(pages))).toEqual(pages);
  });

  it('groups runs', () => {
    expect(runsOf([3, 1, 2, 9])).toEqual([[1, 2, 3], [9]]);
  });
});

describe('regroupRanges (split)', () => {
  const groups = (text: string) => selectionFromText(text, 10)!.groups;

  it('keeps typed ranges as separate files, and a page picked beside one joins it', () => {
    expect(regroupRanges(groups('1-3,4-6'), new Set([1, 2, 3, 4, 5, 6, 7]))).toBe('1-3,4-7');
    expect(regroupRanges(groups('5-6'), new Set([4, 5, 6]))).toBe('4-6');
    // Touching a file on each side: it joins the one before, and the typed break after it stays.
    expect(regroupRanges(groups('3-4,6'), new Set([3, 4, 5, 6]))).toBe('3-5,6');
  });

  it('cuts a range where a page was unpicked', () => {
    expect(regroupRanges(groups('1-6'), new Set([1, 2, 4, 5, 6]))).toBe('1-2,4-6');
  });

  it('makes one file per run of new pages that touches no file, in page order', () => {
    expect(regroupRanges(groups('5-6'), new Set([1, 2, 5, 6, 9]))).toBe('1-2,5-6,9');
    expect(regroupRanges([], new Set())).toBe('');
  });
});

describe('clickPage', () => {
  const start = { active: 1, anchor: 1 };

  it('toggles the clicked page (plain click and Ctrl/Cmd alike) and moves the anchor there', () => {
    const first = clickPage(new Set([2]), start, 4);
    expect([...first.selected].sort()).toEqual([2, 4]);
    expect(first.cursor).toEqual({ active: 4, anchor: 4 });
    const second = clickPage(first.selected, first.cursor, 2, { toggle: true });
    expect([...second.selected]).toEqual([4]);
  });

  it('adds the range from the anchor with Shift, in either direction, keeping the anchor', () => {
    const after = clickPage(new Set([9]), { active: 3, anchor: 3 }, 6, { shift: true });
    expect([...after.selected].sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 9]);
    expect(after.cursor).toEqual({ active: 6, anchor: 3 });
    const back = clickPage(new Set(), { active: 5, anchor: 5 }, 2, { shift: true });
    expect([...back.selected].sort()).toEqual([2, 3, 4, 5]);
  });
});

describe('keyboard', () => {
  it('moves by one, by a row, by a screen and to the ends, inside the document', () => {
    expect(movedPage(5, 'ArrowRight', 4, 10)).toBe(6);
    expect(movedPage(5, 'ArrowDown', 4, 10)).toBe(9);
    expect(movedPage(9, 'ArrowDown', 4, 10)).toBe(10);
    expect(movedPage(2, 'ArrowUp', 4, 10)).toBe(1);
    expect(movedPage(1, 'ArrowLeft', 4, 10)).toBe(1);
    expect(movedPage(5, 'Home', 4, 10)).toBe(1);
    expect(movedPage(5, 'End', 4, 10)).toBe(10);
    expect(movedPage(1, 'PageDown', 2, 100, 3)).toBe(7);
  });

  it('moves focus alone without Shift, and extends from the anchor with it', () => {
    const plain = moveFocus(new Set([1]), { active: 1, anchor: 1 }, 2, false);
    expect([...plain.selected]).toEqual([1]);
    expect(plain.cursor).toEqual({ active: 2, anchor: 2 });
    const extended = moveFocus(new Set(), { active: 4, anchor: 2 }, 5, true);
    expect([...extended.selected].sort()).toEqual([2, 3, 4, 5]);
    expect(extended.cursor).toEqual({ active: 5, anchor: 2 });
  });

  it('selects every page', () => {
    expect([...allPages(3)]).toEqual([1, 2, 3]);
  });
});
