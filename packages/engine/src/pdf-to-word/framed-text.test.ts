import { describe, expect, it } from 'vitest';
import { framedText, framesOf } from './framed-text.js';
import { readingOrder } from './layout-analysis.js';
import type { LayoutBlock, LayoutLine, LayoutTextBlock } from './layout-model.js';
import { textBlock } from '../testing/layout-fixtures.js';

const plain = { font: 'Arial', bold: false, italic: false, size: 11, color: '000000', rightToLeft: false };
const line = (text: string, top: number, x0: number, x1: number): LayoutLine => ({
  x0,
  y0: top,
  x1,
  y1: top + 13,
  spans: [{ ...plain, text }],
});
const block = (...lines: LayoutLine[]): LayoutTextBlock => textBlock(lines);
const frame = (x0: number, y0: number, x1: number, y1: number) => [
  { x0, y0: y0 - 0.4, x1, y1: y0 + 0.4 },
  { x0, y0: y1 - 0.4, x1, y1: y1 + 0.4 },
  { x0: x0 - 0.4, y0, x1: x0 + 0.4, y1 },
  { x0: x1 - 0.4, y0, x1: x1 + 0.4, y1 },
];
const texts = (blocks: readonly LayoutBlock[]) =>
  blocks.flatMap((each) => (each.kind === 'text' ? each.lines.map((one) => one.spans[0]!.text) : [`[${each.kind}]`]));
const page = { width: 612, height: 792 };

describe('framed text', () => {
  it('finds a frame of four rules, not a grid with a rule across it nor a lone rule', () => {
    expect(framesOf(frame(90, 140, 525, 180))).toEqual([{ x0: 90, y0: 140, x1: 525, y1: 180 }]);
    const grid = [...frame(90, 140, 525, 180), { x0: 90, y0: 159.6, x1: 525, y1: 160.4 }];
    expect(framesOf(grid)).toEqual([]);
    expect(framesOf([{ x0: 90, y0: 99.6, x1: 300, y1: 100.4 }])).toEqual([]);
  });

  it('reads a frame’s short lines as one block where the frame stands, after a short line above it at the right', () => {
    const blocks = [
      block(line('A small test', 73, 90, 245)),
      block(line('unchecked:', 85, 108, 194)),
      block(line('Or checked:', 97, 270, 330)),
      // The label, a checkbox, an arrow and a checkbox: the arrow is a line of its own.
      block(line('Within a text box:', 154, 91, 250), line('->', 154, 266, 280)),
      block(line('In table:', 194, 90, 131)),
      block(line('In sequence:', 229, 90, 149)),
    ];
    const framed = framedText(blocks, framesOf(frame(90, 141, 525, 181)), page);
    expect(framed.find((each) => each.kind === 'text' && each.framed)).toMatchObject({ x0: 90, x1: 525 });
    const read = ['A small test', 'unchecked:', 'Or checked:', 'Within a text box:', '->', 'In table:', 'In sequence:'];
    expect(texts(readingOrder(framed))).toEqual(read);
    // Without the frame, the line at the right is read after the whole left side.
    expect(texts(readingOrder(blocks))).not.toEqual(read);
  });

  it('leaves a border around the page and a frame around a picture alone', () => {
    const text = block(line('Body text.', 100, 72, 300));
    const border = framesOf(frame(20, 20, 592, 772));
    expect(framedText([text], border, page)).toEqual([text]);
    const picture: LayoutBlock = { kind: 'image', x0: 100, y0: 300, x1: 200, y1: 360, file: 'p.png', format: 'png' };
    const caption = block(line('A caption.', 365, 100, 180));
    const around = framesOf(frame(90, 290, 260, 385));
    expect(framedText([picture, caption], around, page)).toEqual([picture, caption]);
  });
});
