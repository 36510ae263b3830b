import { describe, expect, it } from 'vitest';
import type { LayoutLine } from '../pdf-to-word/layout-model.js';
import { listMarker, withListMarkers } from './slide-lists.js';
import type { SlideText } from './slide-model.js';

const plain = { font: 'Arial', bold: false, italic: false, size: 18, color: '000000', rightToLeft: false };

/** A box of one 18 pt line of `text` from x0 to x1, its top at y0. */
function box(text: string, x0: number, x1: number, y0: number): SlideText {
  const line: LayoutLine = { x0, y0, x1, y1: y0 + 22, spans: [{ ...plain, text }] };
  return { kind: 'text', x0, y0, x1, y1: y0 + 22, lines: [line] };
}

describe('listMarker', () => {
  it('reads bullets, and numbers, letters and roman numerals with their full stop or brackets', () => {
    expect(listMarker('•')).toEqual({ kind: 'bullet', char: '•' });
    expect(listMarker('\uf0b7')).toEqual({ kind: 'bullet', char: '•' });
    expect(listMarker('–')).toEqual({ kind: 'bullet', char: '–' });
    expect(listMarker('1.')).toEqual({ kind: 'number', scheme: 'arabicPeriod', startAt: 1 });
    expect(listMarker('2 )')).toEqual({ kind: 'number', scheme: 'arabicParenR', startAt: 2 });
    expect(listMarker('(12)')).toEqual({ kind: 'number', scheme: 'arabicParenBoth', startAt: 12 });
    expect(listMarker('c.')).toEqual({ kind: 'number', scheme: 'alphaLcPeriod', startAt: 3 });
    expect(listMarker('B)')).toEqual({ kind: 'number', scheme: 'alphaUcParenR', startAt: 2 });
    expect(listMarker('iv.')).toEqual({ kind: 'number', scheme: 'romanLcPeriod', startAt: 4 });
    expect(listMarker('XII)')).toEqual({ kind: 'number', scheme: 'romanUcParenR', startAt: 12 });
    expect(listMarker('i.')).toEqual({ kind: 'number', scheme: 'romanLcPeriod', startAt: 1 });
  });

  it('leaves what PowerPoint cannot number as shown, or is no marker, as text', () => {
    // Roman numerals without a full stop or bracket, outline numbers, a bracket opened and not closed, words.
    for (const text of ['II', '1', '1.2', '1.2.', '(3.', 'iiii.', 'ab.', 'Note', '0.', '']) {
      expect(listMarker(text)).toBeUndefined();
    }
  });
});

describe('withListMarkers', () => {
  it('joins each marker to the item beside it, which keeps its place in the drawing order', () => {
    const title = box('Results', 60, 300, 40);
    const one = box('1 )', 60, 78, 100);
    const first = box('Loading a document', 96, 400, 100);
    const two = box('2 )', 60, 78, 140);
    const second = box('Saving it again', 96, 380, 140);
    const bullet = box('•', 60, 66, 180);
    const third = box('Comparing', 80, 300, 180);
    const joined = withListMarkers([title, one, two, bullet, first, second, third]);
    expect(joined.map((each) => [each.lines[0]!.spans[0]!.text, each.x0, each.lines[0]!.marker])).toEqual([
      ['Results', 60, undefined],
      ['Loading a document', 60, { list: { kind: 'number', scheme: 'arabicParenR', startAt: 1 }, x0: 60 }],
      ['Saving it again', 60, { list: { kind: 'number', scheme: 'arabicParenR', startAt: 2 }, x0: 60 }],
      ['Comparing', 60, { list: { kind: 'bullet', char: '•' }, x0: 60 }],
    ]);
  });

  it('joins a marker line to the line it stands before within one box, and leaves the lines below alone', () => {
    const [marker, item, below, next, nextItem] = [
      box('a.', 60, 72, 100),
      box('First point', 90, 300, 100),
      box('goes on', 90, 200, 124),
      box('b.', 60, 72, 148),
      box('Second point', 90, 300, 148),
    ].map((each) => each.lines[0]!);
    const block: SlideText = {
      kind: 'text',
      x0: 60,
      y0: 100,
      x1: 300,
      y1: 170,
      lines: [marker!, item!, below!, next!, nextItem!],
    };
    const [joined] = withListMarkers([block]);
    expect(joined!.x0).toBe(60);
    expect(joined!.lines.map((line) => [line.spans[0]!.text, line.marker])).toEqual([
      ['First point', { list: { kind: 'number', scheme: 'alphaLcPeriod', startAt: 1 }, x0: 60 }],
      ['goes on', undefined],
      ['Second point', { list: { kind: 'number', scheme: 'alphaLcPeriod', startAt: 2 }, x0: 60 }],
    ]);
  });

  it('keeps numbers outside a list column as text: a diagram numbering its parts, and a number alone', () => {
    // Steps placed around a diagram: each number beside its label, the next one elsewhere on the slide.
    const diagram = [
      box('1.', 100, 115, 40),
      box('Plan the work', 120, 260, 40),
      box('2.', 400, 415, 90),
      box('Build it', 420, 520, 90),
      box('3.', 300, 315, 300),
      box('Check it', 320, 420, 300),
    ];
    expect(withListMarkers(diagram)).toEqual(diagram);
    const lone = [box('4.', 60, 75, 100), box('Ship it', 80, 200, 100)];
    expect(withListMarkers(lone)).toEqual(lone);
    // A list's numbers right-aligned in their column (9. and 10.) are still a list.
    const rightAligned = withListMarkers([
      box('9.', 66, 78, 100),
      box('Ninth', 90, 200, 100),
      box('10.', 60, 78, 124),
      box('Tenth', 90, 200, 124),
    ]);
    expect(rightAligned.map((each) => each.lines[0]!.marker?.list)).toEqual([
      { kind: 'number', scheme: 'arabicPeriod', startAt: 9 },
      { kind: 'number', scheme: 'arabicPeriod', startAt: 10 },
    ]);
  });

  it('leaves a marker alone: no item on its row, one too far, one left of it, or only another marker', () => {
    const alone = [box('1.', 60, 75, 100), box('Below it', 96, 300, 140)];
    const far = [box('2.', 60, 75, 100), box('Far away', 200, 400, 100)];
    const markers = [box('a)', 60, 75, 100), box('b)', 90, 105, 100)];
    for (const boxes of [alone, far, markers]) expect(withListMarkers(boxes)).toEqual(boxes);
  });
});
