import { writeFile } from 'node:fs/promises';
import * as mupdf from 'mupdf';
import { findImageXObjects, measurePlacements } from '../image-placements.js';
import { subsetFontsUnlessFieldsNeedThem } from '../font-subset.js';
import { discardPrintOutputIntents, printIntentProfile } from '../output-intents.js';
import { discardPrivateData } from '../private-data.js';
import {
  type ImageSettings,
  type LeaveAlone,
  type LeftAloneReason,
  type SampledImage,
  cmykSource,
  resampleImage,
} from '../resample-images.js';
import { mergeDuplicateStreams } from '../stream-dedup.js';

/**
 * The MuPDF half of Compress PDF (see docs/decisions/024). It merges duplicate streams into a new file and, at the
 * lossy levels, finds every image's largest placement on any page, then resamples the images drawn above the
 * target resolution into pixel files for the main thread to encode. CMYK images become RGB; when every device
 * CMYK image drawn was converted, the PDF/X output intent whose profile they relied on is dropped (decision 101).
 * Nothing else is written into the PDF here: the main thread swaps the streams in with qpdf, by object number.
 */

export interface CompressPreparePayload {
  input: string;
  /** Where the copy with duplicate objects merged is written. Object numbers in the result refer to this file. */
  output: string;
  /** Left out at the lossless level. */
  images?: ImageSettings;
  /** Drop data only its creating application reads (see private-data.ts). Nothing on the page changes. */
  discardPrivateData?: boolean;
  /** Keep only the glyphs each embedded font draws, unless form fields need their fonts whole (font-subset.ts). */
  subsetFonts?: boolean;
}

export interface CompressPrepareResult {
  /**
   * The file the images' object numbers refer to: the payload's output, or a copy of it with the output intent
   * removed (same object numbers).
   */
  path: string;
  images: SampledImage[];
  /** Image XObjects found, and why the others were left alone: for tests and the benchmark. */
  found: number;
  skipped: Partial<Record<LeftAloneReason, number>>;
}

export default async function compressPrepare(payload: CompressPreparePayload): Promise<CompressPrepareResult> {
  const source = new mupdf.PDFDocument(payload.input);
  try {
    if (payload.discardPrivateData) discardPrivateData(source);
    mergeDuplicateStreams(source);
    // After the merge, so a font embedded many times is subset once.
    if (payload.subsetFonts) subsetFontsUnlessFieldsNeedThem(source);
    // Unused objects (the merged duplicates among them) dropped, the rest renumbered. Not garbage=3 or 4: MuPDF's
    // own duplicate search compares every pair of objects, 82 s on a document of 40,000 objects.
    source.save(payload.output, 'garbage=compact');
  } finally {
    source.destroy();
  }
  const result: CompressPrepareResult = { path: payload.output, images: [], found: 0, skipped: {} };
  if (!payload.images) return result;
  const leaveAlone: LeaveAlone = (reason) => {
    result.skipped[reason] = (result.skipped[reason] ?? 0) + 1;
    return undefined;
  };

  // Reopened from the saved file, so object numbers match what qpdf will read.
  const doc = new mupdf.PDFDocument(payload.output);
  let found: ReturnType<typeof findImageXObjects> | undefined;
  let deviceCmykProfile: mupdf.ColorSpace | undefined;
  // Device CMYK images (or unreadable ones, which may be) that keep their colours as stored.
  let deviceCmykKept = 0;
  try {
    deviceCmykProfile = printIntentProfile(doc);
    found = findImageXObjects(doc, () => {
      deviceCmykKept++;
      leaveAlone('unreadable image');
    });
    const { images, softMasks } = found;
    result.found = images.length;
    const placements = images.length > 0 ? measurePlacements(doc, images) : new Map();
    if (!placements) {
      // A page MuPDF could not run may draw any image larger than we saw: leave them all alone.
      for (let i = 0; i < images.length; i++) leaveAlone('unreadable page');
      return result;
    }
    for (const info of images) {
      // A soft mask is resampled with the image it masks.
      if (softMasks.has(info.object)) continue;
      const placement = placements.get(info.object);
      let sampled: SampledImage | undefined;
      try {
        sampled = await resampleImage(doc, info, placement, payload.images, leaveAlone, deviceCmykProfile);
      } catch {
        leaveAlone('unreadable image');
      }
      if (sampled) result.images.push(sampled);
      else if (placement && cmykSource(info.ref.get('ColorSpace')) === 'device') deviceCmykKept++;
      // Decoded pixels MuPDF cached for this image are not needed again: one image's worth in memory at a time.
      mupdf.emptyStore();
    }
    // Every device CMYK image drawn is RGB now: the press's intent and its profile can go. Saved incrementally, so
    // object numbers stay; qpdf's lossless pass drops the profile no longer referenced.
    if (deviceCmykProfile && deviceCmykKept === 0 && discardPrintOutputIntents(doc)) {
      result.path = payload.output.replace(/(\.pdf)?$/, '-without-intent.pdf');
      await writeFile(result.path, doc.saveToBuffer('incremental').asUint8Array());
    }
    return result;
  } finally {
    for (const info of found?.images ?? []) info.image?.destroy();
    deviceCmykProfile?.destroy();
    doc.destroy();
  }
}
