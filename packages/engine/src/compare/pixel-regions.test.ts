import { describe, expect, it } from 'vitest';
import { type RgbPixels, changedRegions } from './pixel-regions.js';

type Colour = [number, number, number];

/** A page of `width` x `height` pixels, each drawn gray (a number) or in colour. */
function page(width: number, height: number, draw: (x: number, y: number) => number | Colour = () => 255): RgbPixels {
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = draw(x, y);
      pixels.set(typeof value === 'number' ? [value, value, value] : value, (y * width + x) * 3);
    }
  }
  return { width, height, pixels };
}

const inside = (x: number, y: number, [x0, y0, x1, y1]: [number, number, number, number]) =>
  x >= x0 && x < x1 && y >= y0 && y < y1;

describe('changedRegions', () => {
  it('boxes a changed block and ignores scattered anti-aliasing and faint differences', () => {
    const before = page(120, 100);
    const after = page(120, 100, (x, y) => {
      if (inside(x, y, [30, 40, 50, 60])) return 0; // a block drawn
      if ((x * 7 + y * 13) % 97 === 0) return 120; // lone pixels off by half a tone
      return 230; // a faint tint everywhere
    });
    const regions = changedRegions(before, after);
    expect(regions).toHaveLength(1);
    const [x0, y0, x1, y1] = regions[0]!;
    expect(x0).toBeLessThanOrEqual(30);
    expect(y0).toBeLessThanOrEqual(40);
    expect(x1).toBeGreaterThanOrEqual(50);
    expect(y1).toBeGreaterThanOrEqual(60);
    expect(x1 - x0).toBeLessThan(35);
  });

  it('finds a colour changed to another as light, which gray would not tell apart', () => {
    // Red (gray 94 by luma) and a green of nearly the same gray: one block changes hue, not lightness.
    const red: Colour = [220, 40, 40];
    const green: Colour = [40, 120, 60];
    const before = page(80, 60, (x, y) => (inside(x, y, [20, 20, 40, 40]) ? red : 255));
    const after = page(80, 60, (x, y) => (inside(x, y, [20, 20, 40, 40]) ? green : 255));
    expect(changedRegions(before, after)).toEqual([[18, 18, 42, 42]]);
  });

  it('leaves out the boxes it is told to, and counts a larger page beyond the smaller as white', () => {
    const before = page(60, 60);
    const after = page(60, 90, (x, y) => (inside(x, y, [10, 10, 30, 30]) || y >= 70 ? 0 : 255));
    expect(changedRegions(before, after, [[8, 8, 32, 32]])).toEqual([[0, 66, 60, 90]]);
  });
});
