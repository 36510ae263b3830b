import { type CompressLevel, compressBilevel, compressLevelImages } from '@paperknife/catalog/compress-levels';
import type { JpegTarget } from './image-recompress.js';
import type { ImageSettings } from './resample-images.js';

/**
 * Each JPEG's quality is the lowest that keeps its content this close to the resampled pixels (see
 * encodeJpegToTarget), up to the level's quality (the catalogue's number, once fixed for every image). Text-like
 * images (scanned pages, screenshots) have a higher floor and must meet a PSNR as well, since SSIM forgives the
 * ringing beside strokes. Set on 150 dpi renders of the benchmark's photographs and scans (docs/decisions/101):
 * medium chooses about 40-45 for photographs and 50-60 for pages of text, where 75 was fixed.
 */
const jpegTargets = {
  medium: {
    ...{ minQuality: 40, maxQuality: compressLevelImages.medium.quality, ssim: 0.955 },
    ...{ textMinQuality: 50, textSsim: 0.975, textPsnr: 24 },
  },
  high: {
    ...{ minQuality: 30, maxQuality: compressLevelImages.high.quality, ssim: 0.93 },
    ...{ textMinQuality: 40, textSsim: 0.96, textPsnr: 22 },
  },
} as const satisfies Record<'medium' | 'high', JpegTarget>;

/** A new encoding must save at least this share of an image's bytes, or the image stays as it was. */
export const MIN_SAVING = 0.05;

export interface LevelSettings {
  /** What the MuPDF task resamples (the worker's settings, without the job folder). */
  images: Omit<ImageSettings, 'folder'>;
  jpeg: JpegTarget;
  /**
   * When a JPEG or JPEG 2000 image at its own size is re-encoded: the share of its bytes the new JPEG must save,
   * and whether the new JPEG must meet the target (else it loses visibly more than the source already did).
   */
  lossyRecode: { minSaving: number; targetMet: boolean };
}

/** Image settings per level: the product's numbers. Low has none: it is lossless. */
export const levels: Record<CompressLevel, LevelSettings | undefined> = {
  low: undefined,
  // Medium re-encodes a JPEG at its own size only for a fifth of its bytes at the target: what Ghostscript /ebook
  // does to every JPEG it must convert to sRGB, without touching the well-compressed ones.
  medium: {
    images: {
      dpi: compressLevelImages.medium.dpi,
      recodeLossy: true,
      recodeLossyMinBytes: 32 * 1024,
      bilevelResample: compressBilevel.medium,
    },
    jpeg: jpegTargets.medium,
    lossyRecode: { minSaving: 0.2, targetMet: true },
  },
  high: {
    images: { dpi: compressLevelImages.high.dpi, recodeLossy: true, bilevelResample: compressBilevel.high },
    jpeg: jpegTargets.high,
    lossyRecode: { minSaving: MIN_SAVING, targetMet: false },
  },
};
