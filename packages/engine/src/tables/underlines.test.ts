import { describe, expect, it } from 'vitest';
import { withoutUnderlines } from './underlines.js';

/** A 12 pt line's box from x0 to x1, its top at `top`. */
const line = (top: number, x0: number, x1: number) => ({ x0, y0: top, x1, y1: top + 12 });
const rule = (y: number, x0: number, x1: number) => ({ x0, y0: y - 0.25, x1, y1: y + 0.25 });

describe('withoutUnderlines', () => {
  it("drops a line's underline, its last space underlined too, and keeps a table's rule under a row", () => {
    const label = line(100, 90, 131);
    // A link's underline just under the baseline, from where the text starts to a little past its end.
    const underline = rule(109.5, 90, 134);
    // A cell's lower rule, level with the text's bottom, from the cell's edge 5 pt before the text.
    const cellRule = rule(111.5, 85, 300);
    // A rule far under the line, and one wider than the line at its end.
    const below = rule(130, 90, 131);
    const wider = rule(109.5, 90, 200);
    expect(withoutUnderlines([underline, cellRule, below, wider], [label])).toEqual([cellRule, below, wider]);
  });
});
