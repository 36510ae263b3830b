import { describe, expect, it } from 'vitest';
import { type WordHunk, diffWords } from './word-diff.js';

const words = (text: string) => text.split(' ').filter(Boolean);

/** `a` with the hunks applied, taking the new words from `b`: must give `b` back. */
function apply(a: string[], b: string[], hunks: WordHunk[]): string[] {
  const out: string[] = [];
  let at = 0;
  for (const hunk of hunks) {
    out.push(...a.slice(at, hunk.original.from), ...b.slice(hunk.changed.from, hunk.changed.to));
    at = hunk.original.to;
  }
  return [...out, ...a.slice(at)];
}

describe('diffWords', () => {
  it('groups a deletion and an insertion at one place as a change', () => {
    const a = words('the cat sat on the mat');
    const b = words('the dog sat on the mat today');
    expect(diffWords(a, b)).toEqual([
      { kind: 'changed', original: { from: 1, to: 2 }, changed: { from: 1, to: 2 } },
      { kind: 'inserted', original: { from: 6, to: 6 }, changed: { from: 6, to: 7 } },
    ]);
    expect(diffWords(b, a).map((hunk) => hunk.kind)).toEqual(['changed', 'deleted']);
  });

  it('finds nothing between equal sequences, and a whole change between disjoint ones', () => {
    expect(diffWords(words('a b c'), words('a b c'))).toEqual([]);
    expect(diffWords(words('a b'), words('x y z'))).toEqual([
      { kind: 'changed', original: { from: 0, to: 2 }, changed: { from: 0, to: 3 } },
    ]);
  });

  it('gives edits that turn one sequence into the other, and no more than needed', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 50; round++) {
      const a = Array.from({ length: 40 }, () => String(Math.floor(random() * 6)));
      const b = a.flatMap((word) => (random() < 0.1 ? [] : random() < 0.1 ? [word, 'new'] : [word]));
      const hunks = diffWords(a, b);
      expect(apply(a, b, hunks)).toEqual(b);
      const edits = hunks.reduce((sum, h) => sum + h.original.to - h.original.from + h.changed.to - h.changed.from, 0);
      expect(edits).toBe(a.length + b.length - 2 * lcsLength(a, b));
    }
  });
});

function lcsLength(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!);
      diagonal = above;
    }
  }
  return row[b.length]!;
}
