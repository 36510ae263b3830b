import * as mupdf from 'mupdf';
import { findImageXObjects, measurePlacements } from '../image-placements.js';
import { discardPrintOutputIntents } from '../output-intents.js';
import { discardPrivateData } from '../private-data.js';
import {
  type ImageSettings,
  type LeaveAlone,
  type LeftAloneReason,
  type SampledImage,
  resampleImage,
} from '../resample-images.js';
import { mergeDuplicateStreams } from '../stream-dedup.js';

/**
 * The MuPDF half of Compress PDF (see docs/decisions/024). It merges duplicate streams into a new file and, at the
 * lossy levels, finds every image's largest placement on any page, then resamples the images drawn above the
 * target resolution into pixel files for the main thread to encode. Nothing is written into the PDF here: the
 * main thread swaps the streams in with qpdf, by object number.
 */

export interface CompressPreparePayload {
  input: string;
  /** Where the copy with duplicate objects merged is written. Object numbers in the result refer to this file. */
  output: string;
  /** Left out at the lossless level. */
  images?: ImageSettings;
  /** Drop data only its creating application reads (see private-data.ts). Nothing on the page changes. */
  discardPrivateData?: boolean;
}

export interface CompressPrepareResult {
  images: SampledImage[];
  /** Image XObjects found, and why the others were left alone: for tests and the benchmark. */
  found: number;
  skipped: Partial<Record<LeftAloneReason, number>>;
}

export default async function compressPrepare(payload: CompressPreparePayload): Promise<CompressPrepareResult> {
  const source = new mupdf.PDFDocument(payload.input);
  let deviceCmykProfile: mupdf.ColorSpace | undefined;
  try {
    if (payload.discardPrivateData) discardPrivateData(source);
    mergeDuplicateStreams(source);
    // CMYK images converted for screens: the press's output intent and its profile go too. After the merge, so a
    // page's /DefaultCMYK stored as a copy of the intent's profile is recognised as the same one.
    if (payload.images?.iccCmykToRgb) deviceCmykProfile = discardPrintOutputIntents(source);
    // Unused objects (the merged duplicates among them) dropped, the rest renumbered. Not garbage=3 or 4: MuPDF's
    // own duplicate search compares every pair of objects, 82 s on a document of 40,000 objects.
    source.save(payload.output, 'garbage=compact');
  } finally {
    source.destroy();
  }
  const result: CompressPrepareResult = { images: [], found: 0, skipped: {} };
  if (!payload.images) return result;
  const leaveAlone: LeaveAlone = (reason) => {
    result.skipped[reason] = (result.skipped[reason] ?? 0) + 1;
    return undefined;
  };

  // Reopened from the saved file, so object numbers match what qpdf will read.
  const doc = new mupdf.PDFDocument(payload.output);
  let found: ReturnType<typeof findImageXObjects> | undefined;
  try {
    found = findImageXObjects(doc, () => leaveAlone('unreadable image'));
    const { images, softMasks } = found;
    result.found = images.length;
    if (images.length === 0) return result;
    const placements = measurePlacements(doc, images);
    if (!placements) {
      // A page MuPDF could not run may draw any image larger than we saw: leave them all alone.
      for (let i = 0; i < images.length; i++) leaveAlone('unreadable page');
      return result;
    }
    for (const info of images) {
      // A soft mask is resampled with the image it masks.
      if (softMasks.has(info.object)) continue;
      try {
        const placement = placements.get(info.object);
        const sampled = await resampleImage(doc, info, placement, payload.images, leaveAlone, deviceCmykProfile);
        if (sampled) result.images.push(sampled);
      } catch {
        leaveAlone('unreadable image');
      }
      // Decoded pixels MuPDF cached for this image are not needed again: one image's worth in memory at a time.
      mupdf.emptyStore();
    }
    return result;
  } finally {
    for (const info of found?.images ?? []) info.image?.destroy();
    deviceCmykProfile?.destroy();
    doc.destroy();
  }
}
