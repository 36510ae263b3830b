import type { PageBox, TextChange } from '@paperknife/catalog/compare-differences';
import type { PageWord } from './compare-model.js';
import { diffWords } from './word-diff.js';

/**
 * A kept word moved by more than this (points) is explained by the text: a word changed for one a hundredth of a
 * point narrower shifts the rest of its line by that much, and the renderer may then place their glyphs a
 * subpixel step apart, edges differing clearly. A rewrite that keeps the layout moves nothing.
 */
const SAME_PLACE = 0.005;

export interface PageTextChanges {
  changes: TextChange[];
  /**
   * Where the text alone explains a difference in the pictures: changed words, and kept words that moved (a word
   * inserted earlier in the line pushes the rest along). The region search leaves these out.
   */
  explained: PageBox[];
}

function words(list: readonly PageWord[], from: number, to: number) {
  const slice = list.slice(from, to);
  return { text: slice.map((word) => word.text).join(' '), boxes: slice.map((word) => word.box) };
}

const movedApart = (a: PageBox, b: PageBox) => a.some((value, i) => Math.abs(value - b[i]!) > SAME_PLACE);

/** The word-by-word differences of one page pair, in reading order. */
export function pageTextChanges(original: readonly PageWord[], changed: readonly PageWord[]): PageTextChanges {
  const hunks = diffWords(
    original.map((word) => word.text),
    changed.map((word) => word.text),
  );
  const changes: TextChange[] = [];
  const explained: PageBox[] = [];
  let a = 0;
  let b = 0;
  const keepUntil = (toA: number) => {
    for (; a < toA; a++, b++) {
      const before = original[a]!.box;
      const after = changed[b]!.box;
      if (movedApart(before, after)) explained.push(before, after);
    }
  };
  for (const hunk of hunks) {
    keepUntil(hunk.original.from);
    const { kind } = hunk;
    const before = words(original, hunk.original.from, hunk.original.to);
    const after = words(changed, hunk.changed.from, hunk.changed.to);
    changes.push({
      kind,
      ...(kind === 'inserted' ? {} : { original: before }),
      ...(kind === 'deleted' ? {} : { changed: after }),
    });
    explained.push(...before.boxes, ...after.boxes);
    a = hunk.original.to;
    b = hunk.changed.to;
  }
  keepUntil(original.length);
  return { changes, explained };
}
