/** Compress's levels, lightest first; medium is the default. */
export const compressLevels = ['low', 'medium', 'high'] as const;
export type CompressLevel = (typeof compressLevels)[number];

/**
 * What the lossy levels do to images: resample those drawn above `dpi` down to it and re-encode them at about
 * `quality` (JPEG). Low is lossless and has none. The engine, the tool page and the articles quote these numbers.
 */
export const compressLevelImages = {
  medium: { dpi: 150, quality: 75 },
  high: { dpi: 96, quality: 55 },
} as const satisfies Partial<Record<CompressLevel, { dpi: number; quality: number }>>;

/**
 * Bilevel (1-bit) scans are never made JPEG and stay 1-bit. Only the high level resamples them, and only those drawn
 * above this resolution: below it, thin strokes of text break up (Ghostscript's /screen keeps 1-bit images at 300
 * dpi too).
 */
export const compressBilevelDpi = { high: 300 } as const satisfies Partial<Record<CompressLevel, number>>;
