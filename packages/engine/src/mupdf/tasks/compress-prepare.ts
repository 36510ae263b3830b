import { writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { openPdfFromFile } from '../file-stream.js';
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
  /**
   * Where the copy with duplicate objects merged is written, when MuPDF changed anything. Object numbers in the
   * result refer to the result's `path`.
   */
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
   * The file the images' object numbers refer to: the payload's output, or its input when MuPDF had nothing to
   * change, or a copy of either with the output intent removed (same object numbers).
   */
  path: string;
  images: SampledImage[];
  /** Image XObjects found, and why the others were left alone: for tests and the benchmark. */
  found: number;
  skipped: Partial<Record<LeftAloneReason, number>>;
}

export default async function compressPrepare(payload: CompressPreparePayload): Promise<CompressPrepareResult> {
  const result: CompressPrepareResult = { path: payload.output, images: [], found: 0, skipped: {} };
  let doc = openPdfFromFile(payload.input);
  try {
    if (payload.discardPrivateData) discardPrivateData(doc);
    mergeDuplicateStreams(doc);
    // After the merge, so a font embedded many times is subset once.
    if (payload.subsetFonts) subsetFontsUnlessFieldsNeedThem(doc);
    if (doc.hasUnsavedChanges() || doc.wasRepaired()) {
      // Unused objects (the merged duplicates among them) dropped, the rest renumbered. Not garbage=3 or 4: MuPDF's
      // own duplicate search compares every pair of objects, 82 s on a document of 40,000 objects.
      saveDocument(doc, payload.output, 'garbage=compact');
      doc.destroy();
      // Reopened from the saved file, so object numbers match what qpdf will read.
      doc = openPdfFromFile(payload.output);
    } else {
      // Nothing merged, dropped or subset: the input as it is, whose object numbers qpdf reads the same. Writing a
      // copy cost a pass over the whole file and its size again in the worker's heap (docs/decisions/105).
      result.path = payload.input;
    }
    if (!payload.images) return result;
    const outputWithoutIntent = payload.output.replace(/(\.pdf)?$/, '-without-intent.pdf');
    return await prepareImages(doc, payload.images, result, outputWithoutIntent);
  } finally {
    doc.destroy();
  }
}

/** Writes the document through a buffer freed at once: the heap it took is reused by what comes next. */
function saveDocument(doc: mupdf.PDFDocument, path: string, options: string): void {
  const buffer = doc.saveToBuffer(options);
  try {
    writeFileSync(path, buffer.asUint8Array());
  } finally {
    buffer.destroy();
  }
}

/**
 * Resamples the images of `doc` (see resampleImage) into `result`; drops the PDF/X intent when every device CMYK
 * image was converted, in an incremental copy of `result.path`.
 */
async function prepareImages(
  doc: mupdf.PDFDocument,
  settings: ImageSettings,
  result: CompressPrepareResult,
  outputWithoutIntent: string,
): Promise<CompressPrepareResult> {
  const leaveAlone: LeaveAlone = (reason) => {
    result.skipped[reason] = (result.skipped[reason] ?? 0) + 1;
    return undefined;
  };
  let deviceCmykProfile: mupdf.ColorSpace | undefined;
  // Device CMYK images (or unreadable ones, which may be) that keep their colours as stored.
  let deviceCmykKept = 0;
  try {
    deviceCmykProfile = printIntentProfile(doc);
    const { images, softMasks } = findImageXObjects(doc, () => {
      deviceCmykKept++;
      leaveAlone('unreadable image');
    });
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
        sampled = await resampleImage(doc, info, placement, settings, leaveAlone, deviceCmykProfile);
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
      result.path = outputWithoutIntent;
      saveDocument(doc, result.path, 'incremental');
    }
    return result;
  } finally {
    deviceCmykProfile?.destroy();
  }
}
