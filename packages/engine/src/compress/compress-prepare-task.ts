import { rmSync, writeFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { openPdfFromFile } from '../mupdf/file-stream.js';
import { forEachObject, nameOf, withMupdfErrors } from '../mupdf/pdf-objects.js';
import { findImageXObjects, measurePlacements } from './image-placements.js';
import { hasFontsToSubset, subsetFontsUnlessFieldsNeedThem } from './subset-embedded-fonts.js';
import { discardPrintOutputIntents, printIntentProfile } from './output-intents.js';
import { PRIVATE_DATA_KEYS, discardPrivateData, findPrivateData } from './private-data.js';
import {
  type ImageSettings,
  type LeaveAlone,
  type LeftAloneReason,
  type SampledImage,
  cmykSource,
  resampleImage,
} from './resample-images.js';
import { sampledImageFiles } from './sampled-image-files.js';
import { findDuplicateStreams, mergeDuplicateStreams, referringObjects } from './stream-dedup.js';
import type { ReportProgress, SendPart } from '../mupdf/task-table.js';

/**
 * The MuPDF half of Compress PDF (see docs/decisions/024). It finds duplicate streams and, at the lossy levels,
 * other applications' private data, and finds every image's largest placement on any page, then resamples the
 * images drawn above the target resolution into pixel files for the main thread to encode. CMYK images become RGB;
 * when every device CMYK image drawn was converted, the PDF/X output intent whose profile they relied on is dropped
 * (decision 101). MuPDF writes a copy of the file only when it must change font programs (subsetting) or repaired
 * the file; otherwise the merges and removals go to the main thread as edits for qpdf's write, as the new image
 * streams do, by object number: a save builds the whole file in the worker's heap (docs/decisions/105).
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
  /** Keep only the glyphs each embedded font draws, unless form fields need their fonts whole (subset-embedded-fonts.ts). */
  subsetFonts?: boolean;
}

export interface CompressPrepareResult {
  /**
   * The file the object numbers refer to: the payload's output when MuPDF wrote a copy, or its input, or a copy of
   * either with the output intent removed (same object numbers).
   */
  path: string;
  /** What qpdf's write of `path` must change besides the images, when MuPDF wrote no copy. */
  edits?: ObjectEdits;
  /** Every image resampled, each also sent as a part as soon as its pixels are written, for the caller to encode. */
  images: SampledImage[];
  /** Image XObjects found, and why the others were left alone: for tests and the benchmark. */
  found: number;
  skipped: Partial<Record<LeftAloneReason, number>>;
}

/** Changes found in the file for qpdf to make as it writes it (the objects' own numbers, as qpdf reads them). */
export interface ObjectEdits {
  /** Duplicate streams: [copy, stream kept in its place]. Nothing refers to a copy once `referring` are edited. */
  duplicates: [number, number][];
  /** Objects whose value refers to a copy (in their dictionary or array, or one nested in it). */
  referring: number[];
  /** The trailer refers to a copy. */
  trailer: boolean;
  /** Objects whose dictionary holds private data, and the keys to drop from them (see private-data.ts). */
  dropKeys: { objects: number[]; keys: string[] };
}

export async function compressPrepare(
  payload: CompressPreparePayload,
  _report?: ReportProgress,
  sendPart?: SendPart,
): Promise<CompressPrepareResult> {
  const result: CompressPrepareResult = { path: payload.output, images: [], found: 0, skipped: {} };
  let doc = openPdfFromFile(payload.input);
  try {
    // Fonts are subset in MuPDF's copy, which it then saves (once merged, so a font embedded many times is subset
    // once). Otherwise MuPDF only finds what qpdf is to change (reading every object, so a damaged one is met).
    const subset = payload.subsetFonts === true && hasFontsToSubset(doc);
    let duplicates = subset ? new Map<number, number>() : findDuplicateStreams(doc);
    const privateData = !subset && payload.discardPrivateData ? findPrivateData(doc) : [];
    // qpdf 11.3's --update-from-json can lose its change to an object stored in an object stream (the stream,
    // read later, brings the old object back): with any object stream, MuPDF makes the edits and saves.
    const edited = duplicates.size > 0 || privateData.length > 0;
    if (subset || doc.wasRepaired() || (edited && hasObjectStreams(doc))) {
      duplicates = new Map();
      if (payload.discardPrivateData) discardPrivateData(doc);
      mergeDuplicateStreams(doc);
      if (subset) subsetFontsUnlessFieldsNeedThem(doc);
      // Unused objects (the merged duplicates among them) dropped, the rest renumbered. Not garbage=3 or 4: MuPDF's
      // own duplicate search compares every pair of objects, 82 s on a document of 40,000 objects.
      saveDocument(doc, payload.output, 'garbage=compact');
      doc.destroy();
      // Reopened from the saved file, so object numbers match what qpdf will read.
      doc = openPdfFromFile(payload.output);
    } else {
      // The input as it is, whose object numbers qpdf reads the same: the merges and removals are qpdf's to make as
      // it writes the file. A copy written here cost a pass over the whole file and its size again in the worker's
      // heap, which never shrinks (docs/decisions/105).
      result.path = payload.input;
      if (edited) {
        const referring = referringObjects(doc, new Set(duplicates.keys()));
        result.edits = {
          duplicates: [...duplicates],
          referring: referring.objects,
          trailer: referring.trailer,
          dropKeys: { objects: privateData, keys: [...PRIVATE_DATA_KEYS] },
        };
      }
      // The same merge in MuPDF's copy in memory (never saved), so it reads the file as qpdf will write it: images
      // are found drawn as the streams kept, and an output intent's profile as the one each page names.
      mergeDuplicateStreams(doc, duplicates);
    }
    if (!payload.images) return result;
    const outputWithoutIntent = payload.output.replace(/(\.pdf)?$/, '-without-intent.pdf');
    return await prepareImages(doc, payload.images, result, outputWithoutIntent, duplicates, sendPart);
  } finally {
    doc.destroy();
  }
}

/** True when the file stores objects in object streams (/Type /ObjStm). */
function hasObjectStreams(doc: mupdf.PDFDocument): boolean {
  let found = false;
  forEachObject(doc, (ref) => {
    if (!found && ref.isStream()) found = nameOf(ref.get('Type')) === 'ObjStm';
  });
  return found;
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
 * Resamples the images of `doc` (see resampleImage) into `result`, sending each as a part as well; drops the PDF/X
 * intent when every device CMYK image was converted, in an incremental copy of `result.path`. The copies among
 * `duplicates` (copy -> kept, merged in `doc` but still there) are left out: nothing draws them.
 */
async function prepareImages(
  doc: mupdf.PDFDocument,
  settings: ImageSettings,
  result: CompressPrepareResult,
  outputWithoutIntent: string,
  duplicates: ReadonlyMap<number, number>,
  sendPart: SendPart | undefined,
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
      // A soft mask is resampled with the image it masks; a merged copy is drawn nowhere.
      if (softMasks.has(info.object) || duplicates.has(info.object)) continue;
      const placement = placements.get(info.object);
      let sampled: SampledImage | undefined;
      try {
        const decoded = await withMupdfErrors(() =>
          resampleImage(doc, info, placement, settings, leaveAlone, deviceCmykProfile),
        );
        sampled = decoded.value;
        // Data MuPDF could not decode came out padded: those pixels must not replace the image, which stays as
        // stored for Compress's check of the JPEG data it copies (docs/decisions/105).
        if (decoded.errors.length > 0) {
          for (const file of sampled ? sampledImageFiles(sampled) : []) rmSync(file, { force: true });
          sampled = undefined;
          leaveAlone('unreadable image');
        }
      } catch {
        leaveAlone('unreadable image');
      }
      if (sampled) {
        result.images.push(sampled);
        sendPart?.(sampled);
      } else if (placement && cmykSource(info.ref.get('ColorSpace')) === 'device') deviceCmykKept++;
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
