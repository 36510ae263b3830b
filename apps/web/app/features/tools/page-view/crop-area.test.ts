import { describe, expect, it } from 'vitest';
import { MIN_AREA, areaBetween, areaOfMargins, marginsOfArea } from './crop-area';

const a4 = { width: 210, height: 297 };

describe('crop area', () => {
  it('turns margins into the area they leave and back', () => {
    const margins = { top: 29.7, right: 21, bottom: 59.4, left: 42 };
    const area = areaOfMargins(margins, a4);
    expect(area.x).toBeCloseTo(0.2);
    expect(area.y).toBeCloseTo(0.1);
    expect(area.width).toBeCloseTo(0.7);
    expect(area.height).toBeCloseTo(0.7);
    expect(marginsOfArea(area, a4)).toEqual(margins);
  });

  it('keeps a drawn area on the page and never smaller than the minimum, whichever way it was dragged', () => {
    const backwards = areaBetween([0.9, 0.8], [0.1, 0.2]);
    expect([backwards.x, backwards.y, backwards.width, backwards.height].map((value) => value.toFixed(3))).toEqual([
      '0.100',
      '0.200',
      '0.800',
      '0.600',
    ]);
    const outside = areaBetween([-0.5, 0.5], [1.5, 0.5]);
    expect(outside.x).toBe(0);
    expect(outside.width).toBe(1);
    expect(outside.height).toBe(MIN_AREA);
    expect(outside.y).toBe(0.5);
  });

  it('keeps a little of the page when the margins meet', () => {
    const area = areaOfMargins({ top: 200, right: 0, bottom: 200, left: 0 }, a4);
    expect(area.height).toBe(MIN_AREA);
    expect(area.y + area.height).toBeLessThanOrEqual(1);
  });
});
