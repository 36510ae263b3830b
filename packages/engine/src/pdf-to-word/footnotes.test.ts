import { describe, expect, it } from 'vitest';
import { takeFootnotes } from './footnotes.js';
import type { LayoutLine, PageLayout, Span } from './layout-model.js';
import { pageItems } from './word-layout.js';
import { textBlock } from '../testing/layout-fixtures.js';

const plain = { font: 'Arial', bold: false, italic: false, size: 12, color: '000000', rightToLeft: false };
const span = (text: string, size = 12): Span => ({ ...plain, size, text });

/** A line of spans at `top`, as tall as its largest span. */
function line(spans: Span[], top: number, x0 = 72, x1 = 540): LayoutLine {
  return { x0, y0: top, x1, y1: top + Math.max(...spans.map((each) => each.size)), spans };
}

function page(lines: LayoutLine[]): PageLayout {
  return { width: 612, height: 792, blocks: [textBlock(lines)] };
}

const body = (text: string, top: number) => line([span(text)], top);
const texts = (layout: PageLayout) =>
  layout.blocks.flatMap((block) =>
    block.kind === 'text' ? block.lines.map((each) => each.spans.map((one) => one.text).join('')) : [],
  );
const margins = { top: 72, right: 72, bottom: 72, left: 72 };

describe('takeFootnotes', () => {
  it('hangs the notes at the foot of a page on their raised marks, a note going on over the page', () => {
    const first = page([
      body('The contract is signed by both parties.', 100),
      line([span('The price is fixed'), span('1', 7), span(' and paid in full'), span('2', 7), span('.')], 120),
      body('Work starts at once.', 140),
      line([span('1', 6), span(' As the law of 2013 requires,', 10)], 700),
      line([span('2', 6), span(' Unless the parties agree to pay in', 10)], 720),
      line([span('parts, in which case', 10)], 732),
    ]);
    const second = page([
      body('The works are accepted in writing.', 100),
      line([span('each part is paid on its own.', 10)], 720),
    ]);
    takeFootnotes([first, second]);
    expect(texts(first)).toEqual([
      'The contract is signed by both parties.',
      'The price is fixed1 and paid in full2.',
      'Work starts at once.',
    ]);
    expect(texts(second)).toEqual(['The works are accepted in writing.']);

    const marks = first.blocks.flatMap((block) =>
      block.kind === 'text' ? block.lines.flatMap((each) => each.spans.filter((one) => one.footnote)) : [],
    );
    expect(marks.map((mark) => mark.text)).toEqual(['1', '2']);
    // The notes become Word paragraphs when their page is placed; the second goes on with the next page's lines.
    pageItems(first, margins);
    expect(
      marks.map((mark) => mark.footnote!.paragraphs.map((each) => each.runs.map((run) => run.text).join(''))),
    ).toEqual([
      ['As the law of 2013 requires,'],
      ['Unless the parties agree to pay in parts, in which case each part is paid on its own.'],
    ]);
  });

  it('takes notes set in the body size, from the first line in the lower half that starts with a raised mark', () => {
    const layout = page([
      line([span('The price is fixed'), span('1', 7), span('.')], 100),
      body('Work starts at once.', 500),
      line([span('1', 7), span('As the law of 2013 requires, the price')], 700),
      body('is fixed for the whole term.', 714),
    ]);
    takeFootnotes([layout]);
    expect(texts(layout)).toEqual(['The price is fixed1.', 'Work starts at once.']);
  });

  it('leaves small lines at the foot without a raised mark in the body, and a note whose mark is not found', () => {
    const unmarked = page([body('The price is fixed.', 100), line([span('1', 6), span(' A note.', 10)], 700)]);
    const small = page([body('The price is fixed.', 100), line([span('Printed on recycled paper.', 10)], 700)]);
    takeFootnotes([unmarked, small]);
    expect(texts(unmarked)).toEqual(['The price is fixed.', '1 A note.']);
    expect(texts(small)).toEqual(['The price is fixed.', 'Printed on recycled paper.']);
  });
});
