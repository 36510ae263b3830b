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
 * Bilevel (1-bit) scans are never made JPEG and stay 1-bit. Medium and high resample those drawn well above `dpi` to
 * it: medium only above `above` dpi (Ghostscript /ebook's mono threshold, 1.5 x 300), high above 1.1 x `dpi`. Below
 * 300 dpi thin strokes of text break up (Ghostscript's /screen keeps 1-bit images at 300 dpi too).
 */
export const compressBilevel = {
  medium: { dpi: 300, above: 450 },
  high: { dpi: 300, above: 330 },
} as const satisfies Partial<Record<CompressLevel, { dpi: number; above: number }>>;
