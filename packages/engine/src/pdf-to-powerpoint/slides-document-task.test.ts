import { describe, expect, it } from 'vitest';
import type { LayoutLine, LayoutTableBlock } from '../pdf-to-word/layout-model.js';
import { textBoxesInDrawingOrder } from './slides-document-task.js';

const plain = { font: 'Arial', bold: false, italic: false, size: 18, color: '000000', rightToLeft: false };

/** An 18 pt line of `text` in row `row` of column `column`, the `drawn`th line the page drew. */
function line(text: string, row: number, column: number, drawn: number): LayoutLine {
  const x0 = 60 + 300 * column;
  const y0 = 100 + 40 * row;
  return { x0, y0, x1: x0 + 100, y1: y0 + 22, drawn, spans: [{ ...plain, text }] };
}

/** A 2 x 2 table: a list item in each row on the left, drawn first; labels on the right, the lower one drawn first. */
function table(foundBy: LayoutTableBlock['foundBy']): LayoutTableBlock {
  const cells = [
    [line('Parents', 0, 0, 0), line('Early years', 0, 1, 3)],
    [line('Teachers', 1, 0, 1), line('Later years', 1, 1, 2)],
  ].flatMap((row, rowIndex) =>
    row.map((each, column) => ({ row: rowIndex, column, rowSpan: 1, columnSpan: 1, lines: [each] })),
  );
  return {
    kind: 'table',
    x0: 60,
    y0: 100,
    x1: 460,
    y1: 180,
    columns: [60, 300, 460],
    rows: [100, 140, 180],
    cells,
    foundBy,
  };
}

const texts = (boxes: ReturnType<typeof textBoxesInDrawingOrder>) =>
  boxes.map((box) => box.lines.map((each) => each.spans[0]!.text).join(' '));

describe('textBoxesInDrawingOrder', () => {
  it('writes each cell of a table, ruled or not, where its own first line is drawn', () => {
    // The labels of a diagram beside a list: in cells, drawn as separate shapes; the title drawn last.
    const title = { kind: 'text' as const, ...line('Title', -2, 0, 4), lines: [line('Title', -2, 0, 4)] };
    for (const foundBy of ['rules', 'aligned text'] as const) {
      expect(texts(textBoxesInDrawingOrder([title, table(foundBy)]))).toEqual([
        'Parents',
        'Teachers',
        'Later years',
        'Early years',
        'Title',
      ]);
    }
  });

  it('parts a block or a cell where the page drew other text between its lines', () => {
    // A slide number drawn early that MuPDF put in a table's last cell; two labels drawn apart, read as one block.
    const cell = [line('14', 1, 1, 1), line('Stronger results', 1, 1, 5), line('and pass rates', 2, 1, 6)];
    const ruled: LayoutTableBlock = {
      ...table('rules'),
      cells: [
        { row: 0, column: 0, rowSpan: 1, columnSpan: 1, lines: [line('Strategy', 0, 0, 0)] },
        { row: 1, column: 1, rowSpan: 1, columnSpan: 1, lines: cell },
      ],
    };
    const labels = [line('Schools', 4, 0, 2), line('Colleges', 5, 0, 4)];
    const block = { kind: 'text' as const, x0: 60, y0: 260, x1: 160, y1: 322, lines: labels };
    const middle = { kind: 'text' as const, ...line('Engines', 6, 1, 3), lines: [line('Engines', 6, 1, 3)] };
    expect(texts(textBoxesInDrawingOrder([ruled, block, middle]))).toEqual([
      'Strategy',
      '14',
      'Schools',
      'Engines',
      'Colleges',
      'Stronger results and pass rates',
    ]);
  });
});
