import { copyFile, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { constants } from 'node:zlib';
import { ToolError } from '@paperknife/catalog/errors';
import { type CompressLevel, compressBilevel, compressLevelImages } from '@paperknife/catalog/compress-levels';
import { type compressResults, sizeHeaders } from '@paperknife/catalog/http-api';
import { tools } from '@paperknife/catalog/tools';
import { ccittG4DecodeParms } from '../compress/ccitt-g4-encode.js';
import { type EncodedImage, type JpegTarget, encodeFlate, encodeJpegToTarget } from '../compress/image-recompress.js';
import { mupdfPool } from '../mupdf/pool.js';
import type { CompressTasks } from '../compress/compress-tasks.js';
import type { ImageSettings, SampledImage } from '../compress/resample-images.js';
import { sampledImageFiles } from '../compress/sampled-image-files.js';
import type { CompressPreparePayload, CompressPrepareResult, ObjectEdits } from '../compress/compress-prepare-task.js';
import { runBesidePreflight } from '../preflight/beside-preflight.js';
import { concurrencyLimit } from '../jobs/concurrency-limit.js';
import {
  assertPdf,
  isCleanLeavingJpegData,
  jpegDataDecodes,
  preparePdfInput,
  tempPath,
} from '../preflight/pdf-input.js';
import { optimizeLossless, runQpdfJob } from '../programs/qpdf.js';
import { abortError } from '../programs/run-process.js';
import { type Settled, settle } from '../jobs/settle.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolContext, ToolRunner } from '../jobs/tool-runner.js';

const pool = mupdfPool<CompressTasks>();

/**
 * Compress PDF. Every level merges duplicate objects (MuPDF) and runs qpdf's lossless pass (object streams, Flate
 * recompressed at level 9, unused objects dropped). Medium and high also resample images drawn above 150 or 96 dpi
 * down to that resolution and re-encode them, and drop other applications' private data (/PieceInfo, /Thumb);
 * text and vector graphics are never touched. 1-bit scans stay 1-bit (resampled only at high) and are written as
 * CCITT G4 when that is smaller, gray-looking scans become gray, CMYK images become RGB, and each JPEG gets the
 * lowest quality that meets its level's perceptual target. The result is never larger than the upload, and the answer's headers say what happened. See
 * docs/decisions/024, 100, 101 and 102.
 */

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
const MIN_SAVING = 0.05;

interface LevelSettings {
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
const levels: Record<CompressLevel, LevelSettings | undefined> = {
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

type CompressResult = (typeof compressResults)[number];

export const compressPdf: ToolRunner<'compress-pdf'> = async (files, options, context) => {
  const file = requireOneFile(files);
  await assertPdf(file.path);
  const settings = levels[options.level];

  // The MuPDF pass and the image encoding start on the upload while the preflight checks it; see
  // docs/decisions/105. At medium and high the preflight leaves JPEG data out, and only the JPEGs the output copies
  // as they are are decoded afterwards: most are re-encoded, and a scan's or a photo book's JPEGs took seconds to
  // decode in `qpdf --check` (Low copies every JPEG, so its preflight decodes them all at once).
  const { input, outcome } = await runBesidePreflight(file, context, {
    onUpload: (early) => rewrite(file.path, settings, early),
    onPrepared: (prepared, late) => rewrite(prepared.path, settings, late),
    ...(settings ? { preflight: { jpegDataCheckedByTool: true } } : {}),
  });
  let compressed = await writeOutput(input.path, rewriteOrLossless(outcome, context), context);
  if (!input.jpegDataChecked && !(await jpegDataDecodes(compressed.source, context, compressed.swapped))) {
    // A JPEG copied as it is does not decode: the full preflight repairs the upload or refuses it, as at low.
    await rm(compressed.path, { force: true });
    const checked = await preparePdfInput(file, context);
    const again = await settle(rewrite(checked.path, settings, context));
    compressed = await writeOutput(checked.path, rewriteOrLossless(again, context), context);
  }
  const result: CompressResult = compressed.size < file.size ? 'smaller' : 'unchanged';
  return {
    path: compressed.path,
    download: tools['compress-pdf'].download,
    headers: {
      [sizeHeaders.original.name]: String(file.size),
      [sizeHeaders.output.name]: String(compressed.size),
      [sizeHeaders.imagesRecompressed.name]: String(compressed.imagesRecompressed),
      [sizeHeaders.result.name]: result,
    },
  };
};

interface Compressed {
  path: string;
  size: number;
  imagesRecompressed: number;
  /** The file whose objects the output holds (its numbering), and the image streams in it that were swapped. */
  source: string;
  swapped: ReadonlySet<number>;
}

/**
 * The qpdf pass over the rewrite (or over `input` alone when there is none or its output fails the check), and the
 * size rule: never larger than `input`, the file as the preflight handed it back.
 */
async function writeOutput(input: string, rewritten: Rewritten | undefined, context: ToolContext): Promise<Compressed> {
  const output = tempPath(context, 'compressed-document');
  // The new image streams go in during the lossless pass: one qpdf write of the whole file, not two.
  const update = rewritten?.update ? [`--update-from-json=${rewritten.update}`] : [];
  await optimizeLossless(rewritten?.path ?? input, output, context, update);
  let taken = rewritten;
  // The output's JPEG data is the input's, which the preflight or jpegDataDecodes decodes, or sharp's new JPEGs:
  // decoding it here again took as long as the preflight (seconds on a scan). Everything MuPDF wrote is checked.
  if (rewritten && !(await isCleanLeavingJpegData(output, context))) {
    await optimizeLossless(input, output, context);
    taken = undefined;
  }
  const size = (await stat(output)).size;
  const inputSize = (await stat(input)).size;
  if (size >= inputSize) {
    // Nothing gained: hand back the file as it came (or as the preflight had to decrypt or repair it, since a
    // damaged upload must not be returned).
    await copyFile(input, output);
    return { path: output, size: inputSize, imagesRecompressed: 0, source: input, swapped: new Set() };
  }
  if (!taken) return { path: output, size, imagesRecompressed: 0, source: input, swapped: new Set() };
  return {
    path: output,
    size,
    imagesRecompressed: taken.imagesRecompressed,
    source: taken.path,
    swapped: taken.swapped,
  };
}

/**
 * The rewrite's result, or undefined when MuPDF or the image step failed on this file: the lossless pass alone
 * still gives a valid, smaller file. A timeout or a cancelled job is thrown.
 */
function rewriteOrLossless(outcome: Settled<Rewritten>, context: ToolContext): Rewritten | undefined {
  if (outcome.ok) return outcome.value;
  const { error } = outcome;
  if (context.signal.aborted || (error instanceof ToolError && error.code === 'processing_timeout')) throw error;
  return undefined;
}

interface Rewritten {
  path: string;
  /**
   * qpdf JSON (--update-from-json) that swaps the new image streams into `path`, when any pays, and makes the edits
   * MuPDF found (duplicates merged, private data dropped).
   */
  update?: string;
  /** Images whose streams were swapped for resampled or re-encoded ones (soft masks not counted). */
  imagesRecompressed: number;
  /** The object numbers (in `path`) of the streams swapped, soft masks included. */
  swapped: ReadonlySet<number>;
}

/**
 * The MuPDF pass and, at the lossy levels, the image swap. Each image the worker resamples is encoded here as soon
 * as it is written, while the worker decodes the next (a photo book's 42 pages took the sum of both before).
 */
async function rewrite(path: string, settings: LevelSettings | undefined, context: ToolContext): Promise<Rewritten> {
  const deduplicated = tempPath(context, 'deduplicated');
  const payload: CompressPreparePayload = {
    input: path,
    output: deduplicated,
    ...(settings
      ? { images: { ...settings.images, folder: context.workDir }, discardPrivateData: true, subsetFonts: true }
      : {}),
  };
  const encoder = settings ? imageEncoder(settings, context) : undefined;
  let prepared: CompressPrepareResult;
  try {
    prepared = await pool.run('compress-prepare', payload, {
      signal: context.signal,
      timeoutMs: context.limits.jobTimeoutMs,
      ...(encoder ? { onPart: (image) => encoder.add(image as SampledImage) } : {}),
    });
  } finally {
    // Nothing started here outlives the call, whether the worker's step succeeded or not.
    await encoder?.settled();
  }
  const replacements = (await encoder?.done()) ?? [];
  if (replacements.length === 0 && !prepared.edits) {
    return { path: prepared.path, imagesRecompressed: 0, swapped: new Set() };
  }
  const { update, swapped } = await objectUpdate(prepared.path, replacements, prepared.edits, context);
  const imagesRecompressed = replacements.filter((image) => !image.softMask && swapped.has(image.object)).length;
  return { path: prepared.path, update, imagesRecompressed, swapped };
}

interface Replacement {
  object: number;
  /** A soft mask is swapped with its image but not counted as an image of its own. */
  softMask: boolean;
  /** Pixel size MuPDF saw, checked against what qpdf reads under the same object number. */
  sourceWidth: number;
  sourceHeight: number;
  /** File holding the new stream data, already encoded with `filter`. */
  data: string;
  filter: ReplacementFilter;
  /** For CCITT G4 data: /K, /Columns, /Rows, /BlackIs1. */
  decodeParms?: Record<string, number | boolean>;
  width: number;
  height: number;
  bitsPerComponent: 1 | 8;
  colorSpace?: string;
  /** The new data decodes to the old samples: the image's /Decode stays. */
  keepDecode?: boolean;
}

type ReplacementFilter = EncodedImage['filter'] | '/CCITTFaxDecode';

/** Images encoded at once: sharp's encoders run on its own threads, one image each. */
const MAX_ENCODES_AT_ONCE = 2;

interface ImageEncoder {
  /** Starts encoding an image (in turn); a soft mask shared by several images goes with the first. */
  add(image: SampledImage): void;
  /** Resolves when every encoding started has ended, however it ended. */
  settled(): Promise<void>;
  /** The replacements that pay, in the order the images came; rejects with the first encoding's error. */
  done(): Promise<Replacement[]>;
}

/** Encodes sampled images as they come, keeping only those whose new bytes (with their mask) save enough. */
function imageEncoder(settings: LevelSettings, context: ToolContext): ImageEncoder {
  const inTurn = concurrencyLimit(Math.max(1, Math.min(MAX_ENCODES_AT_ONCE, context.cores ?? availableParallelism())));
  const masksTaken = new Set<number>();
  const encodings: Promise<Replacement[]>[] = [];
  return {
    add(image) {
      const smask = image.smask && !masksTaken.has(image.smask.object) ? image.smask : undefined;
      if (smask) masksTaken.add(smask.object);
      const encoding = inTurn(() => encodeImage(image, smask, settings, context));
      encoding.catch(() => undefined); // handled by done(); settled() only waits
      encodings.push(encoding);
    },
    async settled() {
      await Promise.allSettled(encodings);
    },
    async done() {
      return (await Promise.all(encodings)).flat();
    },
  };
}

/** The image's replacement and its soft mask's, or none when the new bytes do not save enough. */
async function encodeImage(
  image: SampledImage,
  smask: SampledImage['smask'],
  settings: LevelSettings,
  context: ToolContext,
): Promise<Replacement[]> {
  try {
    if (context.signal.aborted) throw abortError(context.signal);
    const { encoded, targetMet, decodeParms } = await encodeSampled(image, settings.jpeg);
    const maskData = smask ? await encodeFlate(await readFile(smask.pixels)) : undefined;

    const before = image.originalBytes + (smask?.originalBytes ?? 0);
    const after = encoded.data.length + (maskData?.length ?? 0);
    // 1-bit samples re-encoded as they are lose nothing: any saving will do.
    const recode = image.lossyAtOwnSize
      ? settings.lossyRecode
      : { minSaving: image.bilevel?.asStored ? 0 : MIN_SAVING, targetMet: false };
    const pays = after < before && after <= before * (1 - recode.minSaving) && (targetMet || !recode.targetMet);
    // A converted CMYK image goes in whatever it saves: the output intent its colours relied on may be gone.
    if (!image.convertedFromCmyk && !pays) return [];

    const data = tempPath(context, `image-${image.object}`, '.bin');
    await writeFile(data, encoded.data);
    const replacements: Replacement[] = [
      {
        object: image.object,
        softMask: false,
        sourceWidth: image.sourceWidth,
        sourceHeight: image.sourceHeight,
        data,
        filter: encoded.filter,
        ...(decodeParms ? { decodeParms } : {}),
        width: image.width,
        height: image.height,
        bitsPerComponent: image.bilevel ? 1 : 8,
        ...(image.colorSpace ? { colorSpace: image.colorSpace } : {}),
        ...(image.bilevel?.asStored ? { keepDecode: true } : {}),
      },
    ];
    if (smask && maskData) {
      const maskFile = tempPath(context, `mask-${smask.object}`, '.bin');
      await writeFile(maskFile, maskData);
      replacements.push({
        object: smask.object,
        softMask: true,
        sourceWidth: smask.sourceWidth,
        sourceHeight: smask.sourceHeight,
        data: maskFile,
        filter: '/FlateDecode',
        width: smask.width,
        height: smask.height,
        bitsPerComponent: 8,
        colorSpace: '/DeviceGray',
      });
    }
    return replacements;
  } finally {
    for (const file of sampledImageFiles(image)) await rm(file, { force: true });
  }
}

/**
 * Flat graphics stay lossless (Flate) unless that costs more than this many times their JPEG: charts and
 * screenshots deflate to about a JPEG's size or less, while a lossless scan of a page (white paper, noisy
 * strokes) deflates to several times it.
 */
const FLAT_FLATE_LIMIT = 2;

/**
 * G4 under this share of 1-bit rows' fastest Flate wins outright: Flate's best level saves about a fifth more
 * (measured on the corpus's scans), never enough to catch up.
 */
const BILEVEL_QUICK_FLATE_SHARE = 0.6;

/**
 * 1-bit images become CCITT G4 (encoded in the worker) or 1-bit Flate, whichever is smaller; other pixels JPEG, or
 * Flate when they are flat graphics. `targetMet` tells whether the result is as close to the pixels as the level
 * wants (always, for lossless encodings).
 */
async function encodeSampled(
  image: SampledImage,
  target: JpegTarget,
): Promise<{
  encoded: { data: Buffer; filter: ReplacementFilter };
  targetMet: boolean;
  decodeParms?: Record<string, number | boolean>;
}> {
  if (image.bilevel) {
    const g4 = await readFile(image.bilevel.g4);
    const rows = await readFile(image.bilevel.rows);
    // Flate's best level takes seconds on a page of 1-bit rows (8x its fastest, for about a fifth fewer bytes):
    // it is tried only when its fastest level is not already far behind G4, as on text (G4 about half of it).
    const quick = await encodeFlate(rows, constants.Z_BEST_SPEED);
    const flate = g4.length < quick.length * BILEVEL_QUICK_FLATE_SHARE ? quick : await encodeFlate(rows);
    if (flate.length < g4.length) return { encoded: { data: flate, filter: '/FlateDecode' }, targetMet: true };
    const parms = ccittG4DecodeParms({ width: image.width, height: image.height, blackIs1: image.bilevel.blackIs1 });
    return {
      encoded: { data: g4, filter: '/CCITTFaxDecode' },
      targetMet: true,
      decodeParms: Object.fromEntries(Object.entries(parms).map(([key, value]) => [`/${key}`, value])),
    };
  }
  const pixels = await readFile(image.pixels ?? '');
  const raw = { width: image.width, height: image.height, channels: image.channels, pixels };
  // A JPEG scan at its own size is judged as a resampled one is: against its pixels without their grain.
  const jpeg = await encodeJpegToTarget(raw, target, { smoothTextReference: image.lossyAtOwnSize === true });
  const asJpeg = { encoded: { data: jpeg.data, filter: '/DCTDecode' as const }, targetMet: jpeg.met };
  if (!image.flat) return asJpeg;
  const flate = await encodeFlate(pixels);
  return flate.length <= jpeg.data.length * FLAT_FLATE_LIMIT
    ? { encoded: { data: flate, filter: '/FlateDecode' }, targetMet: true }
    : asJpeg;
}

type QpdfJsonValue = string | number | boolean | null | QpdfJsonValue[] | { [key: string]: QpdfJsonValue };
type QpdfJsonObject = { stream?: { dict: Record<string, QpdfJsonValue>; datafile?: string }; value?: QpdfJsonValue };

/**
 * The qpdf JSON that swaps the new image data in and makes MuPDF's edits (`--update-from-json`): each stream keeps
 * its object and every other key of its dictionary, so all references to it, and the rest of the file, stay exactly
 * as they were; objects referring to a duplicate stream refer to the stream kept instead (qpdf then writes no copy,
 * as it writes only what is referenced), and private data keys go. Also answers which streams it swaps.
 */
async function objectUpdate(
  path: string,
  replacements: Replacement[],
  edits: ObjectEdits | undefined,
  context: ToolContext,
): Promise<{ update: string; swapped: Set<number> }> {
  const duplicates = new Map(edits?.duplicates ?? []);
  const referring = new Set(edits?.referring ?? []);
  const dropKeys = new Set(edits?.dropKeys.objects ?? []);
  const wanted = new Set([...replacements.map((replacement) => replacement.object), ...referring, ...dropKeys]);
  // The streams kept, for their generation numbers.
  for (const kept of duplicates.values()) wanted.add(kept);
  const current = tempPath(context, 'object-dictionaries', '.json');
  await runQpdfJob(
    {
      inputFile: path,
      outputFile: current,
      jsonOutput: '2',
      jsonStreamData: 'none',
      jsonObject: [...[...wanted].map(String), ...(edits?.trailer ? ['trailer'] : [])],
    },
    context,
  );
  const json = JSON.parse(await readFile(current, 'utf8')) as { qpdf: [unknown, Record<string, QpdfJsonObject>] };
  const [header, objects] = json.qpdf;
  const generations = new Map<number, string>();
  for (const key of Object.keys(objects)) {
    const match = /^obj:(\d+) (\d+) R$/.exec(key);
    if (match) generations.set(Number(match[1]), match[2]!);
  }
  // A stream kept that qpdf does not read where MuPDF did: leave every reference as it is (the copies stay).
  const merge = [...duplicates.values()].every((kept) => generations.has(kept));
  const repoint = (value: QpdfJsonValue): QpdfJsonValue => {
    if (typeof value === 'string') {
      const kept = duplicates.get(Number(/^(\d+) \d+ R$/.exec(value)?.[1]));
      return kept === undefined ? value : `${kept} ${generations.get(kept)} R`;
    }
    if (Array.isArray(value)) return value.map(repoint);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, repoint(item)]));
    }
    return value;
  };

  const updates: Record<string, QpdfJsonObject> = {};
  const swapped = new Set<number>();
  for (const [key, value] of Object.entries(objects)) {
    const object = key === 'trailer' ? undefined : Number(/^obj:(\d+) \d+ R$/.exec(key)?.[1]);
    let edited = false;
    let entry: QpdfJsonObject = value;
    if (merge && (object === undefined || referring.has(object))) {
      entry = value.stream
        ? { stream: { dict: repoint(value.stream.dict) as Record<string, QpdfJsonValue> } }
        : { value: repoint(value.value ?? null) };
      edited = true;
    }
    const dictionary = entry.stream?.dict ?? entry.value;
    if (
      object !== undefined &&
      dropKeys.has(object) &&
      dictionary &&
      typeof dictionary === 'object' &&
      !Array.isArray(dictionary)
    ) {
      const kept = Object.fromEntries(
        Object.entries(dictionary).filter(([name]) => !edits?.dropKeys.keys.includes(name.slice(1))),
      );
      entry = entry.stream ? { stream: { ...entry.stream, dict: kept } } : { value: kept };
      edited = true;
    }
    const replacement = replacements.find((candidate) => candidate.object === object);
    const swappedStream = replacement && entry.stream && swapImage(entry.stream.dict, replacement);
    if (swappedStream) {
      entry = { stream: swappedStream };
      edited = true;
      swapped.add(replacement.object);
    }
    if (edited) updates[key] = entry;
  }
  const update = tempPath(context, 'object-update', '.json');
  await writeFile(update, JSON.stringify({ qpdf: [header, updates] }));
  return { update, swapped };
}

/**
 * The new dictionary and data file of an image stream swapped for `replacement`, or undefined when the stream is
 * not the image MuPDF saw under that number (the two readers disagree: leave it).
 */
function swapImage(
  dict: Record<string, QpdfJsonValue>,
  replacement: Replacement,
): { dict: Record<string, QpdfJsonValue>; datafile: string } | undefined {
  if (dict['/Subtype'] !== '/Image') return undefined;
  if (dict['/Width'] !== replacement.sourceWidth || dict['/Height'] !== replacement.sourceHeight) return undefined;
  const next = { ...dict };
  for (const stale of ['/Length', '/Filter', '/DecodeParms', '/Decode']) {
    if (stale !== '/Decode' || !replacement.keepDecode) delete next[stale];
  }
  next['/Filter'] = replacement.filter;
  if (replacement.decodeParms) next['/DecodeParms'] = replacement.decodeParms;
  next['/Width'] = replacement.width;
  next['/Height'] = replacement.height;
  next['/BitsPerComponent'] = replacement.bitsPerComponent;
  if (replacement.colorSpace) next['/ColorSpace'] = replacement.colorSpace;
  // A colour key beside a soft mask is ignored by readers (PDF 11.6.5.3) and cannot match lossy pixels.
  if (Array.isArray(next['/Mask']) && next['/SMask'] !== undefined) delete next['/Mask'];
  return { dict: next, datafile: replacement.data };
}
