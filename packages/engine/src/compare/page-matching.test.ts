import { describe, expect, it } from 'vitest';
import { type PageSignature, matchPages } from './page-matching.js';

const text = (words: string): PageSignature => ({ words: words.split(' '), thumbnail: new Uint8Array(0) });
const picture = (gray: number): PageSignature => ({ words: [], thumbnail: new Uint8Array(256).fill(gray) });

describe('matchPages', () => {
  it('recognises a moved page and pairs an edited page with its original', () => {
    const original = [text('one alpha beta'), text('two gamma delta'), text('three epsilon zeta'), text('four eta')];
    const changed = [
      text('one alpha beta'),
      text('three epsilon zeta'),
      text('two gamma delta extra'),
      text('four eta'),
    ];
    expect(matchPages(original, changed)).toEqual([
      { original: 0, changed: 0, moved: false },
      // One of the two swapped pages keeps the order, the other moved.
      { original: 2, changed: 1, moved: false },
      { original: 1, changed: 2, moved: true },
      { original: 3, changed: 3, moved: false },
    ]);
  });

  it('matches pages without text by their look, and pairs a rewritten page in place', () => {
    const original = [picture(40), picture(200), text('words here')];
    const changed = [picture(200), picture(40), text('entirely different')];
    expect(matchPages(original, changed)).toEqual([
      { original: 1, changed: 0, moved: false },
      { original: 0, changed: 1, moved: true },
      { original: 2, changed: 2, moved: false },
    ]);
  });
});

describe('matchPages on long documents', () => {
  it('weighs only nearby pages when every pair would be too many, and stays quick', () => {
    const original = Array.from({ length: 600 }, (_, i) => text(`old page ${i} alpha beta gamma`));
    const changed = Array.from({ length: 600 }, (_, i) => text(`new page ${i} alpha beta gamma`));
    const started = Date.now();
    const matches = matchPages(original, changed);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(matches.every((match, i) => match.original === i && match.changed === i && !match.moved)).toBe(true);
  });
});
