import { describe, expect, it } from 'vitest';
import { type GrayPixels, changedRegions } from './pixel-regions.js';

function page(width: number, height: number, draw: (x: number, y: number) => number = () => 255): GrayPixels {
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels[y * width + x] = draw(x, y);
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

  it('leaves out the boxes it is told to, and counts a larger page beyond the smaller as white', () => {
    const before = page(60, 60);
    const after = page(60, 90, (x, y) => (inside(x, y, [10, 10, 30, 30]) || y >= 70 ? 0 : 255));
    expect(changedRegions(before, after, [[8, 8, 32, 32]])).toEqual([[0, 66, 60, 90]]);
  });
});
