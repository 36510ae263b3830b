import { describe, expect, it } from 'vitest';
import { placeStamp, visibleSize, visibleToUser } from './page-placement.js';

const letter = [0, 0, 612, 792] as const;

/** The visible-page point where the text's baseline starts, from a placement on an unrotated frame. */
describe('page placement', () => {
  it('turns the box by /Rotate for the visible size', () => {
    expect(visibleSize({ box: letter, rotate: 0 })).toEqual({ width: 612, height: 792 });
    expect(visibleSize({ box: letter, rotate: 90 })).toEqual({ width: 792, height: 612 });
    expect(visibleSize({ box: letter, rotate: -90 })).toEqual({ width: 792, height: 612 });
  });

  it('maps the visible corners to the right corners of the box', () => {
    // Rotate 90: the viewer's bottom-left is the box's top-left... turned: user (x0 + w, y0) for (0, 0).
    expect(visibleToUser({ box: letter, rotate: 90 }, 0, 0)).toEqual([612, 0]);
    expect(visibleToUser({ box: letter, rotate: 180 }, 0, 0)).toEqual([612, 792]);
    expect(visibleToUser({ box: letter, rotate: 270 }, 0, 0)).toEqual([0, 792]);
    expect(visibleToUser({ box: [100, 50, 300, 250], rotate: 0 }, 10, 20)).toEqual([110, 70]);
  });

  it('centres text on an unrotated page', () => {
    const { matrix, fontSize } = placeStamp(
      { box: letter, rotate: 0 },
      { emWidth: 5, fontSize: 20, position: 'center', rotation: 0, margin: 36 },
    );
    expect(fontSize).toBe(20);
    expect(matrix.slice(0, 4)).toEqual([1, 0, -0, 1]);
    expect(matrix[4]).toBeCloseTo(306 - 50);
    expect(matrix[5]).toBeCloseTo(396 - 10 + 4.4);
  });

  it('puts bottom-right text inside the margins, and turns it with the page', () => {
    const flat = placeStamp(
      { box: letter, rotate: 0 },
      { emWidth: 2, fontSize: 12, position: 'bottom-right', rotation: 0, margin: 36 },
    );
    expect(flat.matrix[4]).toBeCloseTo(612 - 36 - 24);
    expect(flat.matrix[5]).toBeCloseTo(36 + 12 * 0.22);
    const turned = placeStamp(
      { box: letter, rotate: 90 },
      { emWidth: 2, fontSize: 12, position: 'bottom-right', rotation: 0, margin: 36 },
    );
    // Visible (792 x 612): baseline start at (792 - 36 - 24, 36 + 2.64) -> user (612 - vy, vx), text along +y.
    expect(turned.matrix.slice(0, 4)).toEqual([0, 1, -1, 0]);
    expect(turned.matrix[4]).toBeCloseTo(612 - (36 + 2.64));
    expect(turned.matrix[5]).toBeCloseTo(792 - 36 - 24);
  });

  it('shrinks text that would not fit between the margins, rotated or not', () => {
    const wide = placeStamp(
      { box: letter, rotate: 0 },
      { emWidth: 30, fontSize: 72, position: 'center', rotation: 0, margin: 36 },
    );
    expect(wide.fontSize).toBeCloseTo((612 - 72) / 30);
    const diagonal = placeStamp(
      { box: letter, rotate: 0 },
      { emWidth: 30, fontSize: 72, position: 'center', rotation: 45, margin: 36 },
    );
    const s = diagonal.fontSize;
    expect((30 * s + s) * Math.SQRT1_2).toBeLessThanOrEqual(612 - 72 + 1e-6);
  });
});
