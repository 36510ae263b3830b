import { describe, expect, it } from 'vitest';
import { lumaFidelity, windowGrid } from './image-fidelity.js';

describe('lumaFidelity', () => {
  const width = 16;
  const height = 16;
  const ramp = Uint8Array.from({ length: width * height }, (_, index) => (index * 7) % 256);

  it('is SSIM 1 and PSNR Infinity for identical planes, over every whole window', () => {
    expect([...windowGrid(width, height)]).toEqual([
      [0, 0],
      [8, 0],
      [0, 8],
      [8, 8],
    ]);
    expect(lumaFidelity(ramp, ramp, width, windowGrid(width, height))).toEqual({ ssim: 1, psnr: Infinity });
  });

  it('gives the PSNR of a uniform error and an SSIM that falls with the damage', () => {
    const offByFour = ramp.map((value) => Math.min(255, value + 4));
    const flat = new Uint8Array(width * height).fill(128);
    const slight = lumaFidelity(ramp, offByFour, width, windowGrid(width, height));
    const ruined = lumaFidelity(ramp, flat, width, windowGrid(width, height));
    expect(slight.ssim).toBeGreaterThan(0.95);
    expect(ruined.ssim).toBeLessThan(0.1);
    // Only values under 252 move by exactly 4; the rest are clipped, so the PSNR is at least that of an error of 4.
    expect(slight.psnr).toBeGreaterThanOrEqual(10 * Math.log10((255 * 255) / 16) - 1e-9);
  });

  it('counts only the windows it is given', () => {
    const damagedRight = ramp.map((value, index) => (index % width >= 8 ? 255 - value : value));
    expect(
      lumaFidelity(ramp, damagedRight, width, [
        [0, 0],
        [0, 8],
      ]).ssim,
    ).toBe(1);
    expect(lumaFidelity(ramp, damagedRight, width, [[8, 0]]).ssim).toBeLessThan(0.5);
  });
});
