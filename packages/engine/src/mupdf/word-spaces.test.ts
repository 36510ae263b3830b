import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../testing/make-pdf.js';
import { INHIBIT_SPACES, type LineGlyph, lineGlyph, missingSpaces, walkWithSpaces } from './word-spaces.js';

/**
 * A line of 10-point text laid out from `text`: each character 5 points wide, a space 2.5, and `gaps` (points)
 * before the characters at the given indexes, `tracking` before every other character.
 */
function laidOut(text: string, { tracking = 0, gaps = {} }: { tracking?: number; gaps?: Record<number, number> } = {}) {
  const glyphs: LineGlyph[] = [];
  let x = 0;
  [...text].forEach((char, index) => {
    if (index > 0) x += gaps[index] ?? tracking;
    const width = char === ' ' ? 2.5 : 5;
    glyphs.push(lineGlyph(char, 10, [x, 0, x + width, 0, x, 10, x + width, 10], [1, 0]));
    x += width;
  });
  return glyphs;
}

/** The line's text with the missing spaces put in. */
function spaced(glyphs: LineGlyph[], text: string): string {
  const spaces = missingSpaces(glyphs);
  return [...text].map((char, index) => (spaces[index] ? ` ${char}` : char)).join('');
}

describe('missingSpaces', () => {
  it('puts a space in a gap of a space between words drawn apart, as MuPDF does', () => {
    expect(spaced(laidOut('twowords', { gaps: { 3: 2.5 } }), 'twowords')).toBe('two words');
    expect(spaced(laidOut('tight', { tracking: 1 }), 'tight')).toBe('tight');
  });

  it('reads letter-spaced text as words: a gap counts past the letters’ own spacing', () => {
    // Letters 2 points apart (0.2 em, past MuPDF's 0.15 em), words 5 points apart.
    const text = 'lettersspacedout';
    const glyphs = laidOut(text, { tracking: 2, gaps: { 7: 5, 13: 5 } });
    expect(spaced(glyphs, text)).toBe('letters spaced out');
  });

  it('on a line that draws its spaces, a letter gap narrower than a space is no space', () => {
    // Glyphs narrower than the layout's font: the gaps between letters vary up to 0.23 em, the drawn spaces stretch
    // 0.6 em from letter to letter.
    const text = 'loading a document';
    const gaps = { 1: 0.7, 2: 1.2, 3: 1.4, 4: 2.3, 5: 0.7, 6: 1.6, 7: 1.5, 8: 1.5, 9: 2, 10: 2, 11: 0.6 };
    const glyphs = laidOut(text, { tracking: 0.3, gaps: { ...gaps, 12: 2.3, 13: 0.2, 14: 1.6, 15: 2.2, 16: 1.4 } });
    expect(spaced(glyphs, text)).toBe(text);
  });

  it('reads a drawn space by the words’ spaces, not by dot leaders set wider', () => {
    // "Contents one . . . . ": a space between the words drawn nowhere (a gap of 0.25 em), the leaders' spaces
    // stretching 1.5 em from dot to dot.
    const text = 'Contentsone. . . .';
    const gaps = { 8: 2.5, 12: 5, 13: 5, 14: 5, 15: 5, 16: 5, 17: 5 };
    expect(spaced(laidOut(text, { gaps }), text)).toBe('Contents one. . . .');
  });

  it('keeps single characters set well apart as separate', () => {
    expect(spaced(laidOut('12345', { tracking: 5 }), '12345')).toBe('1 2 3 4 5');
  });

  it('measures right-to-left lines backwards', () => {
    // Hebrew in reading order goes leftwards: each character starts where the one before ends, less its width.
    const rtl = (gapBefore: number[]) => {
      let x = 100;
      return gapBefore.map((gap, index) => {
        x -= gap + 5;
        return lineGlyph(String.fromCharCode(0x05d0 + index), 10, [x, 0, x + 5, 0, x, 10, x + 5, 10], [1, 0]);
      });
    };
    expect(missingSpaces(rtl([0, 0, 3, 0]))).toEqual([false, false, true, false]);
  });

  it('never parts characters of a script written without spaces', () => {
    // A ruby-annotated word: its two characters spread to the width of the reading above them.
    expect(spaced(laidOut('東京', { gaps: { 1: 2.4 } }), '東京')).toBe('東京');
    // Japanese type sets a Latin word off by a quarter em: read as a space, as pdftotext reads it.
    expect(spaced(laidOut('東京BMで', { gaps: { 1: 2.4, 2: 2.1, 4: 2.2 } }), '東京BMで')).toBe('東京 BM で');
  });

  it('puts no space across a jump in drawing order', () => {
    // A right-to-left line whose question mark, at its far left, is drawn first: the next letter is far right.
    const glyphs = [lineGlyph('?', 10, [0, 0, 5, 0, 0, 10, 5, 10], [1, 0])];
    for (let index = 0; index < 4; index++) {
      const x = 100 - 5 * index;
      glyphs.push(lineGlyph(String.fromCharCode(0x05d0 + index), 10, [x, 0, x + 5, 0, x, 10, x + 5, 10], [1, 0]));
    }
    expect(missingSpaces(glyphs)).toEqual([false, false, false, false, false]);
  });

  it('never doubles a drawn space', () => {
    expect(missingSpaces(laidOut('a b', { tracking: 4 }))).toEqual([false, false, false]);
  });
});

describe('walkWithSpaces', () => {
  it('hands over the spaces a line needs, each with the quad of its gap', () => {
    const pdf = makePdf({
      pages: [
        {
          runs: [
            { text: 'ab', x: 72, y: 700 },
            { text: 'cd', x: 90, y: 700 },
          ],
        },
      ],
    });
    const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
    const stext = doc.loadPage(0).toStructuredText(`preserve-whitespace,${INHIBIT_SPACES}`);
    const chars: { char: string; x0: number; x1: number }[] = [];
    try {
      walkWithSpaces(stext, {
        onChar: (char, _origin, _font, _size, quad) => chars.push({ char, x0: quad[0], x1: quad[2] }),
      });
    } finally {
      stext.destroy();
      doc.destroy();
    }
    expect(chars.map(({ char }) => char).join('')).toBe('ab cd');
    // From the end of "b" to the start of "c".
    expect(chars[2]!.x0).toBeCloseTo(chars[1]!.x1, 3);
    expect(chars[2]!.x1).toBeCloseTo(chars[3]!.x0, 3);
    expect(chars[2]!.x1).toBeCloseTo(90, 1);
  });
});
