/**
 * How close a re-encoded image is to its source, the one measure Compress PDF picks JPEG qualities by and the
 * compress benchmark scores pages with: SSIM of the luma over 8 x 8 windows without overlap (cheap, and enough to
 * rank encodings of the same pixels), and PSNR over the same pixels.
 */

export interface Fidelity {
  /** Mean SSIM over the windows. 1 when there are none. */
  ssim: number;
  /** PSNR in dB over the windows' pixels; Infinity when they are identical. */
  psnr: number;
}

const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;

/**
 * Fidelity of `test` to `reference`, two luma planes `width` pixels wide, over the 8 x 8 windows whose top-left
 * corners `corners` lists.
 */
export function lumaFidelity(
  reference: ArrayLike<number>,
  test: ArrayLike<number>,
  width: number,
  corners: Iterable<readonly [left: number, top: number]>,
): Fidelity {
  let total = 0;
  let windows = 0;
  let squaredError = 0;
  for (const [left, top] of corners) {
    let sa = 0;
    let sb = 0;
    let saa = 0;
    let sbb = 0;
    let sab = 0;
    for (let y = top; y < top + 8; y++) {
      for (let x = left; x < left + 8; x++) {
        const a = reference[y * width + x]!;
        const b = test[y * width + x]!;
        sa += a;
        sb += b;
        saa += a * a;
        sbb += b * b;
        sab += a * b;
        squaredError += (a - b) * (a - b);
      }
    }
    const ma = sa / 64;
    const mb = sb / 64;
    const va = saa / 64 - ma * ma;
    const vb = sbb / 64 - mb * mb;
    const cov = sab / 64 - ma * mb;
    total += ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2));
    windows++;
  }
  if (windows === 0) return { ssim: 1, psnr: Infinity };
  const meanSquaredError = squaredError / (windows * 64);
  const psnr = meanSquaredError === 0 ? Infinity : 10 * Math.log10((255 * 255) / meanSquaredError);
  return { ssim: total / windows, psnr };
}

/** The top-left corners of every whole 8 x 8 window of a `width` x `height` plane, row by row. */
export function* windowGrid(width: number, height: number): Generator<readonly [number, number]> {
  for (let top = 0; top + 8 <= height; top += 8) for (let left = 0; left + 8 <= width; left += 8) yield [left, top];
}
