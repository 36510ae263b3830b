import { describe, expect, it } from 'vitest';
import { digitsInReadingOrder } from './digit-order.js';

interface Glyph {
  text: string;
  x: number;
}

/** Glyphs in the order drawn, each at its place along the line. */
const drawn = (...glyphs: [string, number][]): Glyph[] => glyphs.map(([text, x]) => ({ text, x }));
const read = (glyphs: readonly Glyph[]) =>
  digitsInReadingOrder(
    glyphs,
    (glyph) => glyph.text,
    (glyph) => glyph.x,
  )
    .map((glyph) => glyph.text)
    .join('');

describe('digitsInReadingOrder', () => {
  it('turns round a number drawn from the right inside right-to-left text, its separators with it', () => {
    // "نص ١٢٣" as LibreOffice draws it: the letters from the right, then the digits from the right too.
    expect(read(drawn(['ن', 90], ['ص', 84], [' ', 80], ['٣', 60], ['٢', 54], ['١', 48]))).toBe('نص ١٢٣');
    expect(read(drawn(['5', 40], ['.', 37], ['2', 31], ['1', 25]))).toBe('12.5');
    expect(read(drawn(['0', 50], ['0', 44], ['٬', 41], ['2', 35], ['1', 29]))).toBe('12٬00');
  });

  it('leaves numbers drawn left to right, single digits and letters as they are', () => {
    expect(read(drawn(['1', 10], ['2', 16], [',', 22], ['5', 25]))).toBe('12,5');
    expect(read(drawn(['ש', 30], ['7', 20], ['א', 10]))).toBe('ש7א');
    expect(read(drawn(['a', 30], ['b', 20]))).toBe('ab');
  });

  it('goes by the places it knows: a separator needs none, and a break in the digits ends a run', () => {
    const places = new Map<string, number>([
      ['4', 9],
      ['2', 5],
      ['1', 3],
    ]);
    const order = (chars: string[]) =>
      digitsInReadingOrder(
        chars,
        (char) => char,
        (char) => places.get(char),
      ).join('');
    expect(order(['4', '.', '2', '1'])).toBe('12.4');
    expect(order(['4', '-', '-', '1'])).toBe('4--1');
  });
});
