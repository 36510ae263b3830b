import { describe, expect, it } from 'vitest';
import { partitionPoint } from './sorted-search.js';

describe('partitionPoint', () => {
  it('finds where a sorted list stops holding a test: first, middle, past the end, empty', () => {
    const tops = [10, 20, 20, 30, 40];
    expect(partitionPoint(tops, (top) => top < 5)).toBe(0);
    expect(partitionPoint(tops, (top) => top < 20)).toBe(1);
    expect(partitionPoint(tops, (top) => top <= 20)).toBe(3);
    expect(partitionPoint(tops, (top) => top < 99)).toBe(5);
    expect(partitionPoint([], () => true)).toBe(0);
  });
});
